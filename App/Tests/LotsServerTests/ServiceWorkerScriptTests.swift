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
    try FileManager.default.createDirectory(
      at: web.appendingPathComponent("app"), withIntermediateDirectories: true)
    try Data("// worker\n".utf8).write(to: web.appendingPathComponent("sw.js"))
    try Data("<!doctype html>".utf8).write(to: web.appendingPathComponent("index.html"))
    try Data("export {};".utf8).write(to: web.appendingPathComponent("app/app.js"))
    try Data("body{}".utf8).write(to: web.appendingPathComponent("app/app.css"))
    try Data("notes".utf8).write(to: web.appendingPathComponent("app/README.md"))
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
      #expect(first.contains("const SHELL = [\"/app/app.css\",\"/app/app.js\",\"/index.html\"];"))
      #expect(first.hasSuffix("// worker\n"))
      #expect(try await Self.script(client) == first)
      // The same size, another byte: another version.
      try Data("export {}!".utf8).write(to: web.appendingPathComponent("app/app.js"))
      let second = try await Self.script(client)
      #expect(second != first)
      #expect(second.hasSuffix("// worker\n"))
      // A file outside the shell changes nothing.
      try Data("other notes".utf8).write(to: web.appendingPathComponent("app/README.md"))
      #expect(try await Self.script(client) == second)
    }
  }

  @Test func theRealWorkerListsTheAppsModulesAndEngine() async throws {
    try await TestApp.run(.with { $0.webDirectory = CompressedFilesTests.web }) { client in
      let script = try await Self.script(client)
      for path in [
        "\"/index.html\"", "\"/dist/app.js\"", "\"/app/app.js\"", "\"/app/detail.js\"",
        "\"/toolkit/index.js\"",
        "\"/lots.wasm\"", "\"/manifest.webmanifest\"",
      ] {
        #expect(script.contains(path), "\(path)")
      }
      #expect(!script.contains("\"/sw.js\""))
    }
  }
}
