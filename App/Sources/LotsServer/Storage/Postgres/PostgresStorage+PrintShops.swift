import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  func addCollege(name: String, latitude: Double, longitude: Double) async throws -> Int64 {
    let key = TextFolding.key(name)
    guard
      let id = try await value(
        Int64.self,
        """
        INSERT INTO college (name, nameKey, latitude, longitude)
        VALUES (\(name), \(key), \(latitude), \(longitude)) RETURNING id
        """)
    else { throw AppError(.internalServerError, "the new college has no id") }
    return id
  }

  func colleges(matching text: String, limit: Int) async throws -> [College] {
    let key = TextFolding.key(text)
    return try await rows(
      """
      SELECT id, name, latitude, longitude FROM college
      WHERE strpos(nameKey, \(key)) > 0 ORDER BY nameKey, id LIMIT \(limit)
      """, Self.college)
  }

  func college(id: Int64) async throws -> College? {
    try await rows(
      "SELECT id, name, latitude, longitude FROM college WHERE id = \(id)", Self.college
    ).first
  }

  private static func college(_ row: PostgresRandomAccessRow) throws -> College {
    College(
      id: try row[0].decode(Int64.self), name: try row[1].decode(String.self),
      latitude: try row[2].decode(Double.self), longitude: try row[3].decode(Double.self))
  }

  func setCollege(_ collegeID: Int64?, accountID: Int64) async throws {
    try await transaction { [self] connection in
      if let collegeID {
        guard
          try await value(
            Int64.self, "SELECT id FROM college WHERE id = \(collegeID)", on: connection)
            != nil
        else { throw PrintErrors.collegeNotFound }
      }
      try await connection.query(
        """
        INSERT INTO printProfile (accountId, collegeId) VALUES (\(accountID), \(collegeID))
        ON CONFLICT (accountId) DO UPDATE SET collegeId = excluded.collegeId
        """, logger: logger)
    }
  }

  func collegeID(accountID: Int64) async throws -> Int64? {
    try await value(
      Int64.self, "SELECT collegeId FROM printProfile WHERE accountId = \(accountID)")
  }

  func printShopRows(in box: GeoBox, center: GeoPoint, viewerID: Int64?, limit: Int)
    async throws -> [PrintShopRow]
  {
    let statement = NearStoresStatement(
      box: box, center: center, limit: limit, viewerID: viewerID ?? 0)
    return try await withDatabase { [client, logger] in
      var shops: [PrintShopRow] = []
      for try await row in try await client.execute(statement, logger: logger) {
        shops.append(try Self.shopRow(row.makeRandomAccess()))
      }
      return shops
    }
  }

  func printShopRows(ids: [Int64], viewerID: Int64?) async throws -> [PrintShopRow] {
    guard !ids.isEmpty else { return [] }
    var binds = PostgresBindings()
    binds.append(ids)
    binds.append(viewerID ?? 0)
    let select = PrintRows.shopSelect(
      favourite: """
        EXISTS (SELECT 1 FROM printFavourite f WHERE f.accountId = $2
          AND f.storeId = printStore.id)
        """)
    return try await shopRows(sql: select + " WHERE id = ANY($1) ORDER BY id", binds)
  }

  /// The stores `sql` (``PrintRows/shopSelect(favourite:)``'s columns) reads, `$n` `binds`.
  private func shopRows(sql: String, _ binds: PostgresBindings) async throws -> [PrintShopRow] {
    try await rows(PostgresQuery(unsafeSQL: sql, binds: binds), Self.shopRow)
  }

  /// One row of ``PrintRows/shopSelect(favourite:)``'s columns.
  private static func shopRow(_ row: PostgresRandomAccessRow) throws -> PrintShopRow {
    PrintShopRow(
      id: try row[0].decode(Int64.self), name: try row[1].decode(String.self),
      address: try row[2].decode(String.self), latitude: try row[3].decode(Double.self),
      longitude: try row[4].decode(Double.self), prices: try row[5].decode(String.self),
      pagesPerMinute: try row[6].decode(Int.self), holdingHours: try row[7].decode(Int.self),
      hours: try row[8].decode(String.self), timeZone: try row[9].decode(String.self),
      isOpen: try row[10].decode(Int64.self) != 0, queueOrders: try row[11].decode(Int.self),
      queuePages: try row[12].decode(Int.self), favourite: try row[13].decode(Bool.self))
  }

  func allPrintStores() async throws -> [(id: Int64, name: String, address: String)] {
    try await rows("SELECT id, name, address FROM printStore ORDER BY id") { row in
      (
        try row[0].decode(Int64.self), try row[1].decode(String.self),
        try row[2].decode(String.self)
      )
    }
  }

  func starredShopRows(accountID: Int64) async throws -> [PrintShopRow] {
    var binds = PostgresBindings()
    binds.append(accountID)
    return try await shopRows(
      sql: PrintRows.shopSelect(favourite: "true")
        + " WHERE id IN (SELECT storeId FROM printFavourite WHERE accountId = $1) ORDER BY id",
      binds)
  }

  func setFavourite(_ on: Bool, storeID: Int64, accountID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      try await requireStore(storeID, on: connection)
      if on {
        try await connection.query(
          """
          INSERT INTO printFavourite (accountId, storeId, createdAt)
          VALUES (\(accountID), \(storeID), \(Self.millis(now))) ON CONFLICT DO NOTHING
          """, logger: logger)
      } else {
        try await connection.query(
          "DELETE FROM printFavourite WHERE accountId = \(accountID) AND storeId = \(storeID)",
          logger: logger)
      }
    }
  }

  func setStaff(accountID: Int64, storeID: Int64?) async throws {
    try await transaction { [self] connection in
      guard let storeID else {
        try await connection.query(
          "DELETE FROM printStaff WHERE accountId = \(accountID)", logger: logger)
        return
      }
      try await requireStore(storeID, on: connection)
      try await connection.query(
        """
        INSERT INTO printStaff (accountId, storeId) VALUES (\(accountID), \(storeID))
        ON CONFLICT (accountId) DO UPDATE SET storeId = excluded.storeId
        """, logger: logger)
    }
  }

  func staffStoreID(accountID: Int64) async throws -> Int64? {
    try await value(Int64.self, "SELECT storeId FROM printStaff WHERE accountId = \(accountID)")
  }

  func setStoreState(storeID: Int64, isOpen: Bool, pagesPerMinute: Int) async throws {
    try await transaction { [self] connection in
      try await requireStore(storeID, on: connection)
      let open: Int64 = isOpen ? 1 : 0
      try await connection.query(
        """
        UPDATE printStore SET isOpen = \(open), pagesPerMinute = \(pagesPerMinute)
        WHERE id = \(storeID)
        """, logger: logger)
    }
  }

  private func requireStore(_ storeID: Int64, on connection: PostgresConnection) async throws {
    guard
      try await value(
        Int64.self, "SELECT id FROM printStore WHERE id = \(storeID)", on: connection)
        != nil
    else { throw PrintErrors.storeNotFound }
  }
}
