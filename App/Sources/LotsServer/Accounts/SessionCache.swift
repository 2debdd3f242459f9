import Foundation
import LotsCore
import Synchronization

/// Recently checked sessions, so that a signed-in feed request costs one database read, not two.
///
/// Entries live a few seconds and never outlive the session; signing out removes the entry.
final class SessionCache: Sendable {
  private struct Entry {
    var user: User
    var expiresAt: Date
    var checkedAt: ContinuousClock.Instant
  }

  private let entries = Mutex<[String: Entry]>([:])
  private let lifetime: Duration

  init(lifetime: Duration = .seconds(10)) {
    self.lifetime = lifetime
  }

  /// The cached session of a token hash, if fresh and unexpired: its user and its expiry.
  func session(tokenHash: String, now: Date) -> (user: User, expiresAt: Date)? {
    entries.withLock { entries in
      guard let entry = entries[tokenHash] else { return nil }
      guard entry.expiresAt > now, entry.checkedAt.duration(to: .now) < lifetime else {
        entries[tokenHash] = nil
        return nil
      }
      return (entry.user, entry.expiresAt)
    }
  }

  /// Remembers a checked session.
  func store(_ user: User, expiresAt: Date, tokenHash: String) {
    entries.withLock { entries in
      if entries.count > 50_000 { entries.removeAll(keepingCapacity: true) }
      entries[tokenHash] = Entry(user: user, expiresAt: expiresAt, checkedAt: .now)
    }
  }

  /// Forgets a session (sign out).
  func remove(tokenHash: String) {
    _ = entries.withLock { $0.removeValue(forKey: tokenHash) }
  }

  /// Forgets every session of a user (sign out everywhere).
  func remove(userID: Int64) {
    entries.withLock { entries in entries = entries.filter { $0.value.user.id != userID } }
  }

  /// Forgets every session (sessions may have ended where this cache could not hear of it).
  func removeAll() {
    entries.withLock { $0.removeAll() }
  }

  /// Forgets the sessions that ended (all of them when some may have ended unheard).
  func forget(_ end: SessionEnd) {
    switch end {
    case .session(let tokenHash): remove(tokenHash: tokenHash)
    case .user(let id): remove(userID: id)
    case .unheard: removeAll()
    }
  }
}
