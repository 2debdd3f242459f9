import Foundation
import GRDB
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// The hub hears of every change by construction: storage rings it when a transaction that
/// appended to the change log commits, whichever code path wrote it.
@Suite(.oncePerRun) struct CommitSignalTests {
  @Test func anAppendFromAnyWritePathReachesTheHub() async throws {
    let (database, directory) = try ChangeLogTests.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let hub = ChangeHub(store: database, retainedEvents: 100)
    try await hub.start()
    let ana = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    // A write the routes never make, which rings nothing itself.
    try await database.writer.write { db in
      try SQLiteStorage.appendChange(db, kind: .delete, postID: 7, authorID: ana.id, now: Date())
    }
    #expect(try await eventually { hub.lastLoaded >= 1 })
    #expect(hub.replay(after: 0).entriesSeqs == [1])
    // And the storage methods the routes call, with nobody ringing either.
    let post = try await database.insertPost(ChangeLogTests.newPost(author: ana.id), now: Date())
    _ = try await database.setLike(true, postID: post.id, userID: ana.id, now: Date())
    #expect(try await eventually { hub.lastLoaded >= 3 })
    #expect(hub.replay(after: 0).entriesSeqs == [1, 2, 3])
  }

  @Test func writesThatAppendNothingOrRollBackRingNothing() async throws {
    let (database, directory) = try ChangeLogTests.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rings = Counter()
    database.commits.listen { rings.add() }
    _ = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    struct Abort: Error {}
    await #expect(throws: Abort.self) {
      try await database.writer.write { db in
        try SQLiteStorage.appendChange(db, kind: .delete, postID: 7, authorID: 1, now: Date())
        throw Abort()
      }
    }
    #expect(rings.value == 0)
    try await database.writer.write { db in
      try SQLiteStorage.appendChange(db, kind: .delete, postID: 7, authorID: 1, now: Date())
      try SQLiteStorage.appendChange(db, kind: .delete, postID: 8, authorID: 1, now: Date())
    }
    #expect(rings.value == 1)
  }
}

/// A thread-safe count.
final class Counter: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
