import Crypto
import Foundation

/// Booster's files on disk: one file each under a random name, readable by the server's user
/// only, served to no one but through ``PrintFileRoutes`` (its student, its store's staff).
struct PrintFileStore: Sendable {
  let directory: URL

  /// Stores `bytes` under a new name with `fileExtension`.
  /// - Returns: The name (what the database keeps) and the bytes' SHA-256 in hex.
  func put(_ bytes: [UInt8], fileExtension: String) throws -> (name: String, sha256: String) {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let random = (0..<16).map { _ in String(UInt8.random(in: 0...255), radix: 16) }
    let name = random.map { $0.count == 1 ? "0" + $0 : $0 }.joined() + "." + fileExtension
    let url = directory.appendingPathComponent(name)
    guard
      FileManager.default.createFile(
        atPath: url.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    else { throw AppError.insufficientStorage }
    return (name, SHA256.hash(data: bytes).hex)
  }

  /// Where a stored file is (nil for a name this store never makes).
  func url(of name: String) -> URL? {
    guard !name.isEmpty, name.utf8.allSatisfy({ $0 == 0x2E || isalnum(Int32($0)) != 0 }),
      !name.hasPrefix(".")
    else { return nil }
    return directory.appendingPathComponent(name)
  }

  /// Removes a stored file (nothing when it is gone already).
  func remove(_ name: String) {
    guard let url = url(of: name) else { return }
    try? FileManager.default.removeItem(at: url)
  }
}
