import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix
import Synchronization

/// `GET /sw.js`: the service worker (`sw.js` in the web directory), preceded by two constants —
/// `VERSION`, a hash of the contents of every file of the app shell, and `SHELL`, their paths.
/// A changed app (any byte of any shell file) is a changed script, so browsers install the new
/// worker, which keeps the new shell in a cache of its own and deletes the old one; an unchanged
/// app is a byte-identical script, and the installed worker stays.
final class ServiceWorkerScript: RouterMiddleware, Sendable {
  typealias Context = AppRequestContext

  /// The shell: folders, each with the endings of the files in it (not below) that the page
  /// loads, and single files, relative to the root. The page runs the bundle (`dist`), which
  /// loads some of its stylesheets from `app`; the modules' sources in `app` and `toolkit` are
  /// not the page's (only the unbundled moderation page loads them, and it is not kept offline):
  /// keeping them had every new reader download 130 files, 585 KB, that nothing used.
  static let folders = [("dist", [".js", ".css"]), ("app", [".css"])]
  static let files = [
    "index.html", "lots.wasm", "manifest.webmanifest", "icon.svg", "icon-192.png",
    "icon-512.png",
  ]

  let root: URL
  private let cache = Mutex<(stamp: [String], body: ByteBuffer)?>(nil)

  init(root: URL) {
    self.root = root
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.uri.path == "/sw.js", request.method == .get || request.method == .head else {
      return try await next(request, context)
    }
    guard let body = try await NIOThreadPool.singleton.runIfActive({ self.script() }) else {
      return try await next(request, context)
    }
    let headers: HTTPFields = [
      .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
      .contentLength: String(body.readableBytes),
    ]
    return Response(
      status: .ok, headers: headers,
      body: .init(byteBuffer: request.method == .head ? ByteBuffer() : body))
  }

  /// The script, made again only when a shell file changed (its size or modification time).
  /// - Returns: nil when the web directory has no `sw.js`.
  /// - Complexity: one `stat` per shell file; O(*n*) in the shell's bytes when one changed.
  func script() -> ByteBuffer? {
    let paths = shellPaths()
    let stamp = ["sw.js"] + paths
    let marks = stamp.map { path -> String in
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: root.appendingPathComponent(path).path)
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(path) \(size) \(modified)"
    }
    if let cached = cache.withLock({ $0 }), cached.stamp == marks { return cached.body }
    guard
      let worker = FileManager.default.contents(atPath: root.appendingPathComponent("sw.js").path)
    else { return nil }
    var hash = FNV1a()
    for path in paths {
      hash.add(Array(path.utf8))
      hash.add(
        Array(
          FileManager.default.contents(atPath: root.appendingPathComponent(path).path) ?? Data()))
    }
    hash.add(Array(worker))
    // The bare document (`/index.html`), never `/`: Main's answer carries its reader's first
    // page (FirstScreenMiddleware), which no shared cache should keep.
    let shell = paths.map { "\"/\($0)\"" }.joined(separator: ",")
    let header = "const VERSION = \"\(hash.hex)\";\nconst SHELL = [\(shell)];\n"
    var body = ByteBuffer(string: header)
    body.writeBytes(worker)
    cache.withLock { $0 = (marks, body) }
    return body
  }

  /// The shell's files that exist, relative to the root, sorted.
  func shellPaths() -> [String] {
    let manager = FileManager.default
    var paths = Self.files.filter {
      manager.fileExists(atPath: root.appendingPathComponent($0).path)
    }
    for (folder, endings) in Self.folders {
      let names =
        (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
      paths += names.filter { name in endings.contains { name.hasSuffix($0) } }.map {
        "\(folder)/\($0)"
      }
    }
    return paths.sorted()
  }
}

/// 64-bit FNV-1a: a version stamp for files, not a defence against anyone.
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ bytes: [UInt8]) {
    for byte in bytes {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
  }

  /// The hash as 16 hexadecimal digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
