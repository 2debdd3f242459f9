import Foundation
import GRDB
import LotsCore
import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct ChangeLogTests {
  static func database(policy: DatabasePolicy = DatabasePolicy()) throws -> (SQLiteStorage, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let database = try SQLiteStorage.open(
      path: directory.appendingPathComponent("lots.sqlite").path, policy: policy)
    return (database, directory)
  }

  static func newPost(author: Int64) -> NewPost {
    NewPost(
      authorID: author, caption: "", restaurant: .named(name: "R", area: ""),
      mealDate: "2026-01-01",
      photos: [
        StoredPhoto(
          width: 1, height: 1, color: "#000000", originalKey: "a", displayKey: "b",
          thumbnailKey: "c", description: "")
      ])
  }

  @Test func eachChangeAppendsExactlyItsEntries() async throws {
    let (database, directory) = try Self.database(policy: DatabasePolicy(reports: .counting(2)))
    defer { try? FileManager.default.removeItem(at: directory) }
    let now = Date()
    let ana = try await database.createUser(username: "ana", passwordHash: "x", now: now)
    let bo = try await database.createUser(username: "bob", passwordHash: "x", now: now)
    let cy = try await database.createUser(username: "cyd", passwordHash: "x", now: now)
    #expect(try await database.currentSequence() == 0)
    let post = try await database.insertPost(Self.newPost(author: ana.id), now: now)
    _ = try await database.setLike(true, postID: post.id, userID: bo.id, now: now)
    _ = try await database.setLike(true, postID: post.id, userID: bo.id, now: now)
    _ = try await database.setLike(false, postID: post.id, userID: bo.id, now: now)
    _ = try await database.setLike(false, postID: post.id, userID: bo.id, now: now)
    try await database.report(postID: post.id, userID: bo.id, reason: "r", now: now)
    try await database.setBlock(true, username: "ana", blockerID: cy.id, now: now)
    try await database.setBlock(false, username: "ana", blockerID: cy.id, now: now)
    try await database.report(postID: post.id, userID: cy.id, reason: "r", now: now)
    // A repeated block or unblock changes nothing and appends nothing either.
    try await database.setBlock(false, username: "ana", blockerID: cy.id, now: now)
    let beforeDelete = try await database.changes(after: 0, limit: 1_000)
    #expect(beforeDelete.map(\.hidden) == [false, true, true, false, false, false])
    try await database.deletePost(id: post.id, userID: ana.id, now: now)
    let entries = try await database.changes(after: 0, limit: 1_000)
    #expect(entries.map(\.kind) == [.insert, .update, .update, .block, .unblock, .hide, .delete])
    #expect(entries.map(\.seq) == [1, 2, 3, 4, 5, 6, 7])
    let postEntries = entries.filter { $0.kind != .block && $0.kind != .unblock }
    #expect(postEntries.allSatisfy { $0.authorID == ana.id && $0.postID == post.id })
    // Likes name their liker and direction; blocks their blocker and the author blocked.
    #expect(entries[1].actorID == bo.id && entries[1].liked == true)
    #expect(entries[2].actorID == bo.id && entries[2].liked == false)
    #expect(entries[3].actorID == cy.id && entries[3].authorID == ana.id)
    #expect(entries[4].actorID == cy.id && entries[4].authorID == ana.id)
  }

  @Test func failedWritesLeaveNoEntry() async throws {
    let (database, directory) = try Self.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ana = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    await #expect(throws: AppError.self) {
      try await database.deletePost(id: 42, userID: ana.id, now: Date())
    }
    await #expect(throws: AppError.self) {
      _ = try await database.setLike(true, postID: 42, userID: ana.id, now: Date())
    }
    // A foreign-key failure rolls back the post and its log entry together.
    await #expect(throws: DatabaseError.self) {
      _ = try await database.insertPost(Self.newPost(author: 999), now: Date())
    }
    #expect(try await database.currentSequence() == 0)
  }

  @Test func trimmingKeepsTheNewestAndTheHubResetsOlderCursors() async throws {
    let (database, directory) = try Self.database(policy: DatabasePolicy(retainedEvents: 3))
    defer { try? FileManager.default.removeItem(at: directory) }
    let ana = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    for _ in 0..<10 {
      _ = try await database.insertPost(Self.newPost(author: ana.id), now: Date())
    }
    #expect(try await database.trimChangeLog(now: Date()) == 7)
    #expect(try await database.oldestRetainedSequence() == 8)
    // Given a hub started on the trimmed log (as after a restart),
    let hub = ChangeHub(store: database, retainedEvents: 3)
    try await hub.start()
    // then cursors inside the log replay exactly, older ones reset.
    #expect(hub.replay(after: 7) == .entries(try await database.changes(after: 7, limit: 1_000)))
    #expect(hub.replay(after: 8).entriesSeqs == [9, 10])
    #expect(hub.replay(after: 6) == .reset(latest: 10))
    #expect(hub.replay(after: 10) == .entries([]))
  }
}

extension ChangeHub.Replay {
  var entriesSeqs: [Int64]? {
    if case .entries(let entries) = self { return entries.map(\.seq) }
    return nil
  }
}

extension ChangeLogTests {
  @Test func agedEntriesLeaveTheHubToo() async throws {
    let (database, directory) = try Self.database(policy: DatabasePolicy(retainedAge: 60))
    defer { try? FileManager.default.removeItem(at: directory) }
    let ana = try await database.createUser(username: "ana", passwordHash: "x", now: Date())
    let old = Date().addingTimeInterval(-3_600)
    for _ in 0..<3 { _ = try await database.insertPost(Self.newPost(author: ana.id), now: old) }
    let hub = ChangeHub(store: database, retainedEvents: 100)
    try await hub.start()
    #expect(hub.replay(after: 0).entriesSeqs == [1, 2, 3])
    _ = try await database.insertPost(Self.newPost(author: ana.id), now: Date())
    try await hub.load()
    // When the trimmer drops the hour-old entries, the hub resets cursors older than them.
    try await ChangeLogTrimmer(store: database, hub: hub).trim(now: Date())
    #expect(try await database.oldestRetainedSequence() == 4)
    #expect(hub.replay(after: 0) == .reset(latest: 4))
    #expect(hub.replay(after: 3).entriesSeqs == [4])
  }
}
