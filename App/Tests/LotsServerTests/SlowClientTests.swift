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
    let head = Array("GET /api/feed HTTP/1.1\r\nHo".utf8)
    guard connected == 0, send(socket, head, head.count, 0) == head.count else {
      close(socket)
      return nil
    }
    return socket
  }

  /// Whether the server closed `socket` within `seconds` (a read sees the end of the stream).
  static func closedByServer(_ socket: Int32, within seconds: Int) -> Bool {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, 0) == 0
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
      #expect(Self.closedByServer(sockets[0], within: 10))
      let open = sockets.dropFirst().prefix(200).first { !Self.closedByServer($0, within: 2) }
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
