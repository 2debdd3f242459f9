import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

#if canImport(Glibc)
  import Glibc
#endif

/// The second hostile review (issue 24), request by request over real sockets: paths that are
/// not canonical, framing the parser lets through, foreign hosts, trickled heads and bodies,
/// one address holding every connection.
@Suite struct HostileRequestTests {
  /// The repository's web client, for the static folders' redirects.
  static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Web").standardized

  static var withWeb: ConfigurationChange { .with { $0.webDirectory = web } }

  static func get(_ path: String, port: Int, host: String? = nil) -> String {
    "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
  }

  /// Every spelling that is not the one canonical path of a resource is refused with 400,
  /// whatever folder or route it names, and no response leaves for another host.
  @Test func pathsThatAreNotCanonicalAre400AndNothingRedirectsOffTheOrigin() async throws {
    try await LiveServer.run(Self.withWeb) { port in
      let hostile = [
        "//moderation%00@evil.example/x", "//moderation", "//evil.example/", "/moderation%00",
        "/%2F%2Fevil.example", "/%2f%2fevil.example/", "/app%2Fapp.js", "/icon.svg%00.html",
        "/icon.svg%0a.html", "/icon.svg%7f", "/./index.html", "/app/../index.html",
        "/app/%2e%2e/index.html", "/%5Cevil.example", "/moderation%5C", "/a%25%32%46b",
        "/%E0%A4", "/%zz", "/api//sessions", "//api/feed", "/api/feed//", "/toolkit%00/",
        "/images/../../etc/passwd", "/moderation/%00", "/%C0%AF",
      ]
      for path in hostile {
        let (status, text) = await RawSocket.exchange(Self.get(path, port: port), port: port)
        #expect(status == 400, "\(path): \(text.prefix(200))")
        #expect(!text.lowercased().contains("\r\nlocation:"), "\(path) redirected: \(text)")
      }
      // A folder without its slash is still redirected, to a path of this origin.
      let (status, text) = await RawSocket.exchange(
        Self.get("/moderation", port: port), port: port)
      #expect(status == 301 || status == 308, "\(text.prefix(200))")
      #expect(
        text.contains("\r\nLocation: /moderation/\r\n")
          || text.contains("\r\nlocation: /moderation/\r\n"), "\(text)")
      // The file is served under its own name and type.
      let icon = await RawSocket.exchange(Self.get("/icon.svg", port: port), port: port)
      #expect(icon.status == 200)
      #expect(icon.text.lowercased().contains("content-type: image/svg+xml"))
    }
  }

  @Test func aRedirectLeavesTheOriginNever() {
    for location in ["/moderation/", "/", "/a/b?c=//d"] {
      #expect(CanonicalPathMiddleware<AppRequestContext>.isOwnOrigin(location), "\(location)")
    }
    for location in ["//evil.example/", "/\\evil.example", "https://evil.example/", "evil", ""] {
      #expect(!CanonicalPathMiddleware<AppRequestContext>.isOwnOrigin(location), "\(location)")
    }
  }

  /// Exactly one Host, naming this server; one framing of a body.
  @Test func framingAndHostsTheParserLetsThroughAreRefused() async throws {
    try await LiveServer.run { port in
      let cases: [(String, Int)] = [
        ("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", 400),
        ("GET /health HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421),
        ("GET /health HTTP/1.1\r\nHost: lots.rebound.example:\(port)\r\n\r\n", 421),
        ("GET /health HTTP/1.1\r\n\r\n", 400),
        (
          "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n", 400
        ),
        (
          "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
        ("GET /health HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n", 200),
        ("GET /health HTTP/1.1\r\nHost: [::1]:\(port)\r\n\r\n", 200),
      ]
      for (request, expected) in cases {
        let (status, text) = await RawSocket.exchange(
          request.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"),
          port: port)
        #expect(status == expected, "\(request.debugDescription): \(text.prefix(300))")
      }
    }
  }

  /// A malformed chunk, a body cut off mid-way, or a client gone mid-body is the client's
  /// doing: 400 (when anyone is left to hear it), never 500, and no line in the error log that
  /// anyone could flood.
  @Test func brokenBodiesAre400AndLogNoErrors() async throws {
    let records = RecordingLogHandler.Records()
    try await LiveServer.run(logger: RecordingLogHandler.logger(records)) { port in
      let head =
        "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      let chunked = head + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
      for body in ["zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}}}}\r\n0\r\n\r\n", "ffffffffffffffffff\r\n"] {
        let (status, text) = await RawSocket.exchange(chunked + body, port: port)
        #expect(
          status == 400 || status == 413 || status == nil, "\(body.debugDescription): \(text)")
        #expect(!text.contains(" 500 "), "\(text)")
      }
      // Gone mid-body: the head promises 100 bytes, 4 come, and the client leaves.
      for _ in 0..<5 {
        let socket = try #require(
          RawSocket.open(
            to: port,
            sending: Array((head + "Content-Length: 100\r\n\r\n{\"us").utf8)))
        shutdown(socket, Int32(SHUT_WR))
        let text = await RawSocket.response(on: socket, within: 60)
        close(socket)
        #expect(!text.contains(" 500 "), "\(text)")
      }
      let health = try await LiveClient(port: port).send(.get, "/health")
      #expect(health.status == .ok)
    }
    #expect(records.messages(atLeast: .error).isEmpty, "\(records.messages(atLeast: .error))")
  }

  /// A head trickled a byte at a time gets 408 once its deadline passes, however often bytes
  /// come (the idle timeout never fires for it).
  @Test func aTrickledHeadGets408() async throws {
    let change = ConfigurationChange.with {
      ($0.requestHeadTimeout, $0.idleTimeout) = (.milliseconds(800), .seconds(60))
    }
    try await LiveServer.run(change) { port in
      #expect(await Self.trickle("GET /api/feed HTTP/1.1\r\nHo", port: port) == 408)
    }
  }

  /// A JSON body trickled a byte at a time gets 408 (from the route that reads it, or, if a
  /// busy machine holds the route back, from the connection's own deadline).
  @Test func aTrickledBodyGets408() async throws {
    let change = ConfigurationChange.with { $0.requestBodyTimeout = .milliseconds(800) }
    try await LiveServer.run(change) { port in
      let head =
        "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 60000\r\n\r\n{\"username\":\""
      #expect(await Self.trickle(head, port: port) == 408)
    }
  }

  /// A body that no route reads, trickled, is cut by the connection's own deadline: the
  /// connection closes (after the route's answer) instead of being held for as long as bytes
  /// come.
  @Test func aTrickledBodyNoRouteReadsIsCut() async throws {
    let change = ConfigurationChange.with { $0.requestBodyTimeout = .milliseconds(200) }
    try await LiveServer.run(change) { port in
      let head =
        "PUT /api/posts/1/like HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 60000\r\n\r\n{"
      #expect(await Self.trickle(head, port: port, untilClosed: true) == 0)
    }
  }

  /// Sends `start`, then a byte every 100 ms (at most 1,200: two minutes, a bound for a busy
  /// machine, not the server's deadline) until the server answers, or with `untilClosed`
  /// until it closes the connection.
  /// - Returns: the status answered, 0 for a close that `untilClosed` waits for, nil for
  ///   neither.
  static func trickle(_ start: String, port: Int, untilClosed: Bool = false) async -> Int? {
    guard let socket = RawSocket.open(to: port, sending: Array(start.utf8)) else { return nil }
    defer { close(socket) }
    for _ in 0..<1_200 {
      let sent = RawSocket.write(Array("a".utf8), to: socket)
      try? await Task.sleep(for: .milliseconds(100))
      if untilClosed {
        RawSocket.drain(socket)
        if !sent { return 0 }
        if await RawSocket.received(1, on: socket, within: 0) == [] { return 0 }
      } else if let status = await RawSocket.status(of: socket, within: 0) {
        return status
      }
    }
    return nil
  }

  /// Past its cap, an address's new connections are closed at once; another address is
  /// served all the while, and the first is again once it lets some go.
  @Test func oneAddressCannotTakeEveryConnection() async throws {
    let change = ConfigurationChange.with {
      ($0.connectionsPerAddress, $0.idleTimeout) = (20, .seconds(120))
    }
    try await LiveServer.run(change) { port in
      // Twenty kept-alive connections, each of which has been answered once: the server has
      // counted every one (connections are counted on several event loops, in no set order).
      let keepAlive = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
      let held = (0..<20).compactMap { _ in
        RawSocket.open(to: port, sending: Array(keepAlive.utf8))
      }
      // Each closed once: a second close could close a descriptor the process reused since.
      defer { for socket in held.dropFirst() { close(socket) } }
      #expect(held.count == 20)
      for socket in held {
        #expect(await RawSocket.status(of: socket, within: 120) == 200)
        // The rest of the answer, to see later that nothing more came.
        try await Task.sleep(for: .milliseconds(20))
        RawSocket.drain(socket)
      }
      let extra = try #require(
        RawSocket.open(to: port, sending: Array(Self.get("/health", port: port).utf8)))
      defer { close(extra) }
      #expect(await RawSocket.closedByServer(extra, within: 120), "the 21st was served")
      for socket in held {
        #expect(await RawSocket.received(1, on: socket, within: 0) == nil, "a held one closed")
      }
      // Someone at another address is served.
      let other = try #require(
        RawSocket.open(
          to: port, from: "127.0.0.2", sending: Array(Self.get("/health", port: port).utf8)))
      defer { close(other) }
      #expect(await RawSocket.status(of: other, within: 120) == 200)
      // The first address, once it lets one go, is served again.
      close(held[0])
      var served = false
      for _ in 0..<100 where !served {
        let (status, _) = await RawSocket.exchange(Self.get("/health", port: port), port: port)
        served = status == 200
        if !served { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(served)
    }
  }

  @Test func connectionCountsForgetAddressesWithNone() {
    let counts = ConnectionCounts(limit: 2, exempt: ["10.0.0.1"])
    #expect(counts.open("a") && counts.open("a"))
    #expect(!counts.open("a"))
    #expect(counts.open("b"))
    counts.close("a")
    #expect(counts.open("a"))
    counts.close("b")
    #expect(counts.count(of: "b") == 0)
    // IPv6 by its /64; IPv4 (mapped or not) by its address; exempt proxies not at all.
    let key = { (text: String) in counts.key(of: try? SocketAddress(ipAddress: text, port: 1)) }
    #expect(key("2001:db8:1:2:aaaa::1") == key("2001:db8:1:2:bbbb::2"))
    #expect(key("2001:db8:1:2::1") != key("2001:db8:1:3::1"))
    #expect(key("::ffff:192.0.2.7") == "192.0.2.7")
    #expect(key("192.0.2.7") == "192.0.2.7")
    #expect(key("10.0.0.1") == nil)
  }

  /// Another site's page can neither sign its visitors up nor try passwords from their
  /// addresses, however the path is spelt; JSON routes read nothing but JSON.
  @Test func writesFromAnotherSiteAreRefusedWhateverThePath() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let body = #"{"username":"mallory","password":"password1"}"#
      let foreign: [HTTPFields] = [
        [.origin: "http://evil.example"], [SameOriginMiddleware.fetchSite: "cross-site"],
        [SameOriginMiddleware.fetchSite: "same-site"], [.origin: "null"],
      ]
      for path in ["/api/accounts", "/api/accounts/", "/api/sessions", "/api/sessions/"] {
        for headers in foreign {
          let response = try await api.send(.post, path, json: body, headers: headers)
          #expect(response.status == .forbidden, "\(path) \(headers)")
        }
      }
      for type in [nil, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"] {
        var headers: HTTPFields = [:]
        if let type { headers[.contentType] = type }
        let response = try await api.send(
          .post, "/api/accounts", headers: headers, body: ByteBuffer(string: body))
        #expect(response.status == .unsupportedMediaType, "\(type ?? "none")")
      }
      // The app itself, and a native client, still sign up.
      let own = try await api.send(
        .post, "/api/accounts", json: body,
        headers: [SameOriginMiddleware.fetchSite: "same-origin"])
      #expect(own.status == .created)
      let native = try await api.send(
        .post, "/api/accounts", json: #"{"username":"native","password":"password1"}"#,
        headers: [.contentType: "application/json; charset=utf-8"])
      #expect(native.status == .created)
    }
  }

  /// What the API answers is someone's own: no cache keeps it.
  @Test func privateResponsesAreNeverStored() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      for (path, token) in [
        ("/api/me", ana.token), ("/api/me", nil), ("/api/feed", ana.token),
        ("/api/me/likes", ana.token), ("/api/posts/999999", ana.token),
      ] {
        let response = try await api.send(.get, path, token: token)
        #expect(response.headers[.cacheControl] == "no-store", "\(path) \(response.status)")
      }
    }
  }

  /// The data directory and the database's files are private to the server's user, even when
  /// the directory was made open to everyone.
  @Test func theDataIsTheServersAlone() async throws {
    try await TestApp.withSeeder(users: 0, posts: 0) { seeder in
      let directory = seeder.services.configuration.dataDirectory.path
      let mode = { (path: String) -> Int? in
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
          .flatMap { $0 }
      }
      #expect(mode(directory) == 0o700)
      if StoreBackend.server == .sqlite {
        #expect(mode(directory + "/lots.sqlite") == 0o600)
      }
    }
  }
}
