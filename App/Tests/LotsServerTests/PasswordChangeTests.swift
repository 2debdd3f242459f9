import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

/// Changing a password ends every other session and its streams; sessions nobody uses again
/// are swept on a schedule.
@Suite struct PasswordChangeTests {
  static func change(_ current: String, _ new: String) -> String {
    #"{"currentPassword":"\#(current)","newPassword":"\#(new)"}"#
  }

  @Test func endsEveryOtherSessionAndItsStreamsAndKeepsThisOne() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let phone = try await api.signUp("ana")
      let stolen = try await api.signIn("ana")
      // The other session's stream ends when the phone changes the password (no timeout).
      let events = try await api.streamEvents(token: stolen.token) {
        let changed = try await api.send(
          .put, "/api/me/password", json: Self.change("password1", "a-new-password"),
          token: phone.token)
        #expect(changed.status == .noContent)
      }
      #expect(events.isEmpty)
      #expect(try await api.send(.get, "/api/me", token: stolen.token).status == .unauthorized)
      #expect(try await api.send(.get, "/api/me", token: phone.token).status == .ok)
      let old = #"{"username":"ana","password":"password1"}"#
      #expect(try await api.send(.post, "/api/sessions", json: old).status == .unauthorized)
      let new = #"{"username":"ana","password":"a-new-password"}"#
      #expect(try await api.send(.post, "/api/sessions", json: new).status == .created)
    }
  }

  @Test func refusesAWrongCurrentPasswordOrABadNewOneAndChangesNothing() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let other = try await client.send(
        .post, "/api/sessions", json: #"{"username":"ana","password":"password1"}"#
      ).decode(Session.self)
      // Each refusal names the field at fault, for the page to show it beside that field.
      let cases: [(String, HTTPResponse.Status, String, String?)] = [
        (
          Self.change("not-my-password", "a-new-password"), .forbidden, "current password",
          "currentPassword"
        ),
        (Self.change("password1", "short"), .badRequest, "at least 8", "newPassword"),
        (Self.change("password1", "nul\\u0000inside"), .badRequest, "NUL", "newPassword"),
        (#"{"newPassword":"a-new-password"}"#, .badRequest, "currentPassword", nil),
      ]
      for (body, status, message, field) in cases {
        let response = try await client.send(
          .put, "/api/me/password", json: body, token: ana.token)
        #expect(response.status == status, "\(body)")
        #expect(response.errorMessage?.contains(message) == true, "\(response.text)")
        if let field {
          #expect(response.text.contains(#""field":"\#(field)""#), "\(response.text)")
        }
      }
      #expect(try await client.send(.get, "/api/me", token: other.token).status == .ok)
      #expect(
        try await client.send(.put, "/api/me/password", json: Self.change("a", "b")).status
          == .unauthorized)
    }
  }

  /// A change whose answer was lost, sent again with its `Idempotency-Key`, is told it is
  /// made (its new password is now the current one) and changes nothing more; the same key
  /// with another new password, or the retry without the key, is still refused.
  @Test func aRetriedChangeWithItsKeySucceedsOnce() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let key = PostRoutes.idempotencyKeyField
      func change(_ body: String, key value: String?) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let value { headers[key] = value }
        return try await client.send(
          .put, "/api/me/password", json: body, token: ana.token, headers: headers)
      }
      let body = Self.change("password1", "a-new-password")
      #expect(try await change(body, key: "change-1").status == .noContent)
      let retried = try await change(body, key: "change-1")
      #expect(retried.status == .noContent, "\(retried.text)")
      #expect(try await client.send(.get, "/api/me", token: ana.token).status == .ok)
      for (body, value) in [
        (Self.change("password1", "yet-another-one"), "change-1"), (body, "change-2"),
        (body, nil),
      ] {
        let refused = try await change(body, key: value)
        #expect(refused.status == .forbidden, "\(body) \(value ?? "no key")")
        #expect(refused.text.contains(#""field":"currentPassword""#))
      }
      #expect(
        try await change(body, key: String(repeating: "k", count: 101)).status == .badRequest)
      let signIn = #"{"username":"ana","password":"a-new-password"}"#
      #expect(try await client.send(.post, "/api/sessions", json: signIn).status == .created)
    }
  }

  @Test func expiredSessionsAreSweptWithoutAnyoneSigningIn() async throws {
    try await TestApp.withSeeder(users: 1, posts: 0) { seeder in
      let storage = seeder.services.storage
      let user = try await storage.createUser(username: "ana", passwordHash: "x", now: Date())
      try await storage.createSession(
        tokenHash: "old", userID: user.id, expiresAt: Date().addingTimeInterval(-1))
      try await storage.createSession(
        tokenHash: "new", userID: user.id, expiresAt: Date().addingTimeInterval(3_600))
      #expect(try await storage.deleteExpiredSessions(now: Date()) == 1)
      #expect(try await storage.sessionUser(tokenHash: "new", now: Date()) != nil)
      #expect(try await storage.deleteExpiredSessions(now: Date()) == 0)
    }
  }
}
