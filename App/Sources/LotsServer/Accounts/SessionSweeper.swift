import Foundation
import Logging
import ServiceLifecycle

/// Deletes expired sessions on a schedule (every `interval`), so that a session nobody uses
/// again does not stay in the table until its owner next signs in.
struct SessionSweeper: Service {
  let store: any AccountStore
  var interval: Duration = .seconds(600)
  var logger = Logger(label: "lots.sessions")

  func run() async throws {
    try await sweepEvery(interval, logger: logger, what: "sweep expired sessions") {
      let swept = try await store.deleteExpiredSessions(now: Date())
      if swept > 0 { logger.debug("swept \(swept) expired sessions") }
    }
  }
}
