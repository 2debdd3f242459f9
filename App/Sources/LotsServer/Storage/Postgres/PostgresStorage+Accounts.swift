import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: AccountStore {
  /// Creates an account; the password must already be hashed.
  /// - Throws: ``AppError`` 409 when the name is taken (in any case).
  func createUser(username: String, passwordHash: String, now: Date, role: AccountRole)
    async throws -> User
  {
    let createdAt = Self.millis(now)
    do {
      return try await transaction(ordered: false) { [self] connection in
        var binds = PostgresBindings()
        binds.append(UsernameSkeleton.of(username))
        if let until = try await value(
          Int64.self,
          PostgresQuery(
            unsafeSQL: AccountDeletion.reservedSQL(parameter: "$1", now: createdAt), binds: binds),
          on: connection)
        {
          throw AccountDeletion.reserved(username, until: Self.date(until))
        }
        let moderator: Bool
        switch role {
        case .member: moderator = false
        case .moderator: moderator = true
        case .moderatorIfFirst:
          // One first moderator however many sign up at once, on however many instances.
          try await connection.query(
            "LOCK TABLE account IN SHARE ROW EXCLUSIVE MODE", logger: logger)
          moderator =
            try await connection.query(
              "SELECT NOT EXISTS (SELECT 1 FROM account WHERE moderator)", logger: logger
            ).decode(Bool.self).first { _ in true } ?? true
        }
        let rows = try await connection.query(
          """
          INSERT INTO account (username, skeleton, passwordHash, createdAt, moderator)
          VALUES (\(username), \(UsernameSkeleton.of(username)), \(passwordHash), \(createdAt),
            \(moderator)) RETURNING id
          """, logger: logger)
        guard let id = try await rows.decode(Int64.self).first(where: { _ in true }) else {
          throw AppError(.internalServerError, "the new account has no id")
        }
        return User(id: id, username: username, createdAt: Self.date(createdAt))
      }
    } catch  where Self.isUniqueViolation(error) {
      throw AppError.usernameTaken(username)
    }
  }

  /// The account with a user name (case-insensitive), with its password hash.
  func account(named username: String) async throws -> (user: User, passwordHash: String)? {
    let rows = try await query(
      """
      SELECT id, username, createdAt, passwordHash FROM account
      WHERE lower(username) = lower(\(username))
      """)
    for try await (id, name, createdAt, hash) in rows.decode((Int64, String, Int64, String).self) {
      return (User(id: id, username: name, createdAt: Self.date(createdAt)), hash)
    }
    return nil
  }

  /// The user with an id.
  func user(id: Int64) async throws -> User? {
    let rows = try await query(
      "SELECT id, username, createdAt FROM account WHERE id = \(id)")
    for try await (id, name, createdAt) in rows.decode((Int64, String, Int64).self) {
      return User(id: id, username: name, createdAt: Self.date(createdAt))
    }
    return nil
  }

  /// Stores a session by the hash of its token.
  func createSession(tokenHash: String, userID: Int64, expiresAt: Date) async throws {
    try await query(
      """
      INSERT INTO session (tokenHash, userId, expiresAt)
      VALUES (\(tokenHash), \(userID), \(Self.millis(expiresAt)))
      """)
  }

  /// The user of an unexpired session, and when the session expires.
  func sessionUser(tokenHash: String, now: Date) async throws -> (user: User, expiresAt: Date)? {
    let rows = try await query(
      """
      SELECT account.id, account.username, account.createdAt, session.expiresAt
      FROM session JOIN account ON account.id = session.userId
      WHERE session.tokenHash = \(tokenHash) AND session.expiresAt > \(Self.millis(now))
      """)
    for try await (id, name, createdAt, expiresAt) in rows.decode(
      (Int64, String, Int64, Int64).self)
    {
      return (User(id: id, username: name, createdAt: Self.date(createdAt)), Self.date(expiresAt))
    }
    return nil
  }

  /// Deletes a session (sign out).
  func deleteSession(tokenHash: String) async throws {
    try await query(
      """
      WITH ended AS (DELETE FROM session WHERE tokenHash = \(tokenHash))
      SELECT pg_notify(\(SessionEnds.channel), \(tokenHash))
      """)
  }

  /// Deletes every session of a user (sign out everywhere).
  func deleteSessions(userID: Int64) async throws {
    try await query(
      """
      WITH ended AS (DELETE FROM session WHERE userId = \(userID))
      SELECT pg_notify(\(SessionEnds.channel), \(SessionEnd.user(userID).message))
      """)
  }

  /// The `Idempotency-Key` of the user's last password change, if it had one.
  func passwordChangeKey(userID: Int64) async throws -> String? {
    try await value(String.self, "SELECT passwordChangeKey FROM account WHERE id = \(userID)")
  }

  /// Sets a user's password hash and ends every other session of theirs, in one transaction.
  func changePassword(
    userID: Int64, passwordHash: String, keeping tokenHash: String?, key: String?
  ) async throws {
    try await transaction(ordered: false) { [self] connection in
      try await connection.query(
        """
        UPDATE account SET passwordHash = \(passwordHash), passwordChangeKey = \(key)
        WHERE id = \(userID)
        """, logger: logger)
      try await connection.query(
        """
        DELETE FROM session WHERE userId = \(userID) AND tokenHash IS DISTINCT FROM \(tokenHash)
        """, logger: logger)
      let ended = SessionEnd.user(userID).message
      try await connection.query(
        "SELECT pg_notify(\(SessionEnds.channel), \(ended))", logger: logger)
    }
  }

  /// Deletes every expired session (SessionSweeper calls it on a schedule).
  func deleteExpiredSessions(now: Date) async throws -> Int {
    let rows = try await query(
      "DELETE FROM session WHERE expiresAt <= \(Self.millis(now)) RETURNING 1")
    var count = 0
    for try await _ in rows { count += 1 }
    return count
  }
}
