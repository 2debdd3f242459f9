import Synchronization

/// Announces that a transaction which appended to the change log has committed. Storage rings
/// it from its commit hook; the hub listens.
final class CommitSignal: Sendable {
  private let listeners = Mutex<[@Sendable () -> Void]>([])

  init() {}

  /// Calls `listener` after every such commit, from then on, on the committing thread (it
  /// must return quickly).
  func listen(_ listener: @escaping @Sendable () -> Void) {
    listeners.withLock { $0.append(listener) }
  }

  /// Called by storage after a commit that appended to the change log.
  func ring() {
    for listener in listeners.withLock({ $0 }) { listener() }
  }
}
