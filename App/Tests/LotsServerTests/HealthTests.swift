import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import LotsCore
import Testing

@testable import LotsServer

/// Alive and ready, each request's id, and the one log line each request leaves.
@Suite struct HealthTests {
  @Test func aliveAndReadyWhenTheDatabaseAnswers() async throws {
    try await TestApp.run { client in
      let alive = try await client.send(.get, "/health")
      #expect(alive.status == .ok && alive.text == "ok")
      let ready = try await client.send(.get, "/health/ready")
      #expect(ready.status == .ok, "\(ready.text)")
      #expect(ready.text.replacingOccurrences(of: " ", with: "") == #"{"ready":true}"#)
    }
  }

  /// A PostgreSQL store whose notification connection is gone (closed here) is not ready: its
  /// streams would miss changes.
  @Test func postgreSQLWithoutItsNotificationsIsNotReady() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      let storage = try await PostgresStorage.open(
        url: url, connections: 2, logger: Logger(label: "lots-test-postgres"))
      try await storage.checkReady()
      storage.close()
      await #expect(throws: AppError.self) {
        for _ in 0..<1_000 {
          try await storage.checkReady()
          try await Task.sleep(for: .milliseconds(10))
        }
      }
    }
  }

  /// Each answer names its request; the log has one line for it with the method, the route's
  /// template, the status and the same id, and nothing a user sent: no token, no id from the
  /// path, no query.
  @Test func eachRequestIsOneLineWithItsIDAndNothingSecret() async throws {
    let records = RecordingLogHandler.Records()
    try await LiveServer.run(
      .with { $0.logLevel = .info }, logger: RecordingLogHandler.logger(records)
    ) {
      port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      let secret = "q-\(UUID().uuidString)"
      let first = try await api.send(.get, "/api/posts/987654?x=\(secret)", token: ana.token)
      let second = try await api.send(.get, "/api/feed?limit=3", token: ana.token)
      // A password signed in with (right and wrong) and a session's cookie are never logged.
      let password = "pw-\(UUID().uuidString.prefix(20))"
      let bruno = try await api.send(
        .post, "/api/accounts", json: #"{"username":"bruno","password":"\#(password)"}"#)
      let cookie = try #require(bruno.headers[.setCookie]?.split(separator: ";").first)
      for attempt in [password, password + "x"] {
        _ = try await api.send(
          .post, "/api/sessions", json: #"{"username":"bruno","password":"\#(attempt)"}"#)
      }
      #expect(
        try await api.send(.get, "/api/me", headers: [.cookie: String(cookie)]).status == .ok)
      let ids = [first, second].compactMap {
        $0.headers[RequestLogMiddleware<AppRequestContext>.header]
      }
      #expect(ids.count == 2 && ids[0] != ids[1] && !ids[0].isEmpty)
      let lines = records.entries(atLeast: .info).filter { $0.message == "request" }
      let line = try #require(lines.first { $0.metadata["request"] == ids[0] })
      #expect(line.metadata["method"] == "GET")
      #expect(line.metadata["route"] == "/api/posts/{id}")
      #expect(line.metadata["status"] == "404")
      #expect(Double(line.metadata["ms"] ?? "") != nil)
      #expect(lines.filter { $0.metadata["request"] == ids[1] }.count == 1)
      let everything = records.entries(atLeast: .trace).map { "\($0.message) \($0.metadata)" }
        .joined(separator: "\n")
      let session = String(cookie.split(separator: "=").last ?? "")
      for leak in [ana.token, secret, "987654", password, session] {
        #expect(!everything.contains(leak), "\(leak)")
      }
    }
  }
}
