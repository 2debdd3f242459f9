import CoreMetrics
import Metrics
import Prometheus
import Synchronization

private typealias Counter = CoreMetrics.Counter
private typealias Gauge = CoreMetrics.Gauge
private typealias Timer = CoreMetrics.Timer

/// The server's own metrics, through swift-metrics with a factory of this server's (no global
/// bootstrap: each server in a process, each test's too, counts apart), written in the
/// Prometheus text format by `GET /metrics` (``MetricsRoutes``).
///
/// Counted as they happen: requests by method, route (the matched template, never the path
/// sent) and status, with their latency; rate-limit refusals (429s) by route; stream events
/// sent, and stream resets (events a stream could not be sent, replaced by a reload). Read when
/// scraped (``Sample``): open streams, the change log's lag behind the database, the upload
/// and password work in flight, and database operations waiting for their turn.
final class ServerMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()
  private let factory: PrometheusMetricsFactory
  private let delivered: Counter
  private let resets: Counter
  private let databaseWaits: Counter
  /// The waits already counted into ``databaseWaits`` (the storage keeps a running total).
  private let databaseWaitsCounted = Mutex(0)

  init() {
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
      .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]
    self.factory = factory
    delivered = Counter(label: "lots_stream_events_sent_total", factory: factory)
    resets = Counter(label: "lots_stream_resets_total", factory: factory)
    databaseWaits = Counter(label: "lots_database_waits_total", factory: factory)
  }

  /// The methods counted by name; any other a client invents is "other", so that no one can
  /// make a series per request.
  static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

  /// One request answered: `status` its code ("gone" when the client left first).
  func request(method: String, route: String, status: String, duration: Duration) {
    let labels = [("method", Self.methods.contains(method) ? method : "other"), ("route", route)]
    Counter(
      label: "lots_http_requests_total", dimensions: labels + [("status", status)],
      factory: factory
    ).increment()
    Timer(label: "lots_http_request_duration_seconds", dimensions: labels, factory: factory)
      .recordNanoseconds(duration.nanoseconds)
    if status == "429" {
      Counter(label: "lots_rate_limited_total", dimensions: [("route", route)], factory: factory)
        .increment()
    }
  }

  /// `count` events sent on a stream.
  func sent(_ count: Int = 1) { delivered.increment(by: count) }

  /// A stream told to reload (its cursor fell out of the retained log, or came from elsewhere).
  func reset() { resets.increment() }

  /// What is read when the metrics are scraped.
  struct Sample {
    var openStreams: Int
    /// Changes in the database that this instance's hub has not loaded yet.
    var changeLogLag: Int64
    var uploadsInFlight: Int
    var passwordChecksInFlight: Int
    /// Database operations waiting for SQLite's writer or a PostgreSQL connection now, and
    /// how many ever did (``DatabaseWaits``).
    var databaseWaiting = 0
    var databaseWaitedTotal = 0
  }

  /// The text of every metric, `sample` set first.
  func text(with sample: Sample) -> String {
    Gauge(label: "lots_streams_open", factory: factory).record(sample.openStreams)
    Gauge(label: "lots_change_log_lag", factory: factory).record(sample.changeLogLag)
    Gauge(label: "lots_work_in_flight", dimensions: [("work", "upload")], factory: factory)
      .record(sample.uploadsInFlight)
    Gauge(label: "lots_work_in_flight", dimensions: [("work", "password")], factory: factory)
      .record(sample.passwordChecksInFlight)
    Gauge(label: "lots_database_waiting", factory: factory).record(sample.databaseWaiting)
    let newWaits = databaseWaitsCounted.withLock { counted in
      defer { counted = max(counted, sample.databaseWaitedTotal) }
      return max(0, sample.databaseWaitedTotal - counted)
    }
    databaseWaits.increment(by: newWaits)
    return registry.emitToString()
  }
}
