import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LotsServer

/// Sign-in limits an attacker can neither use against the real user nor flush.
@Suite struct SignInLimitTests {
  /// One sign-in attempt: a name, a password, the client address a trusted proxy reports, and
  /// the status expected.
  typealias Attempt = (name: String, password: String, from: String, status: HTTPResponse.Status)

  /// Runs `attempts` in order against a live server on loopback with these budgets, after
  /// signing up "emeka" (password "password1"). The client waits as long as the server takes
  /// (a hang guard only): every sign-in hashes a password, and a busy machine is slow at it.
  static func expect(
    _ attempts: [Attempt], nameBurst: Double, clientBurst: Double, trustsLoopback: Bool = true
  ) async throws {
    try await LiveServer.run(
      .with {
        $0.rateLimits.signIn = .init(burst: nameBurst, perSecond: 0.001)
        $0.rateLimits.signInPerClient = .init(burst: clientBurst, perSecond: 0.001)
        $0.trustedProxies = trustsLoopback ? ["127.0.0.1"] : []
      }
    ) { port in
      let client = LiveClient(port: port)
      _ = try await client.signUp("emeka")
      for (index, attempt) in attempts.enumerated() {
        let response = try await client.send(
          .post, "/api/sessions",
          json: #"{"username":"\#(attempt.name)","password":"\#(attempt.password)"}"#,
          headers: [.xForwardedFor: attempt.from])
        #expect(response.status == attempt.status, "attempt \(index): \(attempt)")
      }
    }
  }

  /// Behind a trusted proxy: guesses from one address cost that address, never the real user
  /// signing in from another (successes cost nothing).
  @Test func guessesElsewhereNeverLockTheRealUserOut() async throws {
    let attacker = "203.0.113.9"
    let owner = "198.51.100.7"
    let guesses = [Attempt](repeating: ("emeka", "wrong-guess", attacker, .unauthorized), count: 3)
    let refused: [Attempt] = [
      ("emeka", "wrong-guess", attacker, .tooManyRequests),
      ("emeka", "password1", attacker, .tooManyRequests),  // even the right one, from there
    ]
    let owners = [Attempt](repeating: ("emeka", "password1", owner, .created), count: 5)
    try await Self.expect(guesses + refused + owners, nameBurst: 3, clientBurst: 1_000)
  }

  @Test func oneAddressCannotGuessAcrossManyAccounts() async throws {
    let attempts: [Attempt] =
      (0..<4).map { ("user\($0)", "password1", "203.0.113.9", .unauthorized) }
      + [
        ("user9", "password1", "203.0.113.9", .tooManyRequests),
        ("user9", "password1", "203.0.113.10", .unauthorized),
      ]
    // The signing up of emeka, from loopback, is not a sign-in: four guesses fill five.
    try await Self.expect(
      [("emeka", "password1", "203.0.113.9", .created)] + attempts, nameBurst: 3, clientBurst: 5)
  }

  /// No trusted proxy: X-Forwarded-For is ignored, so rotating it does not reset the limit.
  @Test func anUntrustedPeerCannotChooseItsAddress() async throws {
    let attempts: [Attempt] = [
      ("emeka", "wrong-guess", "10.0.0.1", .unauthorized),
      ("emeka", "wrong-guess", "10.0.0.2", .unauthorized),
      ("emeka", "wrong-guess", "10.0.0.99", .tooManyRequests),
    ]
    try await Self.expect(attempts, nameBurst: 2, clientBurst: 1_000, trustsLoopback: false)
  }
  /// The limiter and the database read one name: a name with a NUL and a tail (which the
  /// database once read as the name before the NUL) is refused before either, so no suffix
  /// buys a fresh budget; a password with a NUL is refused too, and a name longer than any
  /// account's costs the limiter nothing.
  @Test func credentialsWithControlCharactersAreRefusedBeforeTheLimiter() async throws {
    let attacker = "203.0.113.9"
    let owner = "198.51.100.7"
    let long = String(repeating: "g", count: 64_000)
    var attempts: [Attempt] = [
      ("emeka", "wrong-guess", attacker, .unauthorized),
      ("emeka", "wrong-guess", attacker, .tooManyRequests),
    ]
    for suffix in ["x", "y", "zz", ""] {
      attempts.append(("emeka\\u0000\(suffix)", "password1", attacker, .badRequest))
    }
    attempts += [
      ("emeka\\u0009", "password1", attacker, .badRequest),
      (long, "password1", attacker, .badRequest),
      ("EMEKA", "password1", attacker, .tooManyRequests),  // the name the limiter keeps
      ("emeka", "password1\\u0000tail", owner, .badRequest),
      ("emeka", "password1\\u0007", owner, .badRequest),
      ("emeka", "password1", owner, .created),
    ]
    try await Self.expect(attempts, nameBurst: 1, clientBurst: 1_000)
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
  /// Whatever keys it is sent, a limiter keeps at most its capacity of fixed-size buckets, and
  /// still holds back the key under attack.
  @Test func theLimiterIsBoundedWhateverItsKeys() {
    let limiter = RateLimiter(.init(burst: 10, perSecond: 0.000_1), capacity: 1_000)
    for _ in 0..<10 { #expect(limiter.take("victim") == nil) }
    #expect(limiter.take("victim") != nil)
    let padding = String(repeating: "n", count: 10_000)
    for index in 0..<5_000 {
      _ = limiter.take("\(padding)\(index)")
      #expect(limiter.count <= 1_000)
    }
    #expect(limiter.take("victim") != nil, "flushed by invented names")
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
