import Foundation
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
    guard let text = ProcessInfo.processInfo.environment["LOTS_TEST_DATABASE_URL"] else {
      throw AppError(
        .internalServerError,
        "LOTS_TEST_DATABASE_URL is not set: run the tests under scripts/with-postgres")
    }
    let server = try DatabaseURL(text)
    let logger = Logger(label: "lots-test-postgres")
    let name =
      "lots_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let admin = try await PostgresStorage.open(url: server, connections: 1, logger: logger)
    defer { admin.close() }
    try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
    var url = server
    url.database = name
    let storage = try await PostgresStorage.open(url: url, connections: 4, logger: logger)
    let result: Result
    do {
      result = try await body(storage)
    } catch {
      storage.close()
      throw error
    }
    storage.close()
    try await admin.client.query(
      PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
    return result
  }
}
