import Synchronization

/// Sessions ended on any instance (sign out, sign out everywhere, a new password), heard
/// through LISTEN/NOTIFY (``ChangeDoorbell``), so that every instance forgets them from its
/// ``SessionCache`` at once instead of accepting them for the cache's lifetime. Messages are
/// ``SessionEnd/message``s; `*` after the doorbell reconnected (what it missed).
final class SessionEnds: Sendable {
  static let channel = "lots_sessions"

  private let listeners = Mutex<[@Sendable (String) -> Void]>([])

  /// Calls `listener` with each message.
  func listen(_ listener: @escaping @Sendable (String) -> Void) {
    listeners.withLock { $0.append(listener) }
  }

  func announce(_ message: String) {
    for listener in listeners.withLock({ $0 }) { listener(message) }
  }
}
