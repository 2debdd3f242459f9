import Foundation
import Logging
import PostgresNIO

@testable import LotsServer

/// A PostgreSQL database with the server's schema, migrated once per test process: the
/// template the server's suites copy their databases from
/// (``StoreBackend/withPostgresDatabase(migrated:_:)``). It is left on the server when the
/// process ends; `scripts/with-postgres` removes the whole cluster.
actor MigratedTemplate {
  static let shared = MigratedTemplate()
  private var made: Task<String, any Error>?

  /// The template's name, made on `server` the first time it is asked for.
  func name(on server: DatabaseURL) async throws -> String {
    if let made { return try await made.value }
    let making = Task { try await Self.make(on: server) }
    made = making
    return try await making.value
  }

  /// Makes the template: a new database that the server's own migrations bring up to date,
  /// with no connection left to it (PostgreSQL copies a template only while no one is
  /// connected).
  private static func make(on server: DatabaseURL) async throws -> String {
    let name = StoreBackend.newDatabaseName()
    try await StoreBackend.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), on: server)
    var url = server
    url.database = name
    let storage = try await PostgresStorage.open(
      url: url, policy: .suites, connections: 1, logger: Logger(label: "lots-test-template"))
    storage.close()
    _ = try await StoreBackend.connections(to: url) { $0 == 0 }
    return name
  }
}
