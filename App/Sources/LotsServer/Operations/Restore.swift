import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// `lots restore DIR --data NEWDIR`: a backup back into a new data directory (and, for a
/// PostgreSQL backup, a new empty database). Every file is checked against the manifest as it
/// is copied, the database is checked whole, and every photo it names must be there; anything
/// wrong refuses the restore before `NEWDIR` exists. The live stream's sequence then moves on
/// (``BackupSnapshot/restoreGap``), so that a page which saw events the backup never held is
/// told to reload.
public enum Restore {
  /// Restores the backup in `backup` into `dataDirectory` (new, or an empty directory) and,
  /// for a PostgreSQL backup, the empty database at `databaseURL`.
  /// - Returns: The backup's manifest.
  /// - Throws: ``OperatorError`` naming the damaged or missing file, a target that is not
  ///   empty, or a database URL given to the wrong kind of backup.
  /// - Complexity: O(backup), each file read once.
  public static func run(
    from backup: URL, dataDirectory: URL, databaseURL: String?, logger: Logger
  ) async throws -> BackupManifest {
    let manifest = try BackupManifest.read(from: backup)
    if manifest.backend == "postgresql" && databaseURL == nil {
      throw OperatorError(
        "this is a PostgreSQL backup: name the new, empty database to restore it into with "
          + "--database")
    }
    if manifest.backend == "sqlite" && databaseURL != nil {
      throw OperatorError("this is a SQLite backup: restore it without --database")
    }
    let target = dataDirectory.standardizedFileURL
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder)
    if exists {
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [""]
      guard isFolder.boolValue, contents.isEmpty else {
        throw OperatorError(
          "\(target.path) is not empty: restore into a new or empty directory (nothing was "
            + "changed)")
      }
    }
    let staging = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).restoring-\(getpid())").path
    try BackupFiles.makeDirectory(staging)
    do {
      try BackupFiles.makeDirectory(staging + "/images")
      try BackupFiles.makeDirectory(staging + "/print-files")
      for file in manifest.files {
        let copied = try BackupFiles.copy(
          backup.path + "/" + file.path, to: staging + "/" + file.path,
          directories: file.path.hasPrefix("images/"))
        guard let copied else {
          throw OperatorError(
            "the backup is incomplete: \(file.path) is missing (nothing was restored)")
        }
        guard copied.bytes == file.bytes else {
          throw OperatorError(
            "the backup is damaged: \(file.path) has \(copied.bytes) bytes where its manifest "
              + "says \(file.bytes) (nothing was restored)")
        }
        guard copied.sha256 == file.sha256 else {
          throw OperatorError(
            "the backup is damaged: \(file.path) does not match its checksum: its content "
              + "changed since the backup (nothing was restored)")
        }
      }
      let databaseFile = staging + "/" + BackupManifest.databaseFile(backend: manifest.backend)
      if let databaseURL {
        try await PostgresBackup.restore(databaseFile, into: databaseURL, logger: logger) {
          try check($0, against: manifest)
        }
        unlink(databaseFile)
      } else {
        try check(try SQLiteBackup.finishRestore(databaseFile), against: manifest)
      }
      try BackupFiles.syncFileSystem(of: staging)
      if exists { rmdir(target.path) }
      guard rename(staging, target.path) == 0 else {
        throw BackupFiles.failure("rename the restored data to", target.path)
      }
      try BackupFiles.sync(directory: target.deletingLastPathComponent().path)
      return manifest
    } catch {
      BackupFiles.remove(staging)
      throw error
    }
  }

  /// Refuses a restored database that names a photo the backup does not hold.
  static func check(_ restored: BackupSnapshot, against manifest: BackupManifest) throws {
    let listed = Set(manifest.files.map(\.path))
    let excused = Set(manifest.missing ?? [])
    if let lost = restored.imageKeys.first(where: {
      FileImageStore.isValid($0) && !excused.contains($0)
        && !listed.contains("images/\($0.prefix(2))/\($0)")
    }) {
      throw OperatorError(
        "the backup is incomplete: its database names the photo \(lost), which the backup "
          + "does not hold (nothing was restored)")
    }
  }
}
