import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct AccountRoutesTests {
  @Test func signUpSignInMeSignOut() async throws {
    try await TestApp.run { client in
      let session = try await client.signUp("ana")
      #expect(session.user.username == "ana")
      #expect(session.token.count >= 40)
      let me = try await client.send(.get, "/api/me", token: session.token)
      #expect(me.status == .ok)
      #expect(try me.decode(User.self) == session.user)

      let signIn = try await client.send(
        .post, "/api/sessions", json: #"{"username":"ANA","password":"password1"}"#)
      #expect(signIn.status == .created)
      let second = try signIn.decode(Session.self)
      #expect(second.token != session.token)

      let out = try await client.send(.delete, "/api/sessions/current", token: session.token)
      #expect(out.status == .noContent)
      let after = try await client.send(.get, "/api/me", token: session.token)
      #expect(after.status == .unauthorized)
      #expect(after.errorMessage == "the session token is invalid or expired")
      // The other session is unaffected.
      #expect(try await client.send(.get, "/api/me", token: second.token).status == .ok)
    }
  }

  @Test func duplicateNamesConflictCaseInsensitively() async throws {
    try await TestApp.run { client in
      _ = try await client.signUp("bruno")
      let again = try await client.send(
        .post, "/api/accounts", json: #"{"username":"Bruno","password":"password1"}"#)
      #expect(again.status == .conflict)
      #expect(
        again.errorMessage == "username 'Bruno' is already taken (or looks like a name that is)")
    }
  }

  @Test(arguments: [
    (#"{"username":"ab","password":"password1"}"#, "username must be 3 to 30 characters long"),
    (#"{"username":"abc","password":"short"}"#, "password must be at least 8 characters long"),
    // bcrypt stops at NUL: "password" + NUL + anything would all be one password.
    (
      #"{"username":"abc","password":"password\u0000tail"}"#,
      "password must not contain control characters (such as NUL)"
    ),
    (
      #"{"username":"abc","password":"\#(String(repeating: "é", count: 37))"}"#,
      "password must be at most 72 bytes long"
    ),
    (#"{"username":"../x","password":"password1"}"#, "username may contain only"),
    (#"{"username":"abc"}"#, "missing field 'password'"),
    (#"{"username":"abc","password":"password1","role":"admin"}"#, "unknown field 'role'"),
    (#"{"username":5,"password":"password1"}"#, "field 'username' must be of type"),
    (#"{"username":"abc","#, "malformed JSON body"),
    (#"[]"#, "the JSON body must be an object"),
  ])
  func badSignUpsAre400(body: String, message: String) async throws {
    try await TestApp.run { client in
      let response = try await client.send(.post, "/api/accounts", json: body)
      #expect(response.status == .badRequest)
      #expect(response.errorMessage?.hasPrefix(message) == true, "\(response.text)")
      #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    }
  }

  @Test func oversizeAndWrongTypeBodies() async throws {
    try await TestApp.run { client in
      let big = #"{"username":"abc","password":""# + String(repeating: "x", count: 70_000) + #""}"#
      let response = try await client.send(.post, "/api/accounts", json: big)
      #expect(response.status == .contentTooLarge)
      let text = try await client.send(
        .post, "/api/accounts", json: "username=abc",
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(text.status == .unsupportedMediaType)
    }
  }

  @Test func wrongPasswordAndUnknownUserLookTheSame() async throws {
    try await TestApp.run { client in
      _ = try await client.signUp("chen")
      let wrong = try await client.send(
        .post, "/api/sessions", json: #"{"username":"chen","password":"password2"}"#)
      let unknown = try await client.send(
        .post, "/api/sessions", json: #"{"username":"nobody","password":"password2"}"#)
      #expect(wrong.status == .unauthorized)
      #expect(unknown.status == .unauthorized)
      #expect(wrong.errorMessage == unknown.errorMessage)
    }
  }

  @Test func meNeedsAValidToken() async throws {
    try await TestApp.run { client in
      #expect(try await client.send(.get, "/api/me").status == .unauthorized)
      let forged = try await client.send(.get, "/api/me", token: "forged")
      #expect(forged.status == .unauthorized)
    }
  }

  @Test func expiredSessionsAreRefused() async throws {
    try await TestApp.run(.with { $0.policy.sessionLifetime = -1 }) { client in
      let session = try await client.signUp("dara")
      #expect(try await client.send(.get, "/api/me", token: session.token).status == .unauthorized)
    }
  }

  @Test func signInIsRateLimitedPerName() async throws {
    try await TestApp.run(.with { $0.rateLimits.signIn = .init(burst: 2, perSecond: 0.001) }) {
      client in
      _ = try await client.signUp("emeka")
      let body = #"{"username":"emeka","password":"wrongpass"}"#
      #expect(try await client.send(.post, "/api/sessions", json: body).status == .unauthorized)
      #expect(try await client.send(.post, "/api/sessions", json: body).status == .unauthorized)
      let limited = try await client.send(.post, "/api/sessions", json: body)
      #expect(limited.status == .tooManyRequests)
      #expect(limited.headers[.retryAfter] != nil)
    }
  }

  @Test func unknownRoutesAreJSON404() async throws {
    try await TestApp.run { client in
      let response = try await client.send(.get, "/api/nope")
      #expect(response.status == .notFound)
      #expect(response.errorMessage == "no such endpoint")
    }
  }
}

extension AccountRoutesTests {
  /// URLs end up in logs and histories: no token in one signs anyone in, not even the
  /// stream's (browsers send the session cookie).
  @Test func tokensInURLsNeverSignAnyoneIn() async throws {
    try await TestApp.run { client in
      let session = try await client.signUp("ana")
      let me = try await client.send(.get, "/api/me?token=\(session.token)")
      #expect(me.status == .unauthorized)
      let like = try await client.send(.put, "/api/posts/1/like?token=\(session.token)")
      #expect(like.status == .unauthorized)
    }
  }
}
