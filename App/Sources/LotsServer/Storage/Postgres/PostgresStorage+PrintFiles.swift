import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  func addPrintFile(_ file: NewPrintFile, now: Date) async throws -> PrintFile {
    try await transaction { [self] connection in
      // One upload at a time per person, so the limit holds.
      _ = try await lockBalance(accountID: file.accountID, on: connection)
      let held =
        try await value(
          Int64.self,
          """
          SELECT COUNT(*) FROM printFile WHERE accountId = \(file.accountID) AND orderId IS NULL
          """, on: connection) ?? 0
      guard held < PrintLimits.unorderedFiles else { throw PrintErrors.tooManyFiles }
      let millis = Self.millis(now)
      let deleteAfter = millis + Int64(PrintLimits.unorderedDays) * 86_400_000
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO printFile (accountId, name, kind, bytes, sha256, pages, path, createdAt,
            deleteAfter)
          VALUES (\(file.accountID), \(file.name), \(file.kind.rawValue), \(file.bytes),
            \(file.sha256), \(file.pages), \(file.path), \(millis), \(deleteAfter))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new file has no id") }
      return PrintFile(
        id: id, name: file.name, kind: file.kind, pages: file.pages, bytes: file.bytes,
        deleteAfter: Self.date(deleteAfter))
    }
  }

  func unorderedPrintFiles(ids: [Int64], accountID: Int64) async throws -> [PricedFile] {
    guard !ids.isEmpty else { return [] }
    return try await rows(
      """
      SELECT id, name, pages, sha256, bytes FROM printFile
      WHERE accountId = \(accountID) AND orderId IS NULL AND id = ANY(\(ids))
      """
    ) { row in
      PricedFile(
        id: try row[0].decode(Int64.self), name: try row[1].decode(String.self),
        pages: try row[2].decode(Int.self), sha256: try row[3].decode(String.self),
        bytes: try row[4].decode(Int.self))
    }
  }

  func printFileForDownload(id: Int64, viewerID: Int64, staffOf: Int64?) async throws
    -> (path: String, name: String, kind: PrintFile.Kind)?
  {
    let store = staffOf ?? 0
    return try await rows(
      """
      SELECT f.path, f.name, f.kind FROM printFile f LEFT JOIN printOrder o ON o.id = f.orderId
      WHERE f.id = \(id) AND (f.accountId = \(viewerID) OR o.storeId = \(store))
      """
    ) { row in
      (
        try row[0].decode(String.self), try row[1].decode(String.self),
        PrintFile.Kind(rawValue: try row[2].decode(String.self)) ?? .pdf
      )
    }.first
  }

  func printFileIsNamed(_ path: String) async throws -> Bool {
    try await value(Int64.self, "SELECT id FROM printFile WHERE path = \(path)") != nil
  }

  func takeExpiredPrintFiles(now: Date, limit: Int) async throws -> [String] {
    try await rows(
      """
      DELETE FROM printFile WHERE id IN (
        SELECT id FROM printFile WHERE deleteAfter < \(Self.millis(now))
        ORDER BY deleteAfter LIMIT \(limit) FOR UPDATE SKIP LOCKED)
      RETURNING path
      """
    ) { try $0[0].decode(String.self) }
  }

  /// Makes the files the order's, each in no other order.
  /// - Throws: ``PrintErrors/fileGone`` when one is ordered already or gone.
  func attachFiles(
    _ ids: [Int64], orderID: Int64, accountID: Int64, on connection: PostgresConnection
  ) async throws {
    guard !ids.isEmpty else { return }
    let attached = try await count(
      """
      UPDATE printFile SET orderId = \(orderID), deleteAfter = \(PrintLimits.never)
      WHERE id = ANY(\(ids)) AND accountId = \(accountID) AND orderId IS NULL
      RETURNING 1
      """, on: connection)
    guard attached == Set(ids).count, attached == ids.count else { throw PrintErrors.fileGone }
  }

  /// Starts the countdown of a closed order's files.
  func releaseFiles(orderID: Int64, now: Date, on connection: PostgresConnection) async throws {
    let deleteAfter = Self.millis(now) + Int64(PrintLimits.closedDays) * 86_400_000
    try await connection.query(
      "UPDATE printFile SET deleteAfter = \(deleteAfter) WHERE orderId = \(orderID)",
      logger: logger)
  }
}
