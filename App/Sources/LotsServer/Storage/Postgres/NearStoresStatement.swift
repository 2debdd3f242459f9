import PostgresNIO

/// The stores in a box nearest its centre (``PrintRows/nearSelect(sqlite:)``), prepared once
/// per connection: planning it took as long as running it (about 1.6 ms each among 10,000
/// stores), and its plan is the same for every box. Rows: ``PrintRows/shopSelect(favourite:)``'s
/// columns.
struct NearStoresStatement: PostgresPreparedStatement {
  typealias Row = PostgresRow

  static let sql = PrintRows.nearSelect(sqlite: false)

  let box: GeoBox
  let center: GeoPoint
  let limit: Int
  /// 0 for none.
  let viewerID: Int64

  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 9)
    for value in [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude] {
      bindings.append(value)
    }
    bindings.append(limit)
    for value in [center.longitude, box.longitudeScale, center.latitude] {
      bindings.append(value)
    }
    bindings.append(viewerID)
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
