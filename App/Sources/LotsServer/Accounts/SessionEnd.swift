/// Which sessions ended: what the cache forgets, the hub ends the streams of, and instances
/// tell each other (``SessionEnds``, as ``message``).
enum SessionEnd: Sendable, Equatable {
  /// One session, by the hash of its token (sign-out).
  case session(tokenHash: String)
  /// Every session of a user (sign-out everywhere, a new password).
  case user(Int64)
  /// Sessions may have ended unheard (the doorbell reconnected): every one is checked again.
  case unheard

  /// Reads a ``message``: `user:ID`, `*`, or anything else a token's hash.
  init(message: String) {
    if message == "*" {
      self = .unheard
    } else if message.hasPrefix("user:"), let id = Int64(message.dropFirst(5)) {
      self = .user(id)
    } else {
      self = .session(tokenHash: message)
    }
  }

  /// The end as it travels between instances (`NOTIFY lots_sessions`).
  var message: String {
    switch self {
    case .session(let tokenHash): tokenHash
    case .user(let id): "user:\(id)"
    case .unheard: "*"
    }
  }
}
