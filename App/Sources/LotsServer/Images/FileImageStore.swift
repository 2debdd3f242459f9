import Crypto
import Foundation
import Hummingbird
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// Stores images as files under a directory, two hex digits of fan-out.
struct FileImageStore: ImageStore {
  let directory: URL

  /// Creates the directory if needed.
  init(directory: URL) throws {
    self.directory = directory
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func put(_ bytes: [UInt8], fileExtension: String) throws -> String {
    let key = "\(SHA256.hash(data: bytes).hex).\(fileExtension)"
    let url = try fileURL(key)
    if FileManager.default.fileExists(atPath: url.path) { return key }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.writeDurably(bytes, to: url)
    return key
  }

  /// Writes a file so that it survives power loss once this returns, and is never seen torn:
  /// a temporary file written and fsynced, renamed over the key, then the directory fsynced
  /// (the rename itself is only durable once the directory is).
  /// `mode` is the file's permissions; `what` names it in an error ("photo").
  /// - Throws: ``AppError`` 507 when the disk is full, 500 for other I/O errors.
  static func writeDurably(
    _ bytes: [UInt8], to url: URL, mode: mode_t = 0o644, what thing: String = "photo"
  ) throws {
    let directory = url.deletingLastPathComponent().path
    let temporary = directory + "/.tmp-" + UUID().uuidString
    func fail(_ what: String) -> AppError {
      let code = errno
      unlink(temporary)
      if code == ENOSPC || code == EDQUOT { return AppError.insufficientStorage }
      return AppError(.internalServerError, "could not store the \(thing) (\(what))")
    }
    let file = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard file >= 0 else { throw fail("open") }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(file, $0.baseAddress! + written, bytes.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        close(file)
        throw fail("write")
      }
      written += count
    }
    guard fsync(file) == 0 else {
      close(file)
      throw fail("fsync")
    }
    close(file)
    guard rename(temporary, url.path) == 0 else { throw fail("rename") }
    let folder = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw fail("open directory") }
    defer { close(folder) }
    guard fsync(folder) == 0 else { throw fail("fsync directory") }
  }

  func open(key: String) async throws -> (length: Int, bytes: [UInt8]?)? {
    let path = try fileURL(key).path
    return try await NIOThreadPool.singleton.runIfActive {
      let file = Glibc.open(path, O_RDONLY | O_CLOEXEC)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var status = stat()
      guard fstat(file, &status) == 0 else { return nil }
      let length = Int(status.st_size)
      guard length <= smallImageBytes else { return (length, nil) }
      var bytes = [UInt8](repeating: 0, count: length)
      var done = 0
      while done < length {
        let count = bytes.withUnsafeMutableBytes {
          read(file, $0.baseAddress! + done, length - done)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        done += count
      }
      return (length, bytes)
    }
  }

  func body(forKey key: String, range: ClosedRange<Int>, context: some RequestContext)
    async throws -> ResponseBody
  {
    try await FileIO().loadFile(path: try fileURL(key).path, range: range, context: context)
  }

  func keys(writtenBefore date: Date) throws -> [String] {
    let manager = FileManager.default
    var keys: [String] = []
    for folder in try manager.contentsOfDirectory(atPath: directory.path) {
      let path = directory.appendingPathComponent(folder).path
      guard let names = try? manager.contentsOfDirectory(atPath: path) else { continue }
      for name in names {
        let file = path + "/" + name
        guard
          let modified = try? manager.attributesOfItem(atPath: file)[.modificationDate] as? Date,
          modified < date
        else { continue }
        if name.hasPrefix(".tmp-") {
          unlink(file)  // a write cut short by a crash
        } else if Self.isValid(name) {
          keys.append(name)
        }
      }
    }
    return keys
  }

  /// Removes a key's file, unless a backup runs (``BackupLock``): then the file stays for
  /// ``OrphanCollector``'s next pass.
  func remove(key: String) throws {
    BackupLock(dataDirectory: directory.deletingLastPathComponent()).remove(try fileURL(key).path)
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
