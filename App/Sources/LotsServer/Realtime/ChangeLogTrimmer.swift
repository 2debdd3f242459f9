import Foundation
import Logging
import ServiceLifecycle

/// Trims the change log to its retention policy once a minute.
struct ChangeLogTrimmer: Service {
  let store: any ChangeLogStore
  let hub: ChangeHub
  var logger = Logger(label: "lots.changes")

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          try await Task.sleep(for: .seconds(60))
          // A database that cannot be reached now is tried again next time, not a failure
          // that stops the server.
          do {
            try await trim(now: Date())
          } catch let error where !(error is CancellationError) {
            logger.warning("could not trim the change log: \(error)")
          }
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
    }
  }

  /// Trims the stored log, then the hub's tail to match, so that age limits apply to
  /// streams too.
  func trim(now: Date) async throws {
    try await store.trimChangeLog(now: now)
    if let oldest = try await store.oldestRetainedSequence() {
      hub.drop(through: oldest - 1)
    } else {
      hub.drop(through: try await store.currentSequence())
    }
  }
}
