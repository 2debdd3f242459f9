import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  func addPrintFile(_ file: NewPrintFile, now: Date) async throws -> PrintFile {
    try await write { db in
      let held = try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM printFile WHERE accountId = ? AND orderId IS NULL",
        arguments: [file.accountID])!
      guard held < PrintLimits.unorderedFiles else { throw PrintErrors.tooManyFiles }
      let deleteAfter = Self.millis(now) + Int64(PrintLimits.unorderedDays) * 86_400_000
      try db.execute(
        sql: """
          INSERT INTO printFile (accountId, name, kind, bytes, sha256, pages, path, createdAt,
            deleteAfter) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          file.accountID, file.name, file.kind.rawValue, file.bytes, file.sha256, file.pages,
          file.path, Self.millis(now), deleteAfter,
        ])
      return PrintFile(
        id: db.lastInsertedRowID, name: file.name, kind: file.kind, pages: file.pages,
        bytes: file.bytes, deleteAfter: Self.date(deleteAfter))
    }
  }

  func unorderedPrintFiles(ids: [Int64], accountID: Int64) async throws -> [PricedFile] {
    guard !ids.isEmpty else { return [] }
    return try readNow { db in
      let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
      var arguments: StatementArguments = [accountID]
      for id in ids { _ = arguments.append(contentsOf: [id]) }
      return try Row.fetchAll(
        db,
        sql: """
          SELECT id, name, pages, sha256, bytes FROM printFile
          WHERE accountId = ? AND orderId IS NULL AND id IN (\(marks))
          """, arguments: arguments
      ).map { PricedFile(id: $0[0], name: $0[1], pages: $0[2], sha256: $0[3], bytes: $0[4]) }
    }
  }

  func printFileForDownload(id: Int64, viewerID: Int64, staffOf: Int64?) async throws
    -> (path: String, name: String, kind: PrintFile.Kind)?
  {
    try readNow { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT f.path, f.name, f.kind FROM printFile f LEFT JOIN printOrder o ON o.id = f.orderId
          WHERE f.id = ? AND (f.accountId = ? OR o.storeId = ?)
          """, arguments: [id, viewerID, staffOf ?? 0]
      ).map { ($0[0], $0[1], PrintFile.Kind(rawValue: $0[2]) ?? .pdf) }
    }
  }

  func printFileIsNamed(_ path: String) async throws -> Bool {
    try readNow { db in
      try Bool.fetchOne(db, sql: "SELECT 1 FROM printFile WHERE path = ?", arguments: [path])
        != nil
    }
  }

  func takeExpiredPrintFiles(now: Date, limit: Int) async throws -> [String] {
    try await write { db in
      let rows = try Row.fetchAll(
        db,
        sql: "SELECT id, path FROM printFile WHERE deleteAfter < ? ORDER BY deleteAfter LIMIT ?",
        arguments: [Self.millis(now), limit])
      for row in rows {
        try db.execute(sql: "DELETE FROM printFile WHERE id = ?", arguments: [row[0] as Int64])
      }
      return rows.map { $0[1] }
    }
  }

  /// Makes the files the order's, each in no other order.
  /// - Throws: ``PrintErrors/fileGone`` when one is ordered already or gone.
  static func attachFiles(_ db: Database, _ ids: [Int64], orderID: Int64, accountID: Int64)
    throws
  {
    for id in ids {
      try db.execute(
        sql: """
          UPDATE printFile SET orderId = ?, deleteAfter = ?
          WHERE id = ? AND accountId = ? AND orderId IS NULL
          """, arguments: [orderID, PrintLimits.never, id, accountID])
      guard db.changesCount == 1 else { throw PrintErrors.fileGone }
    }
  }

  /// Starts the countdown of a closed order's files.
  static func releaseFiles(_ db: Database, orderID: Int64, now: Date) throws {
    try db.execute(
      sql: "UPDATE printFile SET deleteAfter = ? WHERE orderId = ?",
      arguments: [Self.millis(now) + Int64(PrintLimits.closedDays) * 86_400_000, orderID])
  }
}
