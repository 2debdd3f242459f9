import ServiceLifecycle

/// One clock for every open stream: each tick wakes them all (``ChangeHub/tick()``) to send
/// held like counts that are due and heartbeats. Thousands of idle streams cost one timer, not
/// one each.
struct StreamClock: Service {
  let hub: ChangeHub
  let interval: Duration

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          try await Task.sleep(for: interval)
          hub.tick()
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
    }
  }
}
