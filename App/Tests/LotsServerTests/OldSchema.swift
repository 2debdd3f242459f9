import Foundation
import GRDB

@testable import LotsServer

/// A SQLite database at an older schema, filled as it was then, for testing a migration.
enum OldSchema {
  /// Makes a database migrated up to `migration`, fills it, and runs `test` with its path;
  /// removed after.
  static func withSQLite(
    upTo migration: String, _ fill: @escaping @Sendable (Database) throws -> Void,
    _ test: (String) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("lots.sqlite").path
    do {
      let queue = try DatabaseQueue(path: path)
      try SQLiteStorage.migrator.migrate(queue, upTo: migration)
      try await queue.write(fill)
    }
    try await test(path)
  }
}
