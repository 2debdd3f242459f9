import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a backup's files from vanishing under it. A backup holds `backup.lock` in the data
/// directory shared (`flock`) from before its snapshot until its last copy; the server deletes
/// an image or print file only when it can hold the lock exclusively at that moment, and
/// otherwise leaves the file for the next sweep (``OrphanCollector``, ``PrintFileSweeper``),
/// which removes what nothing names. Several instances sharing one data directory (PostgreSQL)
/// share the lock too.
struct BackupLock {
  /// The lock file: `backup.lock` in the data directory.
  let path: String

  init(dataDirectory: URL) {
    path = dataDirectory.appendingPathComponent("backup.lock").path
  }

  /// Removes `file` unless a backup runs: the check and the removal happen under the lock.
  /// - Returns: Whether the file is gone (false: a backup runs; the next sweep removes it).
  @discardableResult
  func remove(_ file: String) -> Bool {
    let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    // No lock file can be made (a read-only directory): no backup can be holding one either.
    guard lock >= 0 else {
      unlink(file)
      return true
    }
    defer { close(lock) }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return false }
    unlink(file)
    return true
  }

  /// Holds the lock shared until the returned descriptor is closed, waiting for a removal in
  /// progress (a moment) to finish.
  /// - Throws: ``OperatorError`` when the lock file cannot be made.
  func holdShared() throws -> Int32 {
    let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw BackupFiles.failure("open", path) }
    while flock(lock, LOCK_SH) != 0 {
      guard errno == EINTR else {
        let error = BackupFiles.failure("lock", path)
        close(lock)
        throw error
      }
    }
    return lock
  }
}
