import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LotsServer

/// Sign-in limits an attacker can neither use against the real user nor flush.
@Suite struct SignInLimitTests {
  static func signIn(
    _ client: some TestClientProtocol, _ name: String, _ password: String, from address: String
  ) async throws -> HTTPResponse.Status {
    let body = #"{"username":"\#(name)","password":"\#(password)"}"#
    let response = try await client.execute(
      uri: "/api/sessions", method: .post,
      headers: [.contentType: "application/json", .xForwardedFor: address],
      body: ByteBuffer(string: body))
    return response.status
  }

  /// Behind a trusted proxy on loopback: guesses from one address cost that address, never the
  /// real user signing in from another.
  @Test func guessesElsewhereNeverLockTheRealUserOut() async throws {
    try await TestApp.run(
      .with {
        $0.rateLimits.signIn = .init(burst: 3, perSecond: 0.001)
        $0.rateLimits.signInPerClient = .init(burst: 1_000, perSecond: 1)
        $0.trustedProxies = ["127.0.0.1"]
      }, over: .live
    ) { client async throws in
      _ = try await client.signUp("emeka")
      for _ in 0..<3 {
        #expect(
          try await Self.signIn(client, "emeka", "wrong-guess", from: "203.0.113.9")
            == .unauthorized)
      }
      #expect(
        try await Self.signIn(client, "emeka", "wrong-guess", from: "203.0.113.9")
          == .tooManyRequests)
      // Even the right password is refused from the attacker's address now...
      #expect(
        try await Self.signIn(client, "emeka", "password1", from: "203.0.113.9")
          == .tooManyRequests)
      // ...while the real user, elsewhere, signs in, again and again (successes cost nothing).
      for _ in 0..<5 {
        #expect(
          try await Self.signIn(client, "emeka", "password1", from: "198.51.100.7") == .created)
      }
    }
  }

  @Test func oneAddressCannotGuessAcrossManyAccounts() async throws {
    try await TestApp.run(
      .with {
        $0.rateLimits.signIn = .init(burst: 3, perSecond: 0.001)
        $0.rateLimits.signInPerClient = .init(burst: 5, perSecond: 0.001)
        $0.trustedProxies = ["127.0.0.1"]
      }, over: .live
    ) { client async throws in
      for index in 0..<5 {
        #expect(
          try await Self.signIn(client, "user\(index)", "password1", from: "203.0.113.9")
            == .unauthorized)
      }
      #expect(
        try await Self.signIn(client, "user9", "password1", from: "203.0.113.9")
          == .tooManyRequests)
      #expect(
        try await Self.signIn(client, "user9", "password1", from: "203.0.113.10") == .unauthorized)
    }
  }

  @Test func anUntrustedPeerCannotChooseItsAddress() async throws {
    // No trusted proxy: X-Forwarded-For is ignored, so rotating it does not reset the limit.
    try await TestApp.run(
      .with {
        $0.rateLimits.signIn = .init(burst: 2, perSecond: 0.001)
        $0.rateLimits.signInPerClient = .init(burst: 1_000, perSecond: 1)
      }, over: .live
    ) { client async throws in
      _ = try await client.signUp("emeka")
      for index in 0..<2 {
        #expect(
          try await Self.signIn(client, "emeka", "wrong-guess", from: "10.0.0.\(index)")
            == .unauthorized)
      }
      #expect(
        try await Self.signIn(client, "emeka", "wrong-guess", from: "10.0.0.99")
          == .tooManyRequests)
    }
  }
}

@Suite struct RateLimiterTests {
  @Test func inventedKeysCannotFlushALimitedOne() {
    let limiter = RateLimiter(.init(burst: 2, perSecond: 0.001), capacity: 100)
    #expect(limiter.take("target") == nil)
    #expect(limiter.take("target") == nil)
    #expect(limiter.take("target") != nil)
    for index in 0..<10_000 { _ = limiter.take("invented-\(index)") }
    #expect(limiter.count <= 100)
    #expect(limiter.take("target") != nil, "the limited key was forgotten")
  }

  @Test func refilledBucketsGoFirst() {
    let limiter = RateLimiter(.init(burst: 1, perSecond: 1_000_000), capacity: 10)
    for index in 0..<1_000 { _ = limiter.take("k\(index)") }
    #expect(limiter.count <= 10)
  }
}

@Suite struct ClientAddressTests {
  let proxies: Set<String> = ["10.0.0.1", "10.0.0.2"]

  func address(_ peer: String, _ forwarded: String?) -> String {
    var headers: HTTPFields = [:]
    if let forwarded { headers[.xForwardedFor] = forwarded }
    return ClientAddress.of(peer: peer, headers: headers, trusted: proxies)
  }

  @Test func readsForwardedForOnlyFromTrustedProxies() {
    #expect(address("198.51.100.7", "1.2.3.4") == "198.51.100.7")
    #expect(address("10.0.0.1", "198.51.100.7") == "198.51.100.7")
    #expect(address("10.0.0.1", nil) == "10.0.0.1")
    // Two proxies in a row; a forged entry the client sent sits left of its real address.
    #expect(address("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2") == "198.51.100.7")
    #expect(address("10.0.0.1", " , 198.51.100.7") == "198.51.100.7")
    #expect(address("10.0.0.1", String(repeating: "x", count: 65)) == "10.0.0.1")
  }
}
