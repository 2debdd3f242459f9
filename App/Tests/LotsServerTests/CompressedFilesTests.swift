import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LotsServer

/// The web app's files go out gzipped to clients that accept it, never from outside the web
/// directory, and fresh after a change.
@Suite struct CompressedFilesTests {
  static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Web").standardizedFileURL

  @Test func scriptsStylesHTMLAndWasmAreServedGzipped() async throws {
    try await TestApp.run(.with { $0.webDirectory = Self.web }) { client in
      for (path, file, type) in [
        ("/app/app.js", "app/app.js", "text/javascript; charset=utf-8"),
        ("/app/app.css", "app/app.css", "text/css; charset=utf-8"),
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/moderation/", "moderation/index.html", "text/html; charset=utf-8"),
      ] {
        let original = try Data(contentsOf: Self.web.appendingPathComponent(file))
        let response = try await client.send(.get, path, headers: [.acceptEncoding: "br, gzip"])
        #expect(response.status == .ok, "\(path)")
        #expect(
          response.headers[.contentEncoding] == "gzip"
            // Main varies on the reader and their screen too (its first screen).
            && response.headers[.vary]?.hasPrefix("Accept-Encoding") == true, "\(path)")
        #expect(response.headers[.contentType] == type, "\(path)")
        let body = Array(buffer: response.body)
        #expect(body.starts(with: [0x1F, 0x8B]) && body.count < original.count, "\(path)")
        // Revalidation by ETag.
        let etag = try #require(response.headers[.eTag])
        let again = try await client.send(
          .get, path, headers: [.acceptEncoding: "gzip", .ifNoneMatch: etag])
        #expect(again.status == .notModified)
      }
      // Without gzip, or with gzip refused, the plain file.
      for accept in [nil, "identity", "gzip;q=0"] {
        var headers: HTTPFields = [:]
        if let accept { headers[.acceptEncoding] = accept }
        let plain = try await client.send(.get, "/app/app.css", headers: headers)
        #expect(plain.status == .ok && plain.headers[.contentEncoding] == nil, "\(accept ?? "-")")
      }
    }
  }

  @Test func onlyPlainPathsInsideTheWebDirectoryAreConsidered() {
    for path in [
      "/../Package.swift", "/app/../../README.md", "/.git/config", "/app/%2e%2e/x.js",
      "/app\\..\\x.js", "/images/abc.webp", "/api/feed", "//etc/passwd.json", "/a//b.js",
    ] {
      #expect(CompressedFilesMiddleware.file(for: path) == nil, "\(path)")
    }
    #expect(CompressedFilesMiddleware.file(for: "/app/app.js")?.0 == "app/app.js")
    #expect(CompressedFilesMiddleware.file(for: "/")?.0 == "index.html")
    #expect(CompressedFilesMiddleware.acceptsGzip("gzip, deflate, br"))
    #expect(CompressedFilesMiddleware.acceptsGzip("*"))
    #expect(!CompressedFilesMiddleware.acceptsGzip("gzip; q=0, br"))
    #expect(!CompressedFilesMiddleware.acceptsGzip("deflate"))
  }

  @Test func aChangedFileIsCompressedAgain() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID()).js")
    defer { try? FileManager.default.removeItem(at: file) }
    let cache = GzipCache()
    try Data(String(repeating: "let a = 1;\n", count: 200).utf8).write(to: file)
    let first = try #require(cache.entry(path: file.path))
    #expect(cache.entry(path: file.path)?.etag == first.etag)
    try Data(String(repeating: "let b = 22;\n", count: 300).utf8).write(to: file)
    let second = try #require(cache.entry(path: file.path))
    #expect(second.etag != first.etag && second.size == 3_600)
    #expect(cache.entry(path: "/nonexistent/file.js") == nil)
    #expect(cache.entry(path: FileManager.default.temporaryDirectory.path) == nil)
  }
}
