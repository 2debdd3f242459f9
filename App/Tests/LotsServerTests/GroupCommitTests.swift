import Foundation
import GRDB
import Synchronization
import Testing

@testable import LotsServer

/// Group commit on SQLite's writer: writes that arrive together share one transaction, each in
/// a savepoint; a caller is answered only after the commit covering its write, with its own
/// result or error; a write that throws leaves nothing; a lost transaction (a full database)
/// fails every write of its batch and acknowledges none.
@Suite(.oncePerRun) struct GroupCommitTests {
  /// A database file with table `t` (a unique `name`), and its group commit.
  static func database() throws -> (DatabasePool, GroupCommit, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-group-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let pool = try DatabasePool(path: directory.appendingPathComponent("g.sqlite").path)
    try pool.write { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, pad BLOB)")
    }
    return (pool, GroupCommit(pool), directory)
  }

  /// Holds the writer in a write until `release()`; the writes queued meanwhile form one batch.
  final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let entered = Atomic<Bool>(false)
    func hold(_ db: Database) {
      entered.store(true, ordering: .releasing)
      semaphore.wait()
    }
    var holding: Bool { entered.load(ordering: .acquiring) }
    func release() { semaphore.signal() }
  }

  /// Waits (no deadline: a busy machine is only slower) until `condition` holds.
  static func until(_ condition: () -> Bool) async throws {
    while !condition() { try await Task.sleep(for: .milliseconds(2)) }
  }

  struct Refused: Error, Equatable { let name: String }

  /// What `body` returned or threw.
  static func outcome<Value: Sendable>(_ body: () async throws -> Value) async
    -> Result<Value, any Error>
  {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  @Test func writesThatArriveTogetherShareOneCommit() async throws {
    let (pool, group, directory) = try Self.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gate = Gate()
    async let held: Void = group.write { db in gate.hold(db) }
    try await Self.until { gate.holding }
    let ids = try await withThrowingTaskGroup(of: Int64.self) { tasks in
      for index in 0..<40 {
        tasks.addTask {
          try await group.write { db in
            try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["n\(index)"])
            return db.lastInsertedRowID
          }
        }
      }
      try await Self.until { group.queued == 40 }
      gate.release()
      return try await tasks.reduce(into: []) { $0.append($1) }
    }
    try await held
    #expect(Set(ids).count == 40)
    #expect(group.transactions == 2, "the held write, then all forty in one")
    #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") } == 40)
  }

  /// Seeded batches of writes that commit, throw after writing, or break a constraint: each
  /// caller gets its own answer, and the table holds exactly the writes answered with success.
  @Test func eachWriteOfABatchGetsItsOwnAnswer() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("GroupCommitTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    let (pool, group, directory) = try Self.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    var committed: Set<String> = []
    for round in 0..<12 {
      let count = Int(random.next() % 30) + 1
      // 0: commits; 1: writes, then throws; 2: writes, then breaks the unique name.
      let kinds = (0..<count).map { _ in Int(random.next() % 3) }
      let gate = Gate()
      async let held: Void = group.write { db in gate.hold(db) }
      try await Self.until { gate.holding }
      let answers = await withTaskGroup(of: (String, Int, Result<String, any Error>).self) {
        tasks in
        for (index, kind) in kinds.enumerated() {
          let name = "r\(round)-\(index)"
          tasks.addTask {
            let answer = await Self.outcome {
              try await group.write { db -> String in
                try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: [name])
                if kind == 1 { throw Refused(name: name) }
                if kind == 2 {
                  try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: [name])
                }
                return name
              }
            }
            return (name, kind, answer)
          }
        }
        try? await Self.until { group.queued == count }
        gate.release()
        return await tasks.reduce(into: []) { $0.append($1) }
      }
      try await held
      for (name, kind, answer) in answers {
        switch (kind, answer) {
        case (0, .success(let value)):
          #expect(value == name, "seed \(seed)")
          committed.insert(name)
        case (1, .failure(let error)):
          #expect(error as? Refused == Refused(name: name), "seed \(seed)")
        case (2, .failure(let error)):
          #expect((error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT, "seed \(seed)")
        default:
          Issue.record("seed \(seed): \(name) of kind \(kind) answered \(answer)")
        }
      }
      let names = try await pool.read { try Set(String.fetchAll($0, sql: "SELECT name FROM t")) }
      #expect(names == committed, "seed \(seed), round \(round)")
    }
  }

  /// A full database in the middle of a batch: whatever SQLite rolls back (the statement or the
  /// whole transaction), a write answered with success is in the table and no other is; the
  /// write that filled the database is refused; writes go on once there is room again.
  @Test func aFullDatabaseAcknowledgesOnlyWhatItKept() async throws {
    let (pool, group, directory) = try Self.database()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pages = try await pool.write { try Int.fetchOne($0, sql: "PRAGMA page_count") ?? 0 }
    try await pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA max_page_count = \(pages + 8)")
    }
    let gate = Gate()
    async let held: Void = group.write { db in gate.hold(db) }
    try await Self.until { gate.holding }
    let answers = await withTaskGroup(of: (String, Bool, Bool).self) { tasks in
      for index in 0..<20 {
        tasks.addTask {
          let big = index == 10  // 64 pages: more than the database may grow
          let name = "f\(index)"
          let answer = await Self.outcome {
            try await group.write { db in
              try db.execute(
                sql: "INSERT INTO t (name, pad) VALUES (?, zeroblob(?))",
                arguments: [name, big ? 262_144 : 16])
            }
          }
          return (name, big, (try? answer.get()) != nil)
        }
      }
      try? await Self.until { group.queued == 20 }
      gate.release()
      return await tasks.reduce(into: []) { $0.append($1) }
    }
    try await held
    let names = try await pool.read { try Set(String.fetchAll($0, sql: "SELECT name FROM t")) }
    for (name, big, acknowledged) in answers {
      #expect(acknowledged == names.contains(name), "\(name)")
      if big { #expect(!acknowledged) }
    }
    try await pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA max_page_count = 1073741823")
    }
    try await group.write { db in
      try db.execute(sql: "INSERT INTO t (name, pad) VALUES ('after', zeroblob(262144))")
    }
    #expect(
      try await pool.read { try Bool.fetchOne($0, sql: "SELECT 1 FROM t WHERE name = 'after'") }
        == true)
  }
}
