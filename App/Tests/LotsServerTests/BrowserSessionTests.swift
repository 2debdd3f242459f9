import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// Browsers sign in with an HttpOnly cookie; no other site can use it to act for a visitor;
/// a stale credential never breaks reading; signing out everywhere ends every session and its
/// streams; every response carries the security headers.
@Suite struct BrowserSessionTests {
  static let cookie = HTTPField.Name("Cookie")!

  /// The session cookie a response set, as a `Cookie` header value.
  static func cookieHeader(_ response: TestClient.Response) throws -> String {
    let value = try #require(response.headers[.setCookie])
    return String(value.split(separator: ";")[0])
  }

  @Test func signingUpSetsAnHttpOnlySameSiteCookie() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let plain = try await api.send(
        .post, "/api/accounts", json: #"{"username":"ana","password":"password1"}"#)
      let value = try #require(plain.headers[.setCookie])
      #expect(value.hasPrefix("lots_session="))
      #expect(value.contains("; HttpOnly") && value.contains("; SameSite=Lax"))
      #expect(value.contains("; Path=/") && !value.contains("Secure"))
      let proxied = try await api.send(
        .post, "/api/sessions", json: #"{"username":"ana","password":"password1"}"#,
        headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
      #expect(try #require(proxied.headers[.setCookie]).hasSuffix("; Secure"))
      // The cookie alone signs the browser in.
      let me = try await api.send(
        .get, "/api/me", headers: [Self.cookie: try Self.cookieHeader(plain)])
      #expect(me.status == .ok)
      #expect(
        try JSONCoding.decoder().decode(User.self, from: Data(buffer: me.body!)).username
          == "ana")
    }
  }

  @Test func anotherSiteCannotWriteWithTheVisitorsCookie() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      let post = try await api.post(token: ana.token)
      let signIn = try await api.send(
        .post, "/api/sessions", json: #"{"username":"ana","password":"password1"}"#)
      let cookie = try Self.cookieHeader(signIn)
      let like = "/api/posts/\(post.id)/like"
      let fetchSite = SameOriginMiddleware.fetchSite
      // Cross-site, by Sec-Fetch-Site or by Origin, or with no browser headers: refused.
      for headers: HTTPFields in [
        [Self.cookie: cookie, fetchSite: "cross-site"],
        [Self.cookie: cookie, fetchSite: "same-site"],
        [Self.cookie: cookie, .origin: "http://127.0.0.1:\(port + 1)"],
        [Self.cookie: cookie],
      ] {
        let response = try await api.send(.put, like, headers: headers)
        #expect(response.status == .forbidden, "\(headers)")
      }
      #expect(try await Self.likeCount(api, post.id) == 0)
      // Signing up or in from another site is refused too (no login CSRF).
      let foreignSignUp = try await api.send(
        .post, "/api/accounts", json: #"{"username":"eve","password":"password1"}"#,
        headers: [.origin: "http://evil.example"])
      #expect(foreignSignUp.status == .forbidden)
      // The app's own page may, and so may a native client with its bearer token.
      let own = try await api.send(
        .put, like, headers: [Self.cookie: cookie, fetchSite: "same-origin"])
      #expect(own.status == .ok)
      let native = try await api.send(.delete, like, token: ana.token)
      #expect(native.status == .ok)
      let sameOrigin = try await api.send(
        .put, like, headers: [Self.cookie: cookie, .origin: "http://127.0.0.1:\(port)"])
      #expect(sameOrigin.status == .ok)
    }
  }

  static func likeCount(_ api: LiveClient, _ id: Int64) async throws -> Int {
    let response = try await api.send(.get, "/api/posts/\(id)")
    return try JSONCoding.decoder().decode(Post.self, from: Data(buffer: response.body!))
      .likeCount
  }

  @Test func aStaleCredentialReadsAsSignedOut() async throws {
    try await TestApp.run { client in
      for headers: HTTPFields in [
        [.authorization: "Bearer forged"], [Self.cookie: "lots_session=forged"],
      ] {
        #expect(try await client.send(.get, "/api/feed", headers: headers).status == .ok)
        let me = try await client.send(.get, "/api/me", headers: headers)
        #expect(me.status == .unauthorized)
        #expect(me.errorMessage == "the session token is invalid or expired")
      }
    }
  }

  @Test func everyResponseCarriesTheSecurityHeaders() async throws {
    try await TestApp.run { client in
      for path in ["/health", "/api/feed", "/api/nothing-here"] {
        let response = try await client.send(.get, path)
        let policy = try #require(response.headers[.contentSecurityPolicy], "\(path)")
        #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval'"))
        #expect(policy.contains("frame-ancestors 'none'") && policy.contains("style-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
      }
    }
  }

  /// The policy governs documents and workers: it goes on every HTML response and on what a
  /// browser fetches as a document or worker, not on its modules, styles and wasm.
  @Test func thePolicyGoesOnDocumentsAndWorkers() async throws {
    try await TestApp.run(.with { $0.webDirectory = CompressedFilesTests.web }) { client in
      let destination = HTTPField.Name("Sec-Fetch-Dest")!
      for (path, dest, expected) in [
        ("/app/app.js", "script", false), ("/app/app.css", "style", false),
        ("/lots.wasm", "empty", false), ("/api/feed", "empty", false),
        ("/app/app.js", "serviceworker", true), ("/app/app.js", "worker", true),
        ("/", "document", true), ("/inspire", "document", true), ("/p/1", "iframe", true),
        ("/", "script", true),  // HTML always
      ] {
        let response = try await client.send(.get, path, headers: [destination: dest])
        #expect(
          (response.headers[.contentSecurityPolicy] != nil) == expected, "\(path) as \(dest)")
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
      }
    }
  }

  @Test func signingOutEverywhereEndsEverySessionAndItsStreams() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let phone = try await api.signUp("ana")
      let laptop = try await api.signIn("ana")
      // The laptop's stream ends when the phone signs out everywhere (no timeout).
      let events = try await api.streamEvents(token: laptop.token) {
        let out = try await api.send(.delete, "/api/sessions", token: phone.token)
        #expect(out.status == .noContent)
        #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
      }
      #expect(events.isEmpty)
      for token in [phone.token, laptop.token] {
        #expect(try await api.send(.get, "/api/me", token: token).status == .unauthorized)
      }
    }
  }

  /// Signing out ends the streams that session opened, at once, and no other session's: a
  /// stream is never left telling a signed-out browser its user's own events.
  @Test func signingOutEndsThatSessionsStreamsAndNoOthers() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let phone = try await api.signUp("ana")
      let laptop = try await api.signIn("ana")
      _ = try await api.signUp("bruno")
      // The phone's stream ends when the phone signs out (the client waits for the end).
      let events = try await api.streamEvents(token: phone.token) {
        let out = try await api.send(.delete, "/api/sessions/current", token: phone.token)
        #expect(out.status == .noContent)
      }
      #expect(events.isEmpty)
      // The laptop's goes on: it hears its own block, made after the phone signed out.
      let laptops = try await RawHTTPClient(port: port).events(
        "/api/stream", headers: ["Authorization": "Bearer \(laptop.token)"],
        during: {
          let out = try await api.send(.delete, "/api/sessions/current", token: phone.token)
          #expect(out.status == .unauthorized)
          let block = try await api.send(.put, "/api/users/bruno/block", token: laptop.token)
          #expect(block.status == .ok || block.status == .noContent)
        }
      ) { events in events.contains { $0.data.contains(#""kind":"block""#) } }
      #expect(laptops.contains { $0.data.contains(#""kind":"block""#) })
    }
  }

  /// A session's streams end when the session expires, though nobody signs out. (A stream
  /// that opens after its session expired is a visitor's, which nothing ends: on a machine so
  /// busy that the session expired before its stream opened, the test tries a longer one.)
  @Test func aStreamEndsWhenItsSessionExpires() async throws {
    let proven = Flag()
    for lifetime in [3.0, 12.0, 48.0] where !proven.value {
      try await LiveServer.run(.with { $0.policy.sessionLifetime = lifetime }) { port in
        let api = LiveClient(port: port)
        let ana = try await api.signUp("ana")
        let signedIn = Flag()
        // The timeout is a hang guard; a visitor's stream (opened too late) runs into it.
        let events = try? await RawHTTPClient(port: port).events(
          "/api/stream", headers: ["Authorization": "Bearer \(ana.token)"],
          timeout: .seconds(lifetime + 30),
          during: {
            let me = try await api.send(.get, "/api/me", token: ana.token)
            signedIn.set(me.status == .ok)
          }
        ) { _ in false }
        if signedIn.value {
          #expect(events?.isEmpty == true, "the stream of an expired session went on")
          proven.set(true)
        }
      }
    }
    #expect(proven.value, "the session expired before its stream opened, every time")
  }

  /// The hub ends the streams a session-end message names, and only those.
  @Test(.timeLimit(.minutes(5)))  // a hang guard: a busy machine is slow, not stuck
  func theHubEndsTheStreamsOfTheSessionsThatEnded() async throws {
    try await TestApp.withSeeder(users: 0, posts: 0) { seeder in
      let hub = seeder.services.hub
      let phone = try #require(hub.subscribe(userID: 1, session: "phone"))
      let laptop = try #require(hub.subscribe(userID: 1, session: "laptop"))
      let other = try #require(hub.subscribe(userID: 2, session: "other"))
      let version = hub.sessionVersion
      hub.endStreams(.session(tokenHash: "phone"))
      #expect(await Self.ended(phone))
      hub.endStreams(.unheard)
      #expect(hub.sessionVersion == version + 1, "every stream checks its session again")
      hub.endStreams(.user(1))
      #expect(await Self.ended(laptop))
      #expect(hub.subscriberCount == 1)
      hub.unsubscribe(other.id)
    }
  }

  /// Whether a subscription's wake-ups have finished (they end at once when it is ended).
  static func ended(_ subscription: Subscription) async -> Bool {
    var iterator = subscription.wakeups.makeAsyncIterator()
    while await iterator.next() != nil {}
    return true
  }
}

/// A flag set from one task and read from another.
final class Flag: Sendable {
  private let state = Mutex(false)

  var value: Bool { state.withLock { $0 } }

  func set(_ value: Bool) { state.withLock { $0 = value } }
}
