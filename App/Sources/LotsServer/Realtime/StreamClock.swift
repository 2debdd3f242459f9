import ServiceLifecycle

/// One clock for every open stream: each tick wakes them all (``ChangeHub/tick()``) to send
/// held like counts that are due and heartbeats. Thousands of idle streams cost one timer, not
/// one each.
struct StreamClock: Service {
  let hub: ChangeHub
  let interval: Duration

  /// The tick for streams whose like counts are coalesced over `coalescing`: as often, but at
  /// most a second apart (heartbeats are due on it) and never so often that the clock spins
  /// (no coalescing at all).
  static func interval(coalescing: Duration) -> Duration {
    min(max(coalescing, .milliseconds(10)), .seconds(1))
  }

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
