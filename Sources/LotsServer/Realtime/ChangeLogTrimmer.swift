import Foundation
import ServiceLifecycle

/// Trims the change log to its retention policy once a minute.
struct ChangeLogTrimmer: Service {
  let database: AppDatabase

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          try await Task.sleep(for: .seconds(60))
          try await database.trimChangeLog(now: Date())
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
    }
  }
}
