import GRDB
import LotsCore

extension SQLiteStorage {
  /// The restaurant a new post names, found or created inside the post's transaction.
  /// - Throws: ``AppError`` 400 (field `restaurantId`) for an id that names no restaurant.
  static func restaurant(_ db: Database, for choice: RestaurantChoice, now: Int64) throws
    -> (id: Int64, name: String, area: String)
  {
    switch choice {
    case .existing(let id):
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT name, area FROM restaurant WHERE id = ?", arguments: [id])
      else { throw AppError.badRequest("no restaurant has this id", field: "restaurantId") }
      return (id, row[0], row[1])
    case .named(let name, let area, let position):
      let nameKey = TextFolding.key(name)
      let areaKey = TextFolding.key(area)
      if let row = try Row.fetchOne(
        db, sql: "SELECT id, name, area FROM restaurant WHERE nameKey = ? AND areaKey = ?",
        arguments: [nameKey, areaKey])
      {
        return (row[0], row[1], row[2])
      }
      try db.execute(
        sql: """
          INSERT INTO restaurant (name, area, nameKey, areaKey, latitude, longitude, createdAt)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          name, area, nameKey, areaKey, position?.latitude, position?.longitude, now,
        ])
      return (db.lastInsertedRowID, name, area)
    }
  }

  /// A restaurant with the number of its posts the viewer can see, or nil.
  func restaurant(id: Int64, viewerID: Int64?) async throws -> Restaurant? {
    try readNow { db in try Self.fetchRestaurant(db, id: id, viewerID: viewerID) }
  }

  /// A restaurant with the number of its posts the viewer can see, or nil.
  static func fetchRestaurant(_ db: Database, id: Int64, viewerID: Int64?) throws -> Restaurant? {
    try Row.fetchOne(
      db,
      sql: """
        SELECT id, name, area, (SELECT COUNT(*) FROM post WHERE post.restaurantId = ?2
            AND \(visibleToViewer)),
          latitude, longitude
        FROM restaurant WHERE id = ?2
        """, arguments: [viewerID ?? 0, id]
    ).map(restaurant)
  }

  /// Restaurants any of whose name's words starts with the folded query's words, most shown
  /// posts first.
  func restaurants(matching query: String, limit: Int) async throws -> [Restaurant] {
    let key = TextFolding.key(query)
    guard !key.isEmpty else { return [] }
    // Folded text has no LIKE wildcards (`%`, `_` are punctuation, which folding drops).
    return try readNow { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, name, area, (SELECT COUNT(*) FROM post WHERE post.restaurantId = restaurant.id
              AND post.hidden = 0) AS shown, latitude, longitude
          FROM restaurant WHERE ' ' || nameKey LIKE ?
          ORDER BY shown DESC, nameKey, areaKey, id LIMIT ?
          """, arguments: ["% \(key)%", limit]
      ).map(Self.restaurant)
    }
  }

  private static func restaurant(_ row: Row) -> Restaurant {
    Restaurant(
      id: row[0], name: row[1], area: row[2], postCount: row[3], latitude: row[4],
      longitude: row[5])
  }
}
