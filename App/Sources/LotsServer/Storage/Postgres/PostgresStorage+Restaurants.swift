import LotsCore
import PostgresNIO

extension PostgresStorage: RestaurantStore {
  /// The restaurant a new post names, found or created inside the post's transaction (which
  /// holds the change log's lock, so two posts never create one restaurant twice; the unique
  /// key would refuse it anyway).
  /// - Throws: ``AppError`` 400 (field `restaurantId`) for an id that names no restaurant.
  func restaurant(
    _ connection: PostgresConnection, for choice: RestaurantChoice, now: Int64
  ) async throws -> (id: Int64, name: String, area: String) {
    switch choice {
    case .existing(let id):
      let found = try await rows(
        "SELECT name, area FROM restaurant WHERE id = \(id)", on: connection
      ) { row in (try row[0].decode(String.self), try row[1].decode(String.self)) }
      guard let found = found.first else {
        throw AppError.badRequest("no restaurant has this id", field: "restaurantId")
      }
      return (id, found.0, found.1)
    case .named(let name, let area, let position):
      let nameKey = TextFolding.key(name)
      let areaKey = TextFolding.key(area)
      let found = try await rows(
        """
        SELECT id, name, area FROM restaurant WHERE nameKey = \(nameKey) AND areaKey = \(areaKey)
        """, on: connection
      ) { row in
        (
          try row[0].decode(Int64.self), try row[1].decode(String.self),
          try row[2].decode(String.self)
        )
      }
      if let found = found.first { return found }
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO restaurant (name, area, nameKey, areaKey, latitude, longitude, createdAt)
          VALUES (\(name), \(area), \(nameKey), \(areaKey), \(position?.latitude),
            \(position?.longitude), \(now))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new restaurant has no id") }
      return (id, name, area)
    }
  }

  /// A restaurant with the number of its posts the viewer can see, or nil.
  func restaurant(id: Int64, viewerID: Int64?) async throws -> Restaurant? {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT id, name, area, (SELECT COUNT(*) FROM post WHERE post.restaurantId = $2
            AND \(Self.visibleToViewer)),
          latitude, longitude
        FROM restaurant WHERE id = $2
        """)
    query.binds.append(viewerID ?? 0, context: .default)
    query.binds.append(id, context: .default)
    return try await rows(query, Self.restaurant).first
  }

  /// Restaurants any of whose name's words starts with the folded query's words, most shown
  /// posts first.
  func restaurants(matching query: String, limit: Int) async throws -> [Restaurant] {
    let key = TextFolding.key(query)
    guard !key.isEmpty else { return [] }
    // The GIN index of the names' words finds the candidates (every word a prefix of one of
    // the name's); LIKE keeps those whose words follow one another as typed. Folded text has
    // no LIKE wildcards or tsquery syntax (`%`, `_`, `'`, `&` are punctuation, which folding
    // drops).
    let words = SearchQuery.tsquery(key.split(separator: " ").map(String.init))
    let pattern = "% \(key)%"
    return try await rows(
      """
      SELECT id, name, area, shownPosts, latitude, longitude FROM restaurant
      WHERE to_tsvector('simple', nameKey) @@ to_tsquery('simple', \(words))
        AND ' ' || nameKey LIKE \(pattern)
      ORDER BY shownPosts DESC, nameKey, areaKey, id LIMIT \(Int64(limit))
      """, Self.restaurant)
  }

  private static func restaurant(_ row: PostgresRandomAccessRow) throws -> Restaurant {
    Restaurant(
      id: try row[0].decode(Int64.self), name: try row[1].decode(String.self),
      area: try row[2].decode(String.self), postCount: Int(try row[3].decode(Int64.self)),
      latitude: try row[4].decode(Double?.self), longitude: try row[5].decode(Double?.self))
  }
}
