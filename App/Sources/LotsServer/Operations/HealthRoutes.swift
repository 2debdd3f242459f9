import Hummingbird
import LotsCore

/// What readiness needs from storage.
protocol HealthStore: Sendable {
  /// Returns when the database answers a query now.
  /// - Throws: ``AppError`` 503 when it cannot be reached (on PostgreSQL also while this
  ///   instance's notification connection is down: its streams would miss changes).
  func checkReady() async throws
  /// How often operations waited for the database (``DatabaseWaits``).
  var waits: DatabaseWaits { get }
}

/// `GET /health`: the process answers (alive). `GET /health/ready`: it can serve, the database
/// answering (200 `{"ready":true}`, else 503 with `Retry-After` and the reason): what a load
/// balancer asks before it sends traffic.
struct HealthRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("health") { _, _ in "ok" }
    router.get("health/ready") { _, _ -> Readiness in
      try await services.storage.checkReady()
      return Readiness(ready: true)
    }
  }
}

/// The answer of a ready server.
struct Readiness: ResponseEncodable {
  var ready: Bool
}
