import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LotsServer

#if canImport(Glibc)
  import Glibc
#endif

/// Connections an attacker holds open: thousands of clients that send a request head a byte at
/// a time cannot stop the server answering others, and are closed when the head does not come.
@Suite struct SlowClientTests {
  /// A socket to 127.0.0.1:`port` that has sent the first bytes of a request head and no more.
  static func slowClient(port: Int) -> Int32? {
    sending(Array("GET /api/feed HTTP/1.1\r\nHo".utf8), to: port)
  }

  /// A socket to 127.0.0.1:`port` that has sent `bytes` and no more.
  static func sending(_ bytes: [UInt8], to port: Int) -> Int32? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0, send(socket, bytes, bytes.count, 0) == bytes.count else {
      close(socket)
      return nil
    }
    return socket
  }

  /// The first `count` bytes the server sent on `socket` (fewer if it closed it: none when it
  /// sent nothing), waiting at most `seconds`, or nil. It polls, never holding a thread: the
  /// server under test runs on the same few threads.
  static func received(_ count: Int, on socket: Int32, within seconds: Double) async -> [UInt8]? {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let got = recv(socket, &bytes, count, Int32(MSG_DONTWAIT | MSG_PEEK))
      if got == count || got == 0 {
        _ = recv(socket, &bytes, got, Int32(MSG_DONTWAIT))
        return Array(bytes.prefix(got))
      }
      if got < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return [] }
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Whether the server closed `socket`, sending nothing, within `seconds`.
  static func closedByServer(_ socket: Int32, within seconds: Double) async -> Bool {
    await received(1, on: socket, within: seconds) == []
  }

  /// The status of the response the server sent on `socket` within `seconds`, or nil.
  static func status(of socket: Int32, within seconds: Double) async -> Int? {
    guard let bytes = await received(12, on: socket, within: seconds),
      let line = String(bytes: bytes, encoding: .ascii), line.hasPrefix("HTTP/1.1 ")
    else { return nil }
    return Int(line.dropFirst(9))
  }

  @Test func threeThousandSlowClientsDoNotStopTheServerAndAreClosed() async throws {
    try await LiveServer.run(.with { $0.idleTimeout = .seconds(2) }) { port in
      let sockets = (0..<3_000).compactMap { _ in Self.slowClient(port: port) }
      defer { for socket in sockets { close(socket) } }
      #expect(sockets.count == 3_000)
      // Everyone else is still answered while the 3,000 hold their connections.
      let api = LiveClient(port: port)
      for _ in 0..<20 {
        #expect(try await api.send(.get, "/api/feed?limit=5").status == .ok)
      }
      _ = try await api.signUp("ana")
      // The heads never complete: the server closes every one of them (idle timeout). The
      // first is given 10 s, the rest 2 s each, and the check stops at the first left open.
      #expect(await Self.closedByServer(sockets[0], within: 10))
      var open: Int32?
      for socket in sockets.dropFirst().prefix(200) where open == nil {
        if await !Self.closedByServer(socket, within: 2) { open = socket }
      }
      #expect(open == nil, "a slow client was left open")
    }
  }

  @Test func streamsAreCappedPerUserAndPerAddress() async throws {
    try await TestApp.run(.with { ($0.streamsPerUser, $0.streamsPerAddress) = (0, 64) }) {
      client in
      let ana = try await client.signUp("ana")
      let refused = try await client.send(.get, "/api/stream", token: ana.token)
      #expect(refused.status == .tooManyRequests)
      #expect(refused.errorMessage?.contains("too many open streams") == true)
    }
    try await TestApp.run(.with { ($0.streamsPerUser, $0.streamsPerAddress) = (16, 0) }) {
      client async throws in
      #expect(try await client.send(.get, "/api/stream").status == .tooManyRequests)
    }
  }

  @Test func theHubCountsStreamsPerUserAndAddress() async throws {
    try await TestApp.withSeeder(users: 0, posts: 0) { seeder in
      Self.countsStreams(seeder.services.hub)
    }
  }

  static func countsStreams(_ hub: ChangeHub) {
    let limits = (perUser: 2, perAddress: 3)
    let first = hub.subscribe(userID: 1, address: "a", limits: limits)
    #expect(first != nil)
    #expect(hub.subscribe(userID: 1, address: "a", limits: limits) != nil)
    #expect(hub.subscribe(userID: 1, address: "b", limits: limits) == nil, "a third for user 1")
    #expect(hub.subscribe(userID: 2, address: "a", limits: limits) != nil)
    #expect(hub.subscribe(userID: nil, address: "a", limits: limits) == nil, "a fourth at a")
    hub.unsubscribe(first!.id)
    #expect(hub.subscribe(userID: 1, address: "c", limits: limits) != nil)
  }
}
