import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LotsServer

/// `/sw.js` is the worker with its version and shell: a change to any byte of any shell file is
/// a new version, an unchanged app the same script, byte for byte.
@Suite struct ServiceWorkerScriptTests {
  /// A web directory of its own (a test changes files in it).
  static func makeWeb() throws -> URL {
    let web = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-sw-\(UInt64.random(in: 0 ... .max))")
    for folder in ["app", "dist", "toolkit"] {
      try FileManager.default.createDirectory(
        at: web.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Data("// worker\n".utf8).write(to: web.appendingPathComponent("sw.js"))
    try Data("<!doctype html>".utf8).write(to: web.appendingPathComponent("index.html"))
    try Data("export {};".utf8).write(to: web.appendingPathComponent("dist/app.js"))
    try Data("body{}".utf8).write(to: web.appendingPathComponent("app/app.css"))
    try Data("notes".utf8).write(to: web.appendingPathComponent("app/README.md"))
    // The bundle's sources: not the page's, not kept.
    try Data("export {};".utf8).write(to: web.appendingPathComponent("app/app.js"))
    try Data("export {};".utf8).write(to: web.appendingPathComponent("toolkit/index.js"))
    return web
  }

  static func script(_ client: some TestClientProtocol) async throws -> String {
    let response = try await client.send(.get, "/sw.js")
    #expect(response.status == .ok)
    #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
    #expect(response.headers[.cacheControl] == "no-cache")
    return String(buffer: response.body)
  }

  @Test func theVersionFollowsTheShellsBytes() async throws {
    let web = try Self.makeWeb()
    defer { try? FileManager.default.removeItem(at: web) }
    try await TestApp.run(.with { $0.webDirectory = web }) { client in
      let first = try await Self.script(client)
      #expect(first.hasPrefix("const VERSION = \""))
      #expect(first.contains("const SHELL = [\"/app/app.css\",\"/dist/app.js\",\"/index.html\"];"))
      #expect(first.hasSuffix("// worker\n"))
      #expect(try await Self.script(client) == first)
      // The same size, another byte: another version.
      try Data("export {}!".utf8).write(to: web.appendingPathComponent("dist/app.js"))
      let second = try await Self.script(client)
      #expect(second != first)
      #expect(second.hasSuffix("// worker\n"))
      // A file outside the shell changes nothing: a note, a source of the bundle.
      try Data("other notes".utf8).write(to: web.appendingPathComponent("app/README.md"))
      try Data("export {}!".utf8).write(to: web.appendingPathComponent("app/app.js"))
      #expect(try await Self.script(client) == second)
    }
  }

  /// The real worker keeps what the page loads: the bundle, every module and stylesheet it
  /// imports or links (read from the bundle itself), and the engine; not the bundle's sources.
  @Test func theRealWorkerListsWhatThePageLoadsAndNoSources() async throws {
    let web = CompressedFilesTests.web
    try await TestApp.run(.with { $0.webDirectory = web }) { client in
      let script = try await Self.script(client)
      let shell = try Self.shell(of: script)
      for path in [
        "/index.html", "/dist/app.js", "/dist/app.css", "/lots.wasm",
        "/manifest.webmanifest", "/app/carousel.css", "/app/comments.css",
      ] {
        #expect(shell.contains(path), "\(path)")
      }
      // Every chunk and stylesheet the bundle names (`"./chunk-….js"`, `"/app/….css"`).
      let dist = web.appendingPathComponent("dist")
      var named = 0
      for name in try FileManager.default.contentsOfDirectory(atPath: dist.path)
      where name.hasSuffix(".js") {
        let text = try String(contentsOf: dist.appendingPathComponent(name), encoding: .utf8)
        for match in text.matches(of: /"(\.\/[\w-]+\.js|\/app\/[\w-]+\.css)"/) {
          let path = String(match.1)
          let expected = path.hasPrefix("./") ? "/dist/" + path.dropFirst(2) : path
          #expect(shell.contains(expected), "\(path) of \(name)")
          named += 1
        }
      }
      #expect(named > 20)
      #expect(!shell.contains("/sw.js"))
      #expect(!shell.contains { $0.hasPrefix("/toolkit/") || $0.hasSuffix(".map") })
      #expect(!shell.contains { $0.hasPrefix("/app/") && $0.hasSuffix(".js") })
    }
  }

  /// The paths of the script's `SHELL`.
  static func shell(of script: String) throws -> Set<String> {
    let line = try #require(
      script.split(separator: "\n").first { $0.hasPrefix("const SHELL = [") })
    return Set(line.matches(of: /"([^"]+)"/).map { String($0.1) })
  }
}
