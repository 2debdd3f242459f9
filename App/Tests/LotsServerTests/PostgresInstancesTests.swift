import Foundation
import Logging
import LotsCore
import PostgresNIO
import Synchronization
import Testing

@testable import LotsServer

/// Two instances (two `PostgresStorage`s) on one PostgreSQL database act as one server: a
/// change committed through one rings the other's hub, a session ended through one is
/// announced to the other, and concurrent likes through both count exactly, with the change
/// log in commit order.
@Suite(.oncePerRun) struct PostgresInstancesTests {
  /// Runs `body` with two storages on one new database.
  static func withTwoInstances(
    _ body: @Sendable (PostgresStorage, PostgresStorage) async throws -> Void
  ) async throws {
    try await StoreBackend.withPostgresDatabase { url in
      let logger = Logger(label: "lots-test-postgres")
      let a = try await PostgresStorage.open(url: url, connections: 8, logger: logger)
      defer { a.close() }
      let b = try await PostgresStorage.open(url: url, connections: 8, logger: logger)
      defer { b.close() }
      try await body(a, b)
    }
  }

  @Test func aCommitThroughOneInstanceRingsTheOther() async throws {
    try await Self.withTwoInstances { a, b in
      let rings = Atomic<Int>(0)
      b.commits.listen { rings.add(1, ordering: .relaxed) }
      let ana = try await a.createUser(username: "ana", passwordHash: "h", now: Date())
      let before = rings.load(ordering: .relaxed)
      let post = try await a.insertPost(ChangeLogTests.newPost(author: ana.id), now: Date())
      #expect(try await eventually { rings.load(ordering: .relaxed) > before })
      let entries = try await b.changes(after: 0, limit: 10)
      #expect(entries.map(\.kind) == [.insert])
      #expect(entries.first?.post?.id == post.id)
    }
  }

  @Test func aSessionEndedThroughOneInstanceIsAnnouncedToTheOther() async throws {
    try await Self.withTwoInstances { a, b in
      let heard = Mutex<[String]>([])
      b.sessionEnds.listen { message in heard.withLock { $0.append(message) } }
      let ana = try await a.createUser(username: "ana", passwordHash: "h", now: Date())
      try await a.createSession(tokenHash: "t1", userID: ana.id, expiresAt: Date() + 3600)
      try await a.deleteSession(tokenHash: "t1")
      #expect(try await eventually { heard.withLock { $0.contains("t1") } })
      try await a.deleteSessions(userID: ana.id)
      #expect(try await eventually { heard.withLock { $0.contains("user:\(ana.id)") } })
      // What a cache does with them.
      let cache = SessionCache()
      cache.store(ana, expiresAt: Date() + 3600, tokenHash: "t2")
      cache.forget(SessionEnd(message: "user:\(ana.id)"))
      #expect(cache.session(tokenHash: "t2", now: Date()) == nil)
    }
  }

  /// An account deleted through one instance: the other hears its sessions end and the
  /// change log's news of it (its post deleted) at once.
  @Test func anAccountDeletedThroughOneInstanceIsHeardByTheOther() async throws {
    try await Self.withTwoInstances { a, b in
      let heard = Mutex<[String]>([])
      b.sessionEnds.listen { message in heard.withLock { $0.append(message) } }
      let rings = Atomic<Int>(0)
      b.commits.listen { rings.add(1, ordering: .relaxed) }
      let ana = try await a.createUser(username: "ana", passwordHash: "h", now: Date())
      let post = try await a.insertPost(ChangeLogTests.newPost(author: ana.id), now: Date())
      let before = rings.load(ordering: .relaxed)
      _ = try await a.deleteAccount(userID: ana.id, now: Date())
      #expect(try await eventually { heard.withLock { $0.contains("user:\(ana.id)") } })
      #expect(try await eventually { rings.load(ordering: .relaxed) > before })
      let entries = try await b.changes(after: 0, limit: 10)
      #expect(entries.map(\.kind) == [.insert, .delete])
      #expect(entries.last?.postID == post.id)
      #expect(try await b.account(named: "ana") == nil)
    }
  }

  /// A session ended through one instance ends its streams on the other at once; another
  /// session's stream there goes on.
  @Test(.timeLimit(.minutes(5)))  // a hang guard: a busy machine is slow, not stuck
  func aSessionEndedThroughOneInstanceEndsItsStreamsOnTheOther() async throws {
    try await Self.withTwoInstances { a, b in
      let images = FileManager.default.temporaryDirectory
        .appendingPathComponent("lots-images-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: images) }
      let services = AppServices(
        configuration: TestApp.configuration(), storage: b,
        images: try FileImageStore(directory: images))
      let ana = try await a.createUser(username: "ana", passwordHash: "h", now: Date())
      try await a.createSession(tokenHash: "t1", userID: ana.id, expiresAt: Date() + 3600)
      try await a.createSession(tokenHash: "t2", userID: ana.id, expiresAt: Date() + 3600)
      let first = try #require(services.hub.subscribe(userID: ana.id, session: "t1"))
      let second = try #require(services.hub.subscribe(userID: ana.id, session: "t2"))
      try await a.deleteSession(tokenHash: "t1")
      #expect(await BrowserSessionTests.ended(first))
      #expect(services.hub.subscriberCount == 1)
      try await a.deleteSessions(userID: ana.id)
      #expect(await BrowserSessionTests.ended(second))
    }
  }

  @Test func likesThroughBothInstancesCountExactlyAndLogInCommitOrder() async throws {
    try await Self.withTwoInstances { a, b in
      let author = try await a.createUser(username: "author", passwordHash: "h", now: Date())
      let post = try await a.insertPost(ChangeLogTests.newPost(author: author.id), now: Date())
      var users: [User] = []
      for index in 0..<40 {
        users.append(
          try await a.createUser(username: "fan\(index)", passwordHash: "h", now: Date()))
      }
      let fans = users
      // A reader that moves its cursor past the highest sequence it has seen, as a hub does,
      // all the while: it must see every entry (an entry that became visible below its cursor
      // would be skipped for ever).
      let seen = Mutex<[Int64]>([])
      let writing = Atomic<Bool>(true)
      async let reader: Void = {
        var cursor: Int64 = 0
        while writing.load(ordering: .relaxed) {
          let batch = try await b.changes(after: cursor, limit: 1_000)
          seen.withLock { $0 += batch.map(\.seq) }
          cursor = batch.last?.seq ?? cursor
        }
        let rest = try await b.changes(after: cursor, limit: 1_000)
        seen.withLock { $0 += rest.map(\.seq) }
      }()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (index, user) in fans.enumerated() {
          let store = index.isMultiple(of: 2) ? a : b
          group.addTask {
            for round in 0..<5 {
              _ = try await store.setLike(
                round.isMultiple(of: 2), postID: post.id, userID: user.id, now: Date())
            }
          }
        }
        try await group.waitForAll()
      }
      writing.store(false, ordering: .relaxed)
      try await reader
      // Five rounds: like, unlike, like, unlike, like — each changes the row.
      #expect(try await b.post(id: post.id, viewerID: nil)?.likeCount == 40)
      let all = try await a.changes(after: 0, limit: 1_000).map(\.seq)
      #expect(all.count == 1 + 40 * 5)
      #expect(seen.withLock { $0 } == all, "the reader saw every entry, in order, once")
    }
  }

  /// The race the change log's lock exists for: a slow transaction appends first and commits
  /// last. Without the lock the fast one's entry is visible first with the higher sequence, a
  /// reader moves its cursor past it, and the slow one's entry, committed later below the
  /// cursor, is never read. With it, the fast one waits until the slow one has committed.
  @Test func aSlowTransactionsEntryIsNeverSkippedByAReader() async throws {
    try await Self.withTwoInstances { a, b in
      let ana = try await a.createUser(username: "ana", passwordHash: "h", now: Date())
      let logger = a.logger
      // The slow one holds its transaction open until told: no sleep to outlast.
      let release = Flag()
      func append(_ store: PostgresStorage, postID: Int64, holdUntilReleased: Bool) async throws {
        try await store.transaction { connection in
          try await PostgresStorage.appendChange(
            connection, logger: logger, kind: .delete, postID: postID, authorID: ana.id,
            now: Date())
          while holdUntilReleased, !release.value { try await Task.sleep(for: .milliseconds(5)) }
        }
      }
      func count(_ query: PostgresQuery) async throws -> Int64 {
        try await a.value(Int64.self, query) ?? 0
      }
      let slow = Task { try await append(a, postID: 1, holdUntilReleased: true) }
      // The slow one has appended (its last statement rang the doorbell) and holds on.
      while try await count(
        """
        SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()
          AND state = 'idle in transaction' AND query LIKE 'NOTIFY%'
        """) == 0
      {
        try await Task.sleep(for: .milliseconds(5))
      }
      let fastDone = Flag()
      let fast = Task {
        defer { fastDone.set(true) }
        try await append(b, postID: 2, holdUntilReleased: false)
      }
      // The fast one waits for the change log's lock (or, without the lock, has committed).
      while !fastDone.value,
        try await count(
          "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted") == 0
      {
        try await Task.sleep(for: .milliseconds(5))
      }
      let committed = Flag()
      var cursor: Int64 = 0
      var seen: [Int64] = []
      // Read while they commit, and once more after both have: no deadline a busy machine
      // could miss, and a skipped entry is never read, however long the reader goes on.
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          release.set(true)
          try await slow.value
          try await fast.value
          committed.set(true)
        }
        var last = false
        while !last {
          last = committed.value
          let batch = try await b.changes(after: cursor, limit: 10)
          seen += batch.map(\.postID)
          cursor = batch.last?.seq ?? cursor
          try await Task.sleep(for: .milliseconds(10))
        }
        try await group.waitForAll()
      }
      #expect(seen == [1, 2], "the reader read both entries, the slow one's first")
    }
  }

  /// A start-up that fails after the database opened (here the photos' folder cannot be made:
  /// a file is in its place) closes what it opened: no connection is left behind, asking for
  /// the database for as long as the process lives.
  @Test func aStartUpThatFailsAfterTheDatabaseOpenedLeavesNoConnection() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      var configuration = TestApp.configuration()
      configuration.databaseURL = url.text
      let data = configuration.dataDirectory
      defer { try? FileManager.default.removeItem(at: data) }
      try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
      #expect(
        FileManager.default.createFile(
          atPath: data.appendingPathComponent("images").path, contents: Data()))
      await #expect(throws: (any Error).self) { _ = try await buildApplication(configuration) }
      let open = try await StoreBackend.connections(to: url) { $0 == 0 }
      #expect(open == 0, "connections the failed start-up left open")
    }
  }

  /// A command of the `lots` tool closes the services it opened when it is done.
  @Test func aCommandOfTheToolLeavesNoConnection() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      var configuration = TestApp.configuration()
      configuration.databaseURL = url.text
      defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
      let logger = Logger(label: "test")
      #expect(try await PrintAdmin.stores(configuration, logger: logger) == [])
      await #expect(throws: AppError.self) {
        _ = try await PrintAdmin.grantStaff(
          configuration, username: "nobody", storeID: nil, logger: logger)
      }
      let open = try await StoreBackend.connections(to: url) { $0 == 0 }
      #expect(open == 0, "connections the commands left open")
    }
  }
}
