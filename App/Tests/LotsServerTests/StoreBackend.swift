import Foundation
import GRDB
import Logging
import PostgresNIO
import Testing

@testable import LotsServer

/// The storage backends a behaviour test runs against: SQLite in a temporary file, and
/// PostgreSQL in a database of its own on the server `LOTS_TEST_DATABASE_URL` names
/// (`scripts/with-postgres` starts one; `scripts/test` runs the suites under it).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite, postgres

  var testDescription: String { rawValue }

  /// Runs `body` on a new, empty store of this backend, removed after.
  func withStore<Result: Sendable>(
    _ body: @Sendable (any AccountStore) async throws -> Result
  ) async throws -> Result {
    switch self {
    case .sqlite:
      let (database, directory) = try ChangeLogTests.database()
      defer { try? FileManager.default.removeItem(at: directory) }
      return try await body(database)
    case .postgres:
      return try await Self.withPostgres(body)
    }
  }

  private static func withPostgres<Result: Sendable>(
    _ body: @Sendable (PostgresStorage) async throws -> Result
  ) async throws -> Result {
    try await withPostgresDatabase(migrated: true) { url in
      let storage = try await PostgresStorage.open(
        url: url, policy: .suites, connections: 4, logger: Logger(label: "lots-test-postgres"))
      defer { storage.close() }
      return try await body(storage)
    }
  }

  /// The backend the server's behaviour suites run on (`LOTS_TEST_BACKEND`, SQLite unless it
  /// says `postgres`): `scripts/test` runs them once on each.
  static let server =
    ProcessInfo.processInfo.environment["LOTS_TEST_BACKEND"] == "postgres"
    ? StoreBackend.postgres : .sqlite

  /// Runs `body` with the address of a new database on the PostgreSQL server
  /// `LOTS_TEST_DATABASE_URL` names, dropped after: empty, or (`migrated`) with the server's
  /// schema already in it, a copy of ``MigratedTemplate``'s (the server's suites: migrations
  /// cost about a third of a second a database, and the suites make hundreds; the tests of
  /// migrations themselves start empty).
  static func withPostgresDatabase<Result: Sendable>(
    migrated: Bool = false, _ body: (DatabaseURL) async throws -> Result
  ) async throws -> Result {
    let server = try testServer()
    let name = newDatabaseName()
    let drop = {
      try await execute(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), on: server)
    }
    let template =
      migrated ? " TEMPLATE \(try await MigratedTemplate.shared.name(on: server))" : ""
    try await execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)\(template)"), on: server)
    var url = server
    url.database = name
    let result: Result
    do {
      result = try await body(url)
    } catch {
      try? await drop()
      throw error
    }
    try await drop()
    return result
  }

  /// The PostgreSQL server the suites use (`LOTS_TEST_DATABASE_URL`).
  static func testServer() throws -> DatabaseURL {
    guard let text = ProcessInfo.processInfo.environment["LOTS_TEST_DATABASE_URL"] else {
      throw AppError(
        .internalServerError,
        "LOTS_TEST_DATABASE_URL is not set: run the tests under scripts/with-postgres")
    }
    var server = try DatabaseURL(text)
    // The suites make dozens of databases at once on a machine whose two cores are busy: a
    // connection there is slow, not refused, and 5 s (the default) was missed on CI.
    server.connectTimeout = .seconds(120)
    return server
  }

  /// A database name no other test uses.
  static func newDatabaseName() -> String {
    "lots_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }

  /// How many rows a table of the server's storage holds, on either backend.
  static func rows(of table: String, in storage: any Storage) async throws -> Int {
    if let sqlite = storage as? SQLiteStorage {
      return try sqlite.readNow { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
      }
    }
    let postgres = try #require(storage as? PostgresStorage)
    let count = try await postgres.value(
      Int64.self, PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(table)"))
    return Int(count ?? 0)
  }

  /// How many connections other than its own a PostgreSQL database has, asked again until
  /// `settled` holds of the count (``eventually(_:)``: connections open and close
  /// asynchronously, and a busy machine is slow).
  static func connections(
    to url: DatabaseURL, until settled: (Int) -> Bool
  ) async throws -> Int {
    try await withConnection(to: url) { connection, logger in
      var open = -1
      _ = try await eventually {
        let rows = try await connection.query(
          """
          SELECT COUNT(*)::int8 FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
          """, logger: logger)
        for try await count in rows.decode(Int64.self) { open = Int(count) }
        return settled(open)
      }
      return open
    }
  }

  /// Runs one statement on a PostgreSQL database (``withConnection(to:_:)``).
  static func execute(_ query: PostgresQuery, on url: DatabaseURL) async throws {
    try await withConnection(to: url) { connection, logger in
      for try await _ in try await connection.query(query, logger: logger) {}
    }
  }

  /// Runs `body` on a connection of its own to `url`, closed after (no pool: nothing runs on
  /// after `body`, and nothing to wait for at the end).
  static func withConnection<Result: Sendable>(
    to url: DatabaseURL,
    _ body: (PostgresConnection, Logger) async throws -> Result
  ) async throws -> Result {
    let logger = Logger(label: "lots-test-postgres")
    let connection = try await PostgresConnection.connect(
      configuration: try url.connectionConfiguration(), id: 0, logger: logger)
    let result: Result
    do {
      result = try await body(connection, logger)
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
    return result
  }
}

extension DatabasePolicy {
  /// Production's policy, but for pools that open connections as asked: the suites run
  /// hundreds of servers and stores at once on one PostgreSQL, which every pool holding all its
  /// connections would take past its 1,000 (``DatabasePolicy/keepsConnectionsOpen``).
  static var suites: DatabasePolicy {
    var policy = DatabasePolicy()
    policy.keepsConnectionsOpen = false
    return policy
  }
}

extension Trait where Self == ConditionTrait {
  /// For a suite that does not run on the server's backend (``StoreBackend/server``): code that
  /// touches no storage, or SQLite or PostgreSQL by name, or both backends side by side. It runs
  /// once, in the first pass of `scripts/test`, and is skipped in the second
  /// (`LOTS_TEST_BACKEND=postgres`), which is there for the suites that start a server on the
  /// backend (``TestApp``, ``LiveServer``).
  static var oncePerRun: Self {
    .disabled(
      if: StoreBackend.server == .postgres,
      "runs once, in the first pass: it does not follow LOTS_TEST_BACKEND")
  }
}
