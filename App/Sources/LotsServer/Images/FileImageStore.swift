import Crypto
import Foundation
import Hummingbird
import NIOPosix

/// Stores images as files under a directory, two hex digits of fan-out.
struct FileImageStore: ImageStore {
  let directory: URL

  /// Creates the directory if needed.
  init(directory: URL) throws {
    self.directory = directory
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func put(_ bytes: [UInt8], fileExtension: String) throws -> String {
    let digest = SHA256.hash(data: bytes).map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
    let key = "\(digest).\(fileExtension)"
    let url = try fileURL(key)
    if FileManager.default.fileExists(atPath: url.path) { return key }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Write then rename, so a crash never leaves a torn file under a valid key.
    try Data(bytes).write(to: url, options: .atomic)
    return key
  }

  func length(ofKey key: String) async throws -> Int? {
    let path = try fileURL(key).path
    return try await NIOThreadPool.singleton.runIfActive {
      (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
  }

  func body(forKey key: String, range: ClosedRange<Int>, context: some RequestContext)
    async throws -> ResponseBody
  {
    try await FileIO().loadFile(path: try fileURL(key).path, range: range, context: context)
  }

  func remove(key: String) throws {
    try? FileManager.default.removeItem(at: try fileURL(key))
  }

  /// The file of a key; keys that aren't `<64 hex>.<ext>` never reach the file system.
  func fileURL(_ key: String) throws -> URL {
    guard Self.isValid(key) else { throw AppError.notFound("image") }
    return directory.appendingPathComponent(String(key.prefix(2)))
      .appendingPathComponent(key)
  }

  static func isValid(_ key: String) -> Bool {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[0].utf8.count == 64
      && parts[0].utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
      && ["jpg", "png", "webp"].contains(String(parts[1]))
  }
}
