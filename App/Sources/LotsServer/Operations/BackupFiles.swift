import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file work of backups and restores: copies that hash what they copy and reach the disk
/// before they count, and errors that say which file and why.
enum BackupFiles {
  /// A file's size and SHA-256 (hex).
  struct Digest: Equatable {
    var bytes: Int
    var sha256: String
  }

  /// Copies `source` to a new file `destination` (mode 0600) and returns what it copied (the
  /// caller makes the whole tree durable at once: ``syncFileSystem(of:)``); with `directories`, makes the destination's folder first. Without a destination
  /// it only reads and hashes.
  /// - Returns: nil when `source` does not exist.
  /// - Throws: ``OperatorError`` saying the disk is full, or naming the file and the error.
  /// - Complexity: O(size), in 1 MiB pieces: memory stays bounded whatever the file.
  static func copy(_ source: String, to destination: String?, directories: Bool = false) throws
    -> Digest?
  {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      if errno == ENOENT { return nil }
      throw failure("read", source)
    }
    defer { close(input) }
    var output: Int32 = -1
    if let destination {
      if directories {
        let folder = (destination as NSString).deletingLastPathComponent
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw failure("make", folder) }
      }
      output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard output >= 0 else { throw failure("create", destination) }
    }
    defer { if output >= 0 { close(output) } }
    var hash = SHA256()
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw failure("read", source) }
      if got == 0 { break }
      var written = output >= 0 ? 0 : got
      while written < got {
        let count = buffer.withUnsafeBytes {
          write(output, $0.baseAddress! + written, got - written)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw failure("write", destination ?? "") }
        written += count
      }
      buffer.withUnsafeBytes {
        hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<got]))
      }
      total += got
    }
    return Digest(bytes: total, sha256: hash.finalize().hex)
  }

  /// Makes a directory only this user may enter. - Throws: ``OperatorError`` saying why not.
  static func makeDirectory(_ path: String) throws {
    guard mkdir(path, 0o700) == 0 else { throw failure("make the directory", path) }
  }

  /// fsyncs a directory, so that the names made in it survive a power cut.
  static func sync(directory path: String) throws {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0, fsync(folder) == 0 else {
      if folder >= 0 { close(folder) }
      throw failure("write", path)
    }
    close(folder)
  }

  /// Writes everything of the file system that holds `path` to disk (`syncfs`): one flush for
  /// a whole backup, rather than an fsync per file competing with the server's commits.
  /// Without `syncfs` (not glibc), every file under `path` is fsynced instead.
  static func syncFileSystem(of path: String) throws {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw failure("open", path) }
    defer { close(folder) }
    if let syncfs = Self.syncfs {
      guard syncfs(folder) == 0 else { throw failure("write", path) }
      return
    }
    let files = FileManager.default.enumerator(atPath: path)
    while let name = files?.nextObject() as? String {
      let file = open(path + "/" + name, O_RDONLY | O_CLOEXEC)
      guard file >= 0 else { throw failure("open", path + "/" + name) }
      defer { close(file) }
      guard fsync(file) == 0 else { throw failure("write", path + "/" + name) }
    }
  }

  private static let syncfs = glibcSymbol("syncfs", as: (@convention(c) (Int32) -> Int32).self)

  /// Removes a directory and everything in it (nothing when it is gone).
  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The error of the last call that failed on `path`, in words; a full disk says so.
  static func failure(_ action: String, _ path: String) -> OperatorError {
    let code = errno
    if code == ENOSPC || code == EDQUOT {
      return OperatorError(
        "the disk is full: could not \(action) \(path); nothing of this run was kept")
    }
    return OperatorError("could not \(action) \(path): \(String(cString: strerror(code)))")
  }
}
