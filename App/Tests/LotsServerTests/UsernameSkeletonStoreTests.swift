import Foundation
import GRDB
import Logging
import LotsCore
import PostgresNIO
import Testing

@testable import LotsServer

/// A name that only looks like an existing one (`Iucia` beside `lucia`, `ana.` beside `ana`)
/// is refused on every backend; accounts that already share a skeleton when the rule arrives
/// all keep their names.
@Suite(.oncePerRun) struct UsernameSkeletonStoreTests {
  static let lookalikes = [
    ("lucia", ["Iucia", "1ucia", "LUCIA", "lucia."]), ("ana", ["ana.", "ana_", "a-na", "ANA"]),
    ("mia", ["rnia"]), ("will", ["vvill"]), ("dan", ["clan"]), ("otto", ["0tto", "ott0"]),
  ]

  @Test(arguments: StoreBackend.allCases)
  func aNameThatOnlyLooksLikeAnotherIsRefused(_ backend: StoreBackend) async throws {
    try await backend.withStore { store in
      for (name, others) in Self.lookalikes {
        _ = try await store.createUser(username: name, passwordHash: "h", now: Date())
        for other in others {
          await #expect {
            _ = try await store.createUser(username: other, passwordHash: "h", now: Date())
          } throws: { error in
            (error as? AppError)?.status == .conflict && (error as? AppError)?.field == "username"
          }
        }
      }
      // Names that read differently are still free.
      for name in ["anna", "lucas", "nia", "dana"] {
        _ = try await store.createUser(username: name, passwordHash: "h", now: Date())
      }
    }
  }

  /// SQLite: accounts made before the rule that share a skeleton all keep their names and
  /// sign in; the oldest holds the skeleton, and a new lookalike of any of them is refused.
  @Test func sqliteMigratesExistingLookalikes() async throws {
    try await OldSchema.withSQLite(upTo: "v7: post idempotency keys") { db in
      for name in ["ana", "ana.", "Lucia", "Iucia", "bruno"] {
        try db.execute(
          sql: "INSERT INTO account (username, passwordHash, createdAt) VALUES (?, 'h', 0)",
          arguments: [name])
      }
    } _: { path in
      try await Self.expectMigrated(try SQLiteStorage.open(path: path))
    }
  }

  /// PostgreSQL: the same, through its migration's SQL; and that SQL agrees with the Swift
  /// skeleton on every kind of name.
  @Test func postgresMigratesExistingLookalikesAndAgreesWithSwift() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      let storage = try await PostgresStorage.open(
        url: url, connections: 2, logger: Logger(label: "lots-test-postgres"))
      defer { storage.close() }
      let names = Self.lookalikes.flatMap { [$0.0] + $0.1 } + ["A.b_C-d", "Wim0", "IIl1"]
      for name in names {
        let rows = try await storage.query(
          PostgresQuery(unsafeSQL: "SELECT \(UsernameSkeleton.sql("'\(name)'"))"))
        for try await skeleton in rows.decode(String.self) {
          #expect(skeleton == UsernameSkeleton.of(name), "\(name)")
        }
      }
      // Back to before the rule, with lookalikes made then; then migrate again.
      for statement in [
        "DROP INDEX account_skeleton", "ALTER TABLE account DROP COLUMN skeleton",
        "DELETE FROM lotsMigration WHERE name = 'v2: username skeletons'",
      ] {
        _ = try await storage.query(PostgresQuery(unsafeSQL: statement))
      }
      for name in ["ana", "ana.", "Lucia", "Iucia", "bruno"] {
        _ = try await storage.query(
          "INSERT INTO account (username, passwordHash, createdAt) VALUES (\(name), 'h', 0)")
      }
      try await storage.migrate()
      try await Self.expectMigrated(storage)
    }
  }

  static func expectMigrated(_ store: any AccountStore) async throws {
    for name in ["ana", "ana.", "Lucia", "Iucia", "bruno"] {
      #expect(try await store.account(named: name)?.user.username == name)
    }
    for name in ["ana_", "lucia.", "Brun0"] {
      await #expect {
        _ = try await store.createUser(username: name, passwordHash: "h", now: Date())
      } throws: { error in (error as? AppError)?.status == .conflict }
    }
    _ = try await store.createUser(username: "carla", passwordHash: "h", now: Date())
  }

  /// Seeded: a name rewritten with any of the confusable substitutions, separators added and
  /// letters' case changed (but `i` and `l`, whose upper cases read differently) keeps its
  /// skeleton.
  @Test func rewritingsThatLookTheSameKeepTheSkeleton() {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    var random = SeededRandom(seed: seed)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    let swaps: [(String, String)] = [
      ("l", "I"), ("l", "1"), ("o", "0"), ("o", "O"), ("m", "rn"), ("w", "vv"), ("d", "cl"),
    ]
    for _ in 0..<2_000 {
      let length = Int(random.next() % 12) + 3
      let name = String((0..<length).map { _ in alphabet[Int(random.next() % 36)] })
      var rewritten = ""
      for character in name {
        var piece = String(character)
        if let swap = swaps.first(where: { $0.0 == piece }), random.next() % 2 == 0 {
          piece = swap.1
        } else if character.isLetter, character != "i", character != "l",
          random.next() % 3 == 0
        {
          piece = piece.uppercased()
        }
        if random.next() % 5 == 0 { piece += ["_", ".", "-"][Int(random.next() % 3)] }
        rewritten += piece
      }
      #expect(
        UsernameSkeleton.of(name) == UsernameSkeleton.of(rewritten),
        "seed \(seed): \(name) → \(rewritten)")
    }
  }
}
