import Foundation
import GRDB

extension SQLiteStorage {
  func deleteAccount(userID: Int64, now: Date) async throws -> LeftFiles {
    try await write { db in
      guard
        let username = try String.fetchOne(
          db, sql: "SELECT username FROM account WHERE id = ? AND deletedAt IS NULL",
          arguments: [userID])
      else { throw AppError.notFound("account") }
      let files = LeftFiles(
        imageKeys: try String.fetchAll(db, sql: AccountDeletion.imageKeysSQL(userID)),
        printFiles: try String.fetchAll(db, sql: AccountDeletion.printFilesSQL(userID)),
        exportFile: try String.fetchOne(
          db, sql: "SELECT file FROM dataExport WHERE accountId = ?", arguments: [userID]))
      for row in try Row.fetchAll(db, sql: AccountDeletion.activeOrdersSQL(userID)) {
        try Self.announceOrder(db, id: row[0], accountID: userID, storeID: row[1], now: now)
      }
      for statement in AccountDeletion.statements(
        userID: userID, username: username, now: Self.millis(now))
      {
        try db.execute(sql: statement)
      }
      return files
    }
  }

  func dataExport(userID: Int64) async throws -> DataExport? {
    try readNow { db in try Self.dataExport(db, userID: userID) }
  }

  static func dataExport(_ db: Database, userID: Int64) throws -> DataExport? {
    try Row.fetchOne(
      db, sql: "SELECT \(DataExport.columns) FROM dataExport WHERE accountId = ?",
      arguments: [userID]
    ).map { row in
      DataExport(
        state: .init(rawValue: row[0]) ?? .failed, requestedAt: date(row[1]),
        readyAt: (row[2] as Int64?).map(date), expiresAt: (row[3] as Int64?).map(date),
        bytes: row[4], file: row[5])
    }
  }

  func beginDataExport(userID: Int64, now: Date, reuseWithin: Double) async throws
    -> (export: DataExport, begun: Bool)
  {
    try await write { db in
      if let current = try Self.dataExport(db, userID: userID),
        DataExportRules.keeps(current, now: now, reuseWithin: reuseWithin)
      {
        return (current, false)
      }
      try db.execute(
        sql: """
          INSERT INTO dataExport (accountId, state, requestedAt) VALUES (?, 'building', ?)
          ON CONFLICT (accountId) DO UPDATE SET state = 'building',
            requestedAt = excluded.requestedAt
          """, arguments: [userID, Self.millis(now)])
      return (try Self.dataExport(db, userID: userID)!, true)
    }
  }

  func finishDataExport(userID: Int64, result: DataExport.Result, now: Date) async throws
    -> String?
  {
    try await write { db in
      let old = try String.fetchOne(
        db, sql: "SELECT file FROM dataExport WHERE accountId = ?", arguments: [userID])
      switch result {
      case .ready(let file, let bytes, let expiresAt):
        try db.execute(
          sql: """
            UPDATE dataExport SET state = 'ready', file = ?, bytes = ?, readyAt = ?,
              expiresAt = ?
            WHERE accountId = ?
            """,
          arguments: [file, bytes, Self.millis(now), Self.millis(expiresAt), userID])
        // A person deleted meanwhile has no row: their new archive goes too.
        return db.changesCount == 0 ? file : (old == file ? nil : old)
      case .failed:
        try db.execute(
          sql: "UPDATE dataExport SET state = 'failed', file = NULL WHERE accountId = ?",
          arguments: [userID])
        return old
      }
    }
  }

  func takeExpiredDataExports(now: Date, staleBefore: Date) async throws -> [String] {
    try await write { db in
      let condition = """
        (state = 'ready' AND expiresAt <= \(Self.millis(now)))
        OR (state = 'building' AND requestedAt < \(Self.millis(staleBefore)))
        """
      let files = try String.fetchAll(
        db, sql: "SELECT file FROM dataExport WHERE file IS NOT NULL AND (\(condition))")
      try db.execute(sql: "DELETE FROM dataExport WHERE \(condition)")
      return files
    }
  }

  func personalData(userID: Int64) async throws -> [(String, [[String: PersonalValue]])] {
    try readNow { db in
      try PersonalData.queries(userID: userID).map { name, sql in
        let rows = try Row.fetchAll(db, sql: sql).map { row in
          var values: [String: PersonalValue] = [:]
          for (column, value) in row {
            switch value.storage {
            case .int64(let number): values[column] = .integer(number)
            case .double(let number): values[column] = .number(number)
            case .string(let text): values[column] = .text(text)
            case .blob, .null: values[column] = .null
            }
          }
          return values
        }
        return (name, rows)
      }
    }
  }
}
