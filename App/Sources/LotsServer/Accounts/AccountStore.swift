import Foundation
import LotsCore

/// What accounts and sessions need from storage (one implementation per backend).
protocol AccountStore: Sendable {
  /// Creates an account.
  /// - Throws: ``AppError`` 409 when the name is taken.
  func createUser(username: String, passwordHash: String, now: Date, role: AccountRole)
    async throws -> User
  /// The account with a name, and its password hash.
  func account(named username: String) async throws -> (user: User, passwordHash: String)?
  /// The user with an id.
  func user(id: Int64) async throws -> User?
  /// Stores a session by the hash of its token.
  func createSession(tokenHash: String, userID: Int64, expiresAt: Date) async throws
  /// The user of an unexpired session, and when it expires.
  func sessionUser(tokenHash: String, now: Date) async throws -> (user: User, expiresAt: Date)?
  /// Ends a session.
  func deleteSession(tokenHash: String) async throws
  /// Ends every session of a user.
  func deleteSessions(userID: Int64) async throws
  /// Sets a user's password hash and ends every session of theirs but `keeping`, at once,
  /// remembering the change's `Idempotency-Key` (nil forgets the last one's).
  func changePassword(
    userID: Int64, passwordHash: String, keeping tokenHash: String?, key: String?
  ) async throws
  /// The `Idempotency-Key` of the user's last password change, if it had one.
  func passwordChangeKey(userID: Int64) async throws -> String?
  /// Deletes every expired session.
  /// - Returns: How many there were.
  func deleteExpiredSessions(now: Date) async throws -> Int
}

extension AccountStore {
  /// Creates an ordinary member's account.
  /// - Throws: ``AppError`` 409 when the name is taken.
  func createUser(username: String, passwordHash: String, now: Date) async throws -> User {
    try await createUser(username: username, passwordHash: passwordHash, now: now, role: .member)
  }
}
