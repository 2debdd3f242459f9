import PostgresNIO

extension PostgresStorage: HealthStore {
  /// Asks PostgreSQL for one value through the pool, and requires the notification
  /// connection (``withDatabase(_:)`` answers 503 at once without it).
  func checkReady() async throws {
    _ = try await value(Int64.self, "SELECT 1")
  }
}
