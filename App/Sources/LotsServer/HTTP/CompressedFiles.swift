import CLotsZlib
import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix
import Synchronization

/// The web app's files gzipped for clients that accept it: scripts, styles, HTML, SVG, JSON
/// and the WebAssembly module, each compressed once and kept until the file changes (its size
/// or modification time), revalidated by ETag. Other requests, and clients without gzip, fall
/// through to the plain file server.
struct CompressedFilesMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext

  /// What is worth compressing, by extension, with its content type.
  static let types: [String: String] = [
    "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8", "html": "text/html; charset=utf-8",
    "svg": "image/svg+xml", "json": "application/json", "wasm": "application/wasm",
    "webmanifest": "application/manifest+json",
  ]
  /// Larger files are left to the plain file server.
  static let maximumBytes = 8 << 20

  let root: URL
  let cache = GzipCache()

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get || request.method == .head,
      Self.acceptsGzip(request.headers[.acceptEncoding]),
      let (relative, type) = Self.file(for: request.uri.path)
    else { return try await next(request, context) }
    let path = root.appendingPathComponent(relative).path
    let cache = cache
    guard
      let entry = try await NIOThreadPool.singleton.runIfActive({ cache.entry(path: path) })
    else { return try await next(request, context) }
    var headers: HTTPFields = [
      .contentType: type, .contentEncoding: "gzip", .vary: "Accept-Encoding",
      .eTag: entry.etag, .cacheControl: "no-cache",
    ]
    if request.headers[.ifNoneMatch] == entry.etag {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentLength] = String(entry.bytes.readableBytes)
    let body = request.method == .head ? ByteBuffer() : entry.bytes
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
  }

  /// Whether an `Accept-Encoding` value accepts gzip (listed, and not with `q=0`).
  static func acceptsGzip(_ value: String?) -> Bool {
    guard let value else { return false }
    return value.split(separator: ",").contains { item in
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.first?.lowercased() == "gzip" || parts.first == "*" else { return false }
      return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
    }
  }

  /// The file a URL path names under the web directory, and its type; nil for anything not
  /// compressed here or not a plain relative path (no `..`, no hidden files, no escapes).
  static func file(for path: String) -> (String, String)? {
    var relative = String(path.dropFirst())
    if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
    let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard path.hasPrefix("/"), relative.utf8.count < 512,
      segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
      relative.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "%" && $0 != "\\" && $0 >= " " }),
      let dot = relative.lastIndex(of: "."),
      let type = types[String(relative[relative.index(after: dot)...]).lowercased()]
    else { return nil }
    return (relative, type)
  }
}

/// Gzipped files by path, each valid while the file keeps its size and modification time.
final class GzipCache: Sendable {
  struct Entry: Sendable {
    var size: Int
    var modified: Date
    var bytes: ByteBuffer
    var etag: String
  }

  private let entries = Mutex<[String: Entry]>([:])

  /// The gzipped file, compressed now if it changed since; nil when it is not a regular file
  /// of at most ``CompressedFilesMiddleware/maximumBytes``.
  /// - Complexity: one `stat`; O(*n*) to compress *n* bytes when the file changed.
  func entry(path: String) -> Entry? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let size = (attributes[.size] as? NSNumber)?.intValue,
      size <= CompressedFilesMiddleware.maximumBytes,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    if let entry = entries.withLock({ $0[path] }), entry.size == size, entry.modified == modified {
      return entry
    }
    guard let data = FileManager.default.contents(atPath: path), data.count == size,
      let gzipped = Self.gzip([UInt8](data))
    else { return nil }
    let etag = "\"gz-\(size)-\(Int64(modified.timeIntervalSince1970 * 1000))\""
    let entry = Entry(
      size: size, modified: modified, bytes: ByteBuffer(bytes: gzipped), etag: etag)
    entries.withLock { $0[path] = entry }
    return entry
  }

  /// gzip at the best compression.
  static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
    var output: UnsafeMutablePointer<UInt8>?
    let count = bytes.withUnsafeBytes { lots_gzip($0.baseAddress, $0.count, &output) }
    guard count > 0, let output else { return nil }
    defer { free(output) }
    return Array(UnsafeBufferPointer(start: output, count: count))
  }
}
