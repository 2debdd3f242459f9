import Foundation
import GRDB

/// A backup's and a restore's SQLite side: `VACUUM INTO` from a read transaction (writers go
/// on meanwhile: the database is in WAL mode), and the checks and sequence step of a restore.
enum SQLiteBackup {
  /// Copies the database at `source` into a new file `destination`, consistent as of one
  /// moment, and reads what that snapshot names.
  /// - Throws: ``OperatorError`` when there is no database, or the disk fills.
  static func snapshot(_ source: String, into destination: String) throws -> BackupSnapshot {
    guard FileManager.default.fileExists(atPath: source) else {
      throw OperatorError("there is no LOTs database at \(source) (is --data right?)")
    }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(10)
      let queue = try DatabaseQueue(path: source, configuration: configuration)
      try queue.inDatabase { db in
        try db.execute(sql: "VACUUM INTO ?", arguments: [destination])
      }
      try queue.close()
      return try read(destination)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
      throw OperatorError(
        "the disk is full: could not write \(destination); nothing of this run was kept")
    } catch let error as DatabaseError {
      throw OperatorError("could not copy the database \(source): \(error.message ?? "\(error)")")
    }
  }

  /// What the database at `path` names.
  static func read(_ path: String) throws -> BackupSnapshot {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      BackupSnapshot(
        changeSequence: try Int64.fetchOne(
          db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0,
        posts: try Int.fetchOne(db, sql: BackupSnapshot.postsSQL) ?? 0,
        imageKeys: try String.fetchAll(db, sql: BackupSnapshot.imageKeysSQL),
        printFiles: try String.fetchAll(db, sql: BackupSnapshot.printFilesSQL))
    }
  }

  /// Checks a restored database file and moves its stream's sequence on by
  /// ``BackupSnapshot/restoreGap``, keeping only the newest change.
  /// - Returns: What the database names.
  /// - Throws: ``OperatorError`` when `PRAGMA integrity_check` finds damage.
  static func finishRestore(_ path: String) throws -> BackupSnapshot {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path)
      let problems = try queue.read { db in
        try String.fetchAll(db, sql: "PRAGMA integrity_check")
      }
      guard problems == ["ok"] else {
        throw OperatorError(
          "the backup's database is damaged: " + problems.prefix(3).joined(separator: "; "))
      }
    } catch let error as DatabaseError {
      throw OperatorError("the backup's database is damaged: \(error.message ?? "\(error)")")
    }
    defer { try? queue.close() }
    do {
      try queue.write { db in
        let newest =
          try Int64.fetchOne(
            db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0
        let moved = newest + BackupSnapshot.restoreGap
        try db.execute(sql: "DELETE FROM changeLog WHERE seq < ?", arguments: [newest])
        try db.execute(
          sql: "UPDATE changeLog SET seq = ? WHERE seq = ?", arguments: [moved, newest])
        try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'changeLog'")
        try db.execute(
          sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('changeLog', ?)",
          arguments: [moved])
      }
      return try read(path)
    } catch let error as DatabaseError {
      throw OperatorError(
        "could not finish restoring the database \(path): \(error.message ?? "\(error)")")
    }
  }
}
