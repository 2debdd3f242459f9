import Foundation
import GRDB
import LotsCore
import PostgresNIO
import Testing

@testable import LotsServer

/// A list holds at most 10,000 entries, on both backends: the next save is a clear 409 and
/// adds nothing; saving what is already there still answers it.
@Suite(.oncePerRun) struct ListLimitTests {
  @Test(arguments: StoreBackend.allCases)
  func aFullListRefusesTheNextSave(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let owner = try await store.createUser(username: "ana", passwordHash: "h", now: Date()).id
      let list = try await store.createList(ownerID: owner, name: "Full", now: Date())
      var new = ChangeLogTests.newPost(author: owner)
      new.restaurant = .named(name: "Kept", area: "")
      let kept = try await store.insertPost(new, now: Date())
      let first = try await store.save(
        .post(kept.id), note: "", listID: list.id, ownerID: owner, now: Date())
      // 9,999 more restaurants, each saved: the list is full.
      let count = ListLimits.entries - 1
      let entries = """
        INSERT INTO listEntry (listId, restaurantId, note, position, createdAt)
          SELECT \(list.id), restaurant.id, '', -restaurant.id, 0 FROM restaurant
          WHERE restaurant.nameKey LIKE 'r%'
        """
      if let sqlite = store as? SQLiteStorage {
        try await sqlite.writer.write { db in
          try db.execute(
            sql: """
              WITH RECURSIVE numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers
                WHERE n < \(count))
              INSERT INTO restaurant (name, area, nameKey, areaKey, createdAt)
                SELECT 'R' || n, '', 'r' || n, '', 0 FROM numbers
              """)
          try db.execute(sql: entries)
        }
      } else if let postgres = store as? PostgresStorage {
        _ = try await postgres.query(
          PostgresQuery(
            unsafeSQL: """
              INSERT INTO restaurant (name, area, nameKey, areaKey, createdAt)
                SELECT 'R' || n, '', 'r' || n, '', 0 FROM generate_series(1, \(count)) AS n
              """))
        _ = try await postgres.query(PostgresQuery(unsafeSQL: entries))
      }
      var other = ChangeLogTests.newPost(author: owner)
      other.restaurant = .named(name: "One more", area: "")
      let extra = try await store.insertPost(other, now: Date())
      await #expect {
        _ = try await store.save(
          .post(extra.id), note: "", listID: list.id, ownerID: owner, now: Date())
      } throws: { error in
        (error as? AppError)?.status == .conflict
          && (error as? AppError)?.message.contains("10000") == true
      }
      let again = try await store.save(
        .post(kept.id), note: "", listID: list.id, ownerID: owner, now: Date())
      #expect(again.entry.id == first.entry.id && !again.created)
      let page = try #require(
        try await store.listPage(
          .owner(listID: list.id, ownerID: owner), viewerID: owner, cursor: nil, limit: 1))
      #expect(page.list.entryCount == ListLimits.entries)
    }
  }
}
