import Foundation
import HTTPTypes
import LotsCore
import NIOCore
import Synchronization
import Testing

@testable import LotsServer

/// `GET /metrics`: what happened, in the Prometheus text format, for this machine or the
/// operator's token only.
@Suite struct MetricsTests {
  /// The value of the sample named `series` (name and labels exactly as written), if any.
  static func value(_ series: String, in text: String) -> Double? {
    text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
      .flatMap { Double($0.split(separator: " ").last ?? "") }
  }

  @Test func requestsStreamsAndWorkAreCountedForThisMachineOnly() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      for _ in 0..<3 { #expect(try await api.send(.get, "/api/feed").status == .ok) }
      _ = try await api.send(.get, "/api/posts/999999")
      // A stream held open while the metrics are read.
      let stream = Task {
        try await RawHTTPClient(port: port).events("/api/stream") { _ in false }
      }
      defer { stream.cancel() }
      var text = ""
      for _ in 0..<600 {
        let response = try await api.send(.get, "/metrics")
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
        text = String(buffer: response.body!)
        if Self.value("lots_streams_open", in: text) == 1 { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      let feed = #"lots_http_requests_total{method="GET",route="/api/feed",status="200"}"#
      #expect(Self.value(feed, in: text) == 3, "\(text)")
      let missing = #"lots_http_requests_total{method="GET",route="/api/posts/{id}",status="404"}"#
      #expect(Self.value(missing, in: text) == 1, "the template, never the path sent")
      #expect(!text.contains("999999"))
      #expect(
        Self.value(
          #"lots_http_request_duration_seconds_count{method="GET",route="/api/feed"}"#, in: text)
          == 3)
      #expect(Self.value("lots_streams_open", in: text) == 1, "\(text)")
      #expect(Self.value("lots_change_log_lag", in: text) == 0)
      #expect(Self.value(#"lots_work_in_flight{work="upload"}"#, in: text) == 0)
      #expect(Self.value(#"lots_work_in_flight{work="password"}"#, in: text) == 0)
      #expect(Self.value("lots_database_waiting", in: text) == 0)
      #expect(Self.value("lots_database_waits_total", in: text) != nil)
      // Through a proxy every visitor would come from this machine: forwarded, it is refused.
      let forwarded = try await api.send(
        .get, "/metrics", headers: [.xForwardedFor: "203.0.113.7"])
      #expect(forwarded.status == .forbidden)
      #expect(String(buffer: forwarded.body!).contains("--metrics-token"))
    }
  }

  @Test func theOperatorsTokenOpensThemFromElsewhere() async throws {
    let token = "a-long-operator-token-for-metrics"
    try await LiveServer.run(.with { $0.metricsToken = token }) { port in
      let api = LiveClient(port: port)
      let elsewhere: HTTPFields = [.xForwardedFor: "203.0.113.7"]
      #expect(try await api.send(.get, "/metrics", headers: elsewhere).status == .forbidden)
      let wrong = try await api.send(.get, "/metrics", token: token + "x", headers: elsewhere)
      #expect(wrong.status == .forbidden)
      let right = try await api.send(.get, "/metrics", token: token, headers: elsewhere)
      #expect(right.status == .ok)
      #expect(String(buffer: right.body!).contains("lots_streams_open"))
      // On this machine: no token is needed, and a wrong one is refused.
      #expect(try await api.send(.get, "/metrics").status == .ok)
      #expect(try await api.send(.get, "/metrics", token: "a guess").status == .forbidden)
    }
  }

  @Test func withoutMetricsThereIsNoAddressForThem() async throws {
    try await LiveServer.run(.with { $0.metricsEnabled = false }) { port in
      let response = try await LiveClient(port: port).send(.get, "/metrics")
      #expect(response.status == .notFound)
    }
  }

  @Test func refusalsByALimiterAreCountedByRoute() {
    let metrics = ServerMetrics()
    metrics.request(
      method: "POST", route: "/api/sessions", status: "429", duration: .milliseconds(3))
    metrics.request(
      method: "POST", route: "/api/sessions", status: "201", duration: .milliseconds(40))
    metrics.sent(2)
    metrics.reset()
    // Methods a client invents are one series, not one each.
    for index in 0..<50 {
      metrics.request(
        method: "BREW\(index)", route: "unmatched", status: "404", duration: .milliseconds(1))
    }
    var sample = ServerMetrics.Sample(
      openStreams: 0, changeLogLag: 0, uploadsInFlight: 1, passwordChecksInFlight: 2,
      databaseWaiting: 3, databaseWaitedTotal: 5)
    let text = metrics.text(with: sample)
    #expect(Self.value("lots_database_waiting", in: text) == 3)
    #expect(Self.value("lots_database_waits_total", in: text) == 5)
    sample.databaseWaitedTotal = 7
    #expect(Self.value("lots_database_waits_total", in: metrics.text(with: sample)) == 7)
    #expect(Self.value(#"lots_rate_limited_total{route="/api/sessions"}"#, in: text) == 1)
    #expect(Self.value("lots_stream_events_sent_total", in: text) == 2)
    #expect(Self.value("lots_stream_resets_total", in: text) == 1)
    #expect(
      Self.value(
        #"lots_http_requests_total{method="other",route="unmatched",status="404"}"#, in: text)
        == 50)
    #expect(!text.contains("BREW"))
    #expect(Self.value(#"lots_work_in_flight{work="password"}"#, in: text) == 2)
    #expect(
      Self.value(
        #"lots_http_request_duration_seconds_bucket{method="POST",route="/api/sessions",le="0.005"}"#,
        in: text) == 1)
  }

  /// Operations that find every place taken are counted as waiting while they wait, and as
  /// having waited ever after.
  @Test func databaseWaitsCountWhoFoundEveryPlaceTaken() async throws {
    let waits = DatabaseWaits(capacity: 1)
    final class Gate: Sendable { let open = Atomic(false) }
    let gate = Gate()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<3 {
        group.addTask {
          try await waits.measure {
            while !gate.open.load(ordering: .relaxed) {
              try await Task.sleep(for: .milliseconds(1))
            }
          }
        }
      }
      // However slow the machine: the three start in their own time.
      while waits.waiting < 2 { try await Task.sleep(for: .milliseconds(1)) }
      #expect(waits.waitedTotal == 2)
      gate.open.store(true, ordering: .relaxed)
      try await group.waitForAll()
    }
    #expect(waits.waiting == 0)
    #expect(waits.waitedTotal == 2)
  }
}
