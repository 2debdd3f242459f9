import Crypto
import Foundation

/// Booster's files on disk: one file each under a random name, readable by the server's user
/// only, served to no one but through ``PrintOrderRoutes`` (its student, its store's staff).
struct PrintFileStore: Sendable {
  let directory: URL

  /// Stores `bytes` durably under a new name with `fileExtension`: an order never names a
  /// file a power cut lost.
  /// - Returns: The name (what the database keeps) and the bytes' SHA-256 in hex.
  /// - Throws: ``AppError`` 507 when the disk is full, 500 for other I/O errors.
  func put(_ bytes: [UInt8], fileExtension: String) throws -> (name: String, sha256: String) {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    // A random name (the hash of random bytes): two students' same file stay two files.
    let name =
      SHA256.hash(data: (0..<16).map { _ in UInt8.random(in: 0...255) }).hex
      + "." + fileExtension
    try FileImageStore.writeDurably(
      bytes, to: directory.appendingPathComponent(name), mode: 0o600, what: "file")
    return (name, SHA256.hash(data: bytes).hex)
  }

  /// Where a stored file is (nil for a name this store never makes).
  func url(of name: String) -> URL? {
    guard !name.isEmpty, name.utf8.allSatisfy({ $0 == 0x2E || isalnum(Int32($0)) != 0 }),
      !name.hasPrefix(".")
    else { return nil }
    return directory.appendingPathComponent(name)
  }

  /// Removes a stored file (nothing when it is gone already), unless a backup runs
  /// (``BackupLock``): then the file stays for the sweeper's pass over unnamed files.
  func remove(_ name: String) {
    guard let url = url(of: name) else { return }
    BackupLock(dataDirectory: directory.deletingLastPathComponent()).remove(url.path)
  }
}
