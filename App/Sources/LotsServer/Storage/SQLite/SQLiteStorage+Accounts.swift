import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Creates an account; the password must already be hashed.
  /// - Throws: ``AppError`` 409 when the name is taken.
  func createUser(username: String, passwordHash: String, now: Date, role: AccountRole)
    async throws -> User
  {
    do {
      return try await write { db in
        if let until = try Int64.fetchOne(
          db,
          sql: AccountDeletion.reservedSQL(parameter: "?", now: Self.millis(now)),
          arguments: [UsernameSkeleton.of(username)])
        {
          throw AccountDeletion.reserved(username, until: Self.date(until))
        }
        let moderator: Bool
        switch role {
        case .member: moderator = false
        case .moderator: moderator = true
        case .moderatorIfFirst:
          moderator = try !Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE moderator = 1)")!
        }
        try db.execute(
          sql: """
            INSERT INTO account (username, skeleton, passwordHash, createdAt, moderator)
            VALUES (?, ?, ?, ?, ?)
            """,
          arguments: [
            username, UsernameSkeleton.of(username), passwordHash, Self.millis(now), moderator,
          ])
        return User(
          id: db.lastInsertedRowID, username: username,
          createdAt: Self.date(
            Self.millis(now)))
      }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
    {
      throw AppError.usernameTaken(username)
    }
  }

  /// The account with a user name (case-insensitive), with its password hash.
  func account(named username: String) async throws -> (user: User, passwordHash: String)? {
    try readNow { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT id, username, passwordHash, createdAt FROM account WHERE username = ?",
          arguments: [username])
      else { return nil }
      return (Self.user(row), row["passwordHash"] as String)
    }
  }

  /// The user with an id.
  func user(id: Int64) async throws -> User? {
    try readNow { db in
      try Row.fetchOne(
        db, sql: "SELECT id, username, createdAt FROM account WHERE id = ?", arguments: [id]
      ).map(Self.user)
    }
  }

  /// Stores a session by the hash of its token.
  func createSession(tokenHash: String, userID: Int64, expiresAt: Date) async throws {
    try await write { db in
      try db.execute(
        sql: "INSERT INTO session (tokenHash, userId, expiresAt) VALUES (?, ?, ?)",
        arguments: [tokenHash, userID, Self.millis(expiresAt)])
    }
  }

  /// Sets a user's password hash and ends every other session of theirs, in one transaction.
  func changePassword(
    userID: Int64, passwordHash: String, keeping tokenHash: String?, key: String?
  ) async throws {
    try await write { db in
      try db.execute(
        sql: "UPDATE account SET passwordHash = ?, passwordChangeKey = ? WHERE id = ?",
        arguments: [passwordHash, key, userID])
      try db.execute(
        sql: "DELETE FROM session WHERE userId = ? AND tokenHash IS NOT ?",
        arguments: [userID, tokenHash])
    }
  }

  /// The `Idempotency-Key` of the user's last password change, if it had one.
  func passwordChangeKey(userID: Int64) async throws -> String? {
    try readNow { db in
      try String.fetchOne(
        db, sql: "SELECT passwordChangeKey FROM account WHERE id = ?", arguments: [userID])
    }
  }

  /// Deletes every expired session (SessionSweeper calls it on a schedule).
  func deleteExpiredSessions(now: Date) async throws -> Int {
    try await write { db in
      try db.execute(
        sql: "DELETE FROM session WHERE expiresAt <= ?", arguments: [Self.millis(now)])
      return db.changesCount
    }
  }

  /// The user of an unexpired session, and when the session expires.
  func sessionUser(tokenHash: String, now: Date) async throws -> (user: User, expiresAt: Date)? {
    try readNow { db in
      try Row.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT account.id, account.username, account.createdAt, session.expiresAt
            FROM session JOIN account ON account.id = session.userId
            WHERE session.tokenHash = ? AND session.expiresAt > ?
            """), arguments: [tokenHash, Self.millis(now)]
      ).map { row in (Self.user(row), Self.date(row["expiresAt"])) }
    }
  }

  /// Deletes every session of a user (sign out everywhere).
  func deleteSessions(userID: Int64) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM session WHERE userId = ?", arguments: [userID])
    }
  }

  /// Deletes a session (sign out).
  func deleteSession(tokenHash: String) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash])
    }
  }

  static func user(_ row: Row) -> User {
    User(id: row["id"], username: row["username"], createdAt: date(row["createdAt"]))
  }
}
