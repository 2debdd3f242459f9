import Foundation
import PostgresNIO

extension PostgresStorage: LeavingStore {
  func deleteAccount(userID: Int64, now: Date) async throws -> LeftFiles {
    try await transaction { [self] connection in
      // First: every change-log append of this transaction, the announcements' included,
      // waits for its turn once, here.
      guard
        let username = try await value(
          String.self,
          "SELECT username FROM account WHERE id = \(userID) AND deletedAt IS NULL",
          on: connection)
      else { throw AppError.notFound("account") }
      let files = LeftFiles(
        imageKeys: try await strings(AccountDeletion.imageKeysSQL(userID), on: connection),
        printFiles: try await strings(AccountDeletion.printFilesSQL(userID), on: connection),
        exportFile: try await value(
          String.self, "SELECT file FROM dataExport WHERE accountId = \(userID)",
          on: connection))
      let orders = try await rows(
        PostgresQuery(unsafeSQL: AccountDeletion.activeOrdersSQL(userID)), on: connection
      ) { (try $0[0].decode(Int64.self), try $0[1].decode(Int64.self)) }
      for (order, store) in orders {
        try await announceOrder(
          id: order, accountID: userID, storeID: store, now: now, on: connection)
      }
      for statement in AccountDeletion.statements(
        userID: userID, username: username, now: Self.millis(now))
      {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
      try await connection.query(
        PostgresQuery(unsafeSQL: "NOTIFY \(ChangeDoorbell.channel)"), logger: logger)
      // Every instance ends the person's sessions and streams.
      try await connection.query(
        "SELECT pg_notify(\(SessionEnds.channel), \(SessionEnd.user(userID).message))",
        logger: logger)
      return files
    }
  }

  /// The first column of each row of `sql`, as text.
  private func strings(_ sql: String, on connection: PostgresConnection) async throws
    -> [String]
  {
    try await rows(PostgresQuery(unsafeSQL: sql), on: connection) {
      try $0[0].decode(String.self)
    }
  }

  func dataExport(userID: Int64) async throws -> DataExport? {
    try await rows(
      "SELECT \(unescaped: DataExport.columns) FROM dataExport WHERE accountId = \(userID)",
      Self.dataExport
    ).first
  }

  static func dataExport(_ row: PostgresRandomAccessRow) throws -> DataExport {
    DataExport(
      state: .init(rawValue: try row[0].decode(String.self)) ?? .failed,
      requestedAt: date(try row[1].decode(Int64.self)),
      readyAt: try row[2].decode(Int64?.self).map(date),
      expiresAt: try row[3].decode(Int64?.self).map(date),
      bytes: try row[4].decode(Int64?.self).map { Int($0) },
      file: try row[5].decode(String?.self))
  }

  func beginDataExport(userID: Int64, now: Date, reuseWithin: Double) async throws
    -> (export: DataExport, begun: Bool)
  {
    try await transaction { [self] connection in
      // One person's two requests at once, on two instances: one build.
      try await connection.query(
        "SELECT 1 FROM account WHERE id = \(userID) FOR UPDATE", logger: logger)
      let query: PostgresQuery =
        "SELECT \(unescaped: DataExport.columns) FROM dataExport WHERE accountId = \(userID)"
      if let current = try await rows(query, on: connection, Self.dataExport).first,
        DataExportRules.keeps(current, now: now, reuseWithin: reuseWithin)
      {
        return (current, false)
      }
      try await connection.query(
        """
        INSERT INTO dataExport (accountId, state, requestedAt)
        VALUES (\(userID), 'building', \(Self.millis(now)))
        ON CONFLICT (accountId) DO UPDATE SET state = 'building',
          requestedAt = excluded.requestedAt
        """, logger: logger)
      let export = try await rows(query, on: connection, Self.dataExport).first!
      return (export, true)
    }
  }

  func finishDataExport(userID: Int64, result: DataExport.Result, now: Date) async throws
    -> String?
  {
    try await transaction { [self] connection in
      let old = try await value(
        String.self, "SELECT file FROM dataExport WHERE accountId = \(userID) FOR UPDATE",
        on: connection)
      switch result {
      case .ready(let file, let bytes, let expiresAt):
        let updated = try await count(
          """
          UPDATE dataExport SET state = 'ready', file = \(file), bytes = \(Int64(bytes)),
            readyAt = \(Self.millis(now)), expiresAt = \(Self.millis(expiresAt))
          WHERE accountId = \(userID) RETURNING 1
          """, on: connection)
        return updated == 0 ? file : (old == file ? nil : old)
      case .failed:
        try await connection.query(
          "UPDATE dataExport SET state = 'failed', file = NULL WHERE accountId = \(userID)",
          logger: logger)
        return old
      }
    }
  }

  func takeExpiredDataExports(now: Date, staleBefore: Date) async throws -> [String] {
    try await transaction { [self] connection in
      try await rows(
        """
        DELETE FROM dataExport
        WHERE (state = 'ready' AND expiresAt <= \(Self.millis(now)))
          OR (state = 'building' AND requestedAt < \(Self.millis(staleBefore)))
        RETURNING file
        """, on: connection
      ) { try $0[0].decode(String?.self) }.compactMap { $0 }
    }
  }

  func personalData(userID: Int64) async throws -> [(String, [[String: PersonalValue]])] {
    var tables: [(String, [[String: PersonalValue]])] = []
    for (name, sql) in PersonalData.queries(userID: userID) {
      tables.append(
        (
          name,
          try await rows(PostgresQuery(unsafeSQL: sql)) { row in
            var values: [String: PersonalValue] = [:]
            for cell in row { values[cell.columnName] = try Self.personalValue(cell) }
            return values
          }
        ))
    }
    return tables
  }

  private static func personalValue(_ cell: PostgresCell) throws -> PersonalValue {
    guard cell.bytes != nil else { return .null }
    switch cell.dataType {
    case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
    case .float4, .float8: return .number(try cell.decode(Double.self))
    case .bool: return .boolean(try cell.decode(Bool.self))
    default: return .text(try cell.decode(String.self))
    }
  }
}
