import GRDB

extension SQLiteStorage {
  /// Reads one value: the database file opens and answers.
  func checkReady() async throws {
    _ = try readNow { db in try Int.fetchOne(db, sql: "SELECT 1") }
  }
}
