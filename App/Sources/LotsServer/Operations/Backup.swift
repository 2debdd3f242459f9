import Foundation
import Logging
import LotsCore

#if canImport(Glibc)
  import Glibc
#endif

/// `lots backup DIR`: a consistent backup of a server's data, running or not, without
/// stopping it. The database is copied as of one moment (SQLite: `VACUUM INTO` in a read
/// transaction; PostgreSQL: pg_dump in an exported snapshot), then every image and print file
/// that snapshot names, each hashed as it is copied; `manifest.json` comes last. The backup is
/// built beside `DIR` and renamed into place when complete: a `DIR` that exists is a whole
/// backup, and a failure (a full disk) leaves nothing behind.
public enum Backup {
  /// What a backup made.
  public struct Report: Sendable {
    public var manifest: BackupManifest
    /// Image keys the snapshot names that the data directory lacks (copied from nowhere: the
    /// data was missing them before this backup).
    public var missing: [String]
    public var seconds: Double
    public var bytes: Int { manifest.files.reduce(0) { $0 + $1.bytes } }
  }

  /// Takes a backup of the data `configuration` names into `target`, a new directory.
  /// - Throws: ``OperatorError`` when `target` exists, cannot be made, or the disk fills, or
  ///   the database cannot be read.
  /// - Complexity: O(database + files named), read once and written once.
  public static func take(_ configuration: ServerConfiguration, into target: URL, logger: Logger)
    async throws -> Report
  {
    let started = ContinuousClock.now
    let target = target.standardizedFileURL
    guard !FileManager.default.fileExists(atPath: target.path) else {
      throw OperatorError(
        "\(target.path) exists: a backup goes into a new directory (choose another name)")
    }
    let data = configuration.dataDirectory
    guard FileManager.default.fileExists(atPath: data.path) else {
      throw OperatorError("there is no data directory at \(data.path) (is --data right?)")
    }
    let staging = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())").path
    try BackupFiles.makeDirectory(staging)
    do {
      // Held from before the snapshot to the last copy: no file it names is deleted meanwhile.
      let lock = try BackupLock(dataDirectory: data).holdShared()
      defer { close(lock) }
      let backend = configuration.databaseURL == nil ? "sqlite" : "postgresql"
      let databaseFile = BackupManifest.databaseFile(backend: backend)
      let snapshot: BackupSnapshot
      if let url = configuration.databaseURL {
        snapshot = try await PostgresBackup.snapshot(
          url, into: staging + "/" + databaseFile, logger: logger)
      } else {
        snapshot = try SQLiteBackup.snapshot(
          data.appendingPathComponent("lots.sqlite").path, into: staging + "/" + databaseFile)
      }
      var files = [try described(databaseFile, in: staging)]
      var missing: [String] = []
      try BackupFiles.makeDirectory(staging + "/images")
      for key in snapshot.imageKeys.sorted() where FileImageStore.isValid(key) {
        let path = "images/\(key.prefix(2))/\(key)"
        guard
          let digest = try BackupFiles.copy(
            data.path + "/" + path, to: staging + "/" + path, directories: true)
        else {
          missing.append(key)
          continue
        }
        if !key.hasPrefix(digest.sha256) {
          logger.warning("image \(key) does not match its name: it was damaged on disk")
        }
        files.append(BackupManifest.File(path: path, bytes: digest.bytes, sha256: digest.sha256))
      }
      try BackupFiles.makeDirectory(staging + "/print-files")
      for name in snapshot.printFiles.sorted() {
        let path = "print-files/" + name
        // A print file the sweeper removed is an expired order's: nothing to keep.
        guard BackupManifest.isSafe(path),
          let digest = try BackupFiles.copy(data.path + "/" + path, to: staging + "/" + path)
        else { continue }
        files.append(BackupManifest.File(path: path, bytes: digest.bytes, sha256: digest.sha256))
      }
      let manifest = BackupManifest(
        format: BackupManifest.currentFormat, createdAt: ISO8601.string(from: Date()),
        backend: backend, changeSequence: snapshot.changeSequence, posts: snapshot.posts,
        files: files, missing: missing.isEmpty ? nil : missing)
      try writeManifest(manifest, to: staging + "/" + BackupManifest.fileName)
      try BackupFiles.syncFileSystem(of: staging)
      guard rename(staging, target.path) == 0 else {
        throw BackupFiles.failure("rename the finished backup to", target.path)
      }
      try BackupFiles.sync(directory: target.deletingLastPathComponent().path)
      return Report(
        manifest: manifest, missing: missing,
        seconds: Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000)
    } catch {
      BackupFiles.remove(staging)
      throw error
    }
  }

  /// The database file's entry, hashed after it is written.
  private static func described(_ name: String, in folder: String) throws -> BackupManifest.File {
    guard let digest = try BackupFiles.copy(folder + "/" + name, to: nil) else {
      throw OperatorError("the database copy \(folder)/\(name) vanished")
    }
    return BackupManifest.File(path: name, bytes: digest.bytes, sha256: digest.sha256)
  }

  /// Writes the manifest durably.
  static func writeManifest(_ manifest: BackupManifest, to path: String) throws {
    let bytes = [UInt8](try manifest.encoded())
    let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard output >= 0 else { throw BackupFiles.failure("create", path) }
    defer { close(output) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(output, $0.baseAddress! + written, bytes.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw BackupFiles.failure("write", path) }
      written += count
    }
  }
}
