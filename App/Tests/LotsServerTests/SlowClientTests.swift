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
    RawSocket.open(to: port, sending: Array("GET /api/feed HTTP/1.1\r\nHo".utf8))
  }

  @Test func threeThousandSlowClientsDoNotStopTheServerAndAreClosed() async throws {
    // From one address, as many as the cap on connections per address lets through: the cap
    // has a test of its own (HostileRequestTests); this one is about the idle timeout.
    let change = ConfigurationChange.with {
      ($0.idleTimeout, $0.connectionsPerAddress) = (.seconds(2), .max)
    }
    try await LiveServer.run(change) { port in
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
      // waits are hang guards, generous for a busy machine (the server's clock is 2 s); the
      // check stops at the first left open.
      #expect(await RawSocket.closedByServer(sockets[0], within: 120))
      var open: Int32?
      for socket in sockets.dropFirst().prefix(200) where open == nil {
        if await !RawSocket.closedByServer(socket, within: 30) { open = socket }
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
