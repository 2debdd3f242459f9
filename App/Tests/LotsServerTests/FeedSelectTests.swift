import Foundation
import GRDB
import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct FeedSelectTests {
  /// The main feed's entries read, first and later pages, walks the covering feed index in
  /// order: never the post rows, never a sort of its own.
  @Test func mainFeedEntriesReadOnlyTheCoveringIndex() throws {
    let (database, directory) = try ChangeLogTests.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cursors: [FeedCursor?] = [nil, .keyset(feed: "main", key: 1_000, id: 7)]
    for cursor in cursors {
      let select = FeedSelect(.main, viewerID: 3, cursor: cursor, limit: 30, .entries)
      let plan = try database.readNow { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + select.sql, arguments: select.arguments)
          .map { $0["detail"] as String }
      }
      #expect(plan.first?.contains("USING COVERING INDEX post_feed") == true, "\(plan)")
      #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
  }
}
