import Logging
import ServiceLifecycle

/// The loop of a service that tidies on a schedule: wait `interval`, run `pass`, again, until
/// graceful shutdown (a normal end, not a failure). A pass that fails (a database that cannot
/// be reached now) is logged as `what` and tried again next time; it never stops the server.
func sweepEvery(
  _ interval: Duration, logger: Logger, what: String,
  _ pass: @escaping @Sendable () async throws -> Void
) async throws {
  do {
    try await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        do {
          try await pass()
        } catch let error where !(error is CancellationError) {
          logger.warning("could not \(what): \(error)")
        }
      }
    }
  } catch is CancellationError {
    // Shutdown.
  }
}
