import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  func addCollege(name: String, latitude: Double, longitude: Double) async throws -> Int64 {
    try await write { db in
      try db.execute(
        sql: "INSERT INTO college (name, nameKey, latitude, longitude) VALUES (?, ?, ?, ?)",
        arguments: [name, TextFolding.key(name), latitude, longitude])
      return db.lastInsertedRowID
    }
  }

  func colleges(matching text: String, limit: Int) async throws -> [College] {
    try readNow { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, name, latitude, longitude FROM college
          WHERE instr(nameKey, ?) > 0 ORDER BY nameKey, id LIMIT ?
          """, arguments: [TextFolding.key(text), limit]
      ).map { College(id: $0[0], name: $0[1], latitude: $0[2], longitude: $0[3]) }
    }
  }

  func college(id: Int64) async throws -> College? {
    try readNow { db in
      try Row.fetchOne(
        db, sql: "SELECT id, name, latitude, longitude FROM college WHERE id = ?",
        arguments: [id]
      ).map { College(id: $0[0], name: $0[1], latitude: $0[2], longitude: $0[3]) }
    }
  }

  func setCollege(_ collegeID: Int64?, accountID: Int64) async throws {
    try await write { db in
      if let collegeID {
        guard
          try Bool.fetchOne(
            db, sql: "SELECT 1 FROM college WHERE id = ?", arguments: [collegeID]) != nil
        else { throw PrintErrors.collegeNotFound }
      }
      try db.execute(
        sql: """
          INSERT INTO printProfile (accountId, collegeId) VALUES (?, ?)
          ON CONFLICT (accountId) DO UPDATE SET collegeId = excluded.collegeId
          """, arguments: [accountID, collegeID])
    }
  }

  func collegeID(accountID: Int64) async throws -> Int64? {
    try readNow { db in
      try Int64.fetchOne(
        db, sql: "SELECT collegeId FROM printProfile WHERE accountId = ?", arguments: [accountID])
    }
  }

  func printShopRows(in box: GeoBox, center: GeoPoint, viewerID: Int64?, limit: Int)
    async throws -> [PrintShopRow]
  {
    try readNow { db in
      try Self.shopRows(
        db, sql: PrintRows.nearSelect(sqlite: true),
        [
          box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude, limit,
          center.longitude, box.longitudeScale, center.latitude, viewerID ?? 0,
        ])
    }
  }

  func printShopRows(ids: [Int64], viewerID: Int64?) async throws -> [PrintShopRow] {
    guard !ids.isEmpty else { return [] }
    return try readNow { db in
      let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
      var arguments: StatementArguments = [viewerID ?? 0]
      for id in ids { _ = arguments.append(contentsOf: [id]) }
      let select = PrintRows.shopSelect(
        favourite: """
          EXISTS (SELECT 1 FROM printFavourite f WHERE f.accountId = ?
            AND f.storeId = printStore.id)
          """)
      return try Self.shopRows(
        db, sql: select + " WHERE id IN (\(marks)) ORDER BY id", arguments)
    }
  }

  /// The stores `sql` (``PrintRows/shopSelect(favourite:)``'s columns) reads.
  private static func shopRows(
    _ db: Database, sql: String, _ arguments: StatementArguments
  ) throws -> [PrintShopRow] {
    try Row.fetchAll(db, sql: sql, arguments: arguments).map {
      row in
      PrintShopRow(
        id: row[0], name: row[1], address: row[2], latitude: row[3], longitude: row[4],
        prices: row[5], pagesPerMinute: row[6], holdingHours: row[7], hours: row[8],
        timeZone: row[9], isOpen: row[10] as Int64 != 0, queueOrders: row[11],
        queuePages: row[12], favourite: row[13])
    }
  }

  func allPrintStores() async throws -> [(id: Int64, name: String, address: String)] {
    try readNow { db in
      try Row.fetchAll(db, sql: "SELECT id, name, address FROM printStore ORDER BY id").map {
        ($0[0], $0[1], $0[2])
      }
    }
  }

  func starredShopRows(accountID: Int64) async throws -> [PrintShopRow] {
    try readNow { db in
      try Self.shopRows(
        db,
        sql: PrintRows.shopSelect(favourite: "1")
          + " WHERE id IN (SELECT storeId FROM printFavourite WHERE accountId = ?) ORDER BY id",
        [accountID])
    }
  }

  func setFavourite(_ on: Bool, storeID: Int64, accountID: Int64, now: Date) async throws {
    try await write { db in
      try Self.requireStore(db, storeID)
      if on {
        try db.execute(
          sql: """
            INSERT INTO printFavourite (accountId, storeId, createdAt) VALUES (?, ?, ?)
            ON CONFLICT DO NOTHING
            """, arguments: [accountID, storeID, Self.millis(now)])
      } else {
        try db.execute(
          sql: "DELETE FROM printFavourite WHERE accountId = ? AND storeId = ?",
          arguments: [accountID, storeID])
      }
    }
  }

  func setStaff(accountID: Int64, storeID: Int64?) async throws {
    try await write { db in
      guard let storeID else {
        try db.execute(sql: "DELETE FROM printStaff WHERE accountId = ?", arguments: [accountID])
        return
      }
      try Self.requireStore(db, storeID)
      try db.execute(
        sql: """
          INSERT INTO printStaff (accountId, storeId) VALUES (?, ?)
          ON CONFLICT (accountId) DO UPDATE SET storeId = excluded.storeId
          """, arguments: [accountID, storeID])
    }
  }

  func staffStoreID(accountID: Int64) async throws -> Int64? {
    try readNow { db in
      try Int64.fetchOne(
        db, sql: "SELECT storeId FROM printStaff WHERE accountId = ?", arguments: [accountID])
    }
  }

  func setStoreState(storeID: Int64, isOpen: Bool, pagesPerMinute: Int) async throws {
    try await write { db in
      try Self.requireStore(db, storeID)
      try db.execute(
        sql: "UPDATE printStore SET isOpen = ?, pagesPerMinute = ? WHERE id = ?",
        arguments: [isOpen ? 1 : 0, pagesPerMinute, storeID])
    }
  }

  private static func requireStore(_ db: Database, _ storeID: Int64) throws {
    guard
      try Bool.fetchOne(db, sql: "SELECT 1 FROM printStore WHERE id = ?", arguments: [storeID])
        != nil
    else { throw PrintErrors.storeNotFound }
  }
}
