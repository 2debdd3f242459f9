import Foundation
import LotsCore
import Synchronization

/// Booster's stored rows as values, for both backends: price lists and quotes are JSON text,
/// and an order is read with its store and its place in the store's queue.
enum PrintRows: StoresTimeAsMillis {
  static func json<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try JSONCoding.shared.encode(value), as: UTF8.self)
  }

  static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try JSONCoding.decoder().decode(type, from: Data(text.utf8))
  }

  /// Stores' price lists and hours by their stored text: decoding them was most of a list's
  /// time (two `JSONDecoder` runs for each of fifty stores), and they rarely change.
  private static let decoded = Mutex<[String: any Sendable]>([:])

  /// `text` decoded, from ``decoded`` when it was decoded before.
  static func decodeCached<Value: Decodable & Sendable>(_ type: Value.Type, _ text: String)
    throws -> Value
  {
    if let value = decoded.withLock({ $0[text] }) as? Value { return value }
    let value = try decode(type, text)
    decoded.withLock { cache in
      // Bounded: past 4,096 texts it starts again.
      if cache.count >= 4_096 { cache.removeAll() }
      cache[text] = value
    }
    return value
  }

  /// What an order is read with (``OrderRow``'s fields in order), `printOrder` as `o` joined
  /// to its store `s` and student `a`. Append a `WHERE` clause.
  static let orderSelect = """
    SELECT o.id, o.storeId, s.name, a.username, o.state, o.quote, o.pages, o.reason,
      o.pickupCode, o.pickupExpiresAt, o.createdAt, o.updatedAt, s.pagesPerMinute,
      (SELECT COUNT(*) FROM printOrder b WHERE b.storeId = o.storeId
        AND b.state IN ('ordered', 'printing') AND b.id < o.id),
      (SELECT CAST(COALESCE(SUM(b.pages), 0) AS BIGINT) FROM printOrder b
        WHERE b.storeId = o.storeId AND b.state IN ('ordered', 'printing') AND b.id < o.id)
    FROM printOrder o JOIN printStore s ON s.id = o.storeId JOIN account a ON a.id = o.accountId
    """

  /// One row of ``orderSelect``.
  struct OrderRow {
    var id: Int64
    var storeID: Int64
    var storeName: String
    var student: String
    var state: String
    var quote: String
    var pages: Int
    var reason: String?
    var pickupCode: String?
    var pickupExpiresAt: Int64?
    var createdAt: Int64
    var updatedAt: Int64
    var pagesPerMinute: Int
    var ordersAhead: Int
    var pagesAhead: Int
  }

  /// The order a row holds, its pickup code shown only to its student (`owner`), with its
  /// place in the queue and ready time while it waits or prints.
  static func order(_ row: OrderRow, owner: Bool, now: Date) throws -> PrintOrder {
    let state = PrintOrderState(rawValue: row.state) ?? .ordered
    let queued = state == .ordered || state == .printing
    let minutes =
      (row.pagesAhead + row.pages + row.pagesPerMinute - 1) / max(row.pagesPerMinute, 1)
    return PrintOrder(
      id: row.id, storeID: row.storeID, storeName: row.storeName, student: row.student,
      state: state, quote: try decode(PrintQuote.self, row.quote), pages: row.pages,
      reason: row.reason, pickupCode: owner ? row.pickupCode : nil,
      pickupExpiresAt: row.pickupExpiresAt.map(Self.date), createdAt: Self.date(row.createdAt),
      updatedAt: Self.date(row.updatedAt), ordersAhead: queued ? row.ordersAhead : nil,
      pagesAhead: queued ? row.pagesAhead : nil,
      readyAt: queued ? now.addingTimeInterval(Double(minutes) * 60) : nil)
  }

  /// What a store row is read with (``PrintShopRow``'s fields in order); `favourite` is the
  /// SQL that says whether the viewer starred it.
  static func shopSelect(favourite: String) -> String {
    """
    SELECT id, name, address, latitude, longitude, prices, pagesPerMinute, holdingHours, hours,
      timeZone, isOpen,
      (SELECT COUNT(*) FROM printOrder b WHERE b.storeId = printStore.id
        AND b.state IN ('ordered', 'printing')),
      (SELECT CAST(COALESCE(SUM(b.pages), 0) AS BIGINT) FROM printOrder b
        WHERE b.storeId = printStore.id AND b.state IN ('ordered', 'printing')),
      \(favourite)
    FROM printStore
    """
  }

  /// The `$5` stores in a box nearest its centre, read in full (their queues counted) after a
  /// covering index scan of the box picks them. `$1`…`$4` are the box, `$5` the limit, `$6`
  /// the centre's longitude, `$7` the longitude scale, `$8` the centre's latitude, `$9` the
  /// viewer; SQLite reads them as `?1`…`?9` (`sqlite` true).
  /// - Complexity: O(b log l) for b stores in the box and l listed, plus l full reads.
  static func nearSelect(sqlite: Bool) -> String {
    let key =
      "((longitude - $6) * $7) * ((longitude - $6) * $7) + (latitude - $8) * (latitude - $8)"
    let text = """
      WITH near AS (
        SELECT id FROM printStore
        WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4
        ORDER BY \(key), id LIMIT $5)
      \(shopSelect(favourite: """
        EXISTS (SELECT 1 FROM printFavourite f WHERE f.accountId = $9
          AND f.storeId = printStore.id)
        """))
      WHERE id IN (SELECT id FROM near)
      ORDER BY \(key), id
      """
    return sqlite ? text.replacingOccurrences(of: "$", with: "?") : text
  }

  /// The orders still waiting behind order `$1` in store `$2`'s queue (their id and student),
  /// the first `$3`, when `$1` has just left it (done, cancelled or refused); none otherwise.
  static let behindSelect = """
    SELECT b.id, b.accountId FROM printOrder b JOIN printOrder o ON o.id = $1
    WHERE b.storeId = $2 AND b.state IN ('ordered', 'printing') AND b.id > $1
      AND o.state IN ('done', 'cancelled', 'refused')
    ORDER BY b.id LIMIT $3
    """

  /// A new six-digit pickup code.
  static func pickupCode() -> String {
    let number = Int.random(in: 0..<1_000_000)
    let digits = String(number)
    return String(repeating: "0", count: 6 - digits.count) + digits
  }
}
