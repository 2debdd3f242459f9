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
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          try await Task.sleep(for: interval)
          // A database that cannot be reached now is tried again next time, not a failure
          // that stops the server.
          do {
            let swept = try await store.deleteExpiredSessions(now: Date())
            if swept > 0 { logger.debug("swept \(swept) expired sessions") }
          } catch let error where !(error is CancellationError) {
            logger.warning("could not sweep expired sessions: \(error)")
          }
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
    }
  }
}
