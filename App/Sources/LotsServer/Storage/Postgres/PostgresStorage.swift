import Foundation
import Logging
import PostgresNIO

/// What the server keeps, on PostgreSQL: for a community that runs several `lots serve` on one
/// database (SQLite, `SQLiteStorage`, stays the default). It implements the stores one by one;
/// today ``AccountStore`` (accounts and sessions, valid on every instance).
final class PostgresStorage: Sendable {
  /// The pool of connections; its `run()` goes on until ``close()``.
  let client: PostgresClient
  let logger: Logger
  private let running: Task<Void, Never>

  /// Connects with at most `connections` connections and brings the schema up to date (once,
  /// however many instances start together).
  static func open(url: DatabaseURL, connections: Int = 20, logger: Logger) async throws
    -> PostgresStorage
  {
    let client = PostgresClient(
      configuration: url.configuration(connections: connections), backgroundLogger: logger)
    let storage = PostgresStorage(client: client, logger: logger)
    do {
      try await storage.migrate()
    } catch {
      storage.close()
      throw error
    }
    return storage
  }

  private init(client: PostgresClient, logger: Logger) {
    self.client = client
    self.logger = logger
    running = Task { await client.run() }
  }

  /// Closes every connection; the storage answers nothing after.
  func close() {
    running.cancel()
  }

  /// Milliseconds since 1970: how times are stored (as in SQLite).
  static func millis(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  static func date(_ millis: Int64) -> Date {
    Date(timeIntervalSince1970: Double(millis) / 1000)
  }

  /// Whether `error` is PostgreSQL's unique violation (SQLSTATE 23505).
  static func isUniqueViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
  }
}
