import Foundation
import LotsCore
import Synchronization

/// Turns stored store rows into what students see: distance from their college, open now.
enum PrintShops {
  /// The store a row holds, `from` its college (for the distance), at `now`.
  static func shop(_ row: PrintShopRow, from center: GeoPoint?, now: Date) throws -> PrintShop {
    let hours = try PrintRows.decodeCached([OpeningHours].self, row.hours)
    let place = GeoPoint(latitude: row.latitude, longitude: row.longitude)
    return PrintShop(
      id: row.id, name: row.name, address: row.address, latitude: row.latitude,
      longitude: row.longitude, distance: center.map { Int($0.metres(to: place).rounded()) },
      hours: hours, timeZone: row.timeZone,
      openNow: row.isOpen && isWithin(hours, timeZone: row.timeZone, at: now),
      prices: try PrintRows.decodeCached(PriceList.self, row.prices), queueOrders: row.queueOrders,
      queuePages: row.queuePages, pagesPerMinute: row.pagesPerMinute,
      holdingHours: row.holdingHours, favourite: row.favourite)
  }

  /// The stores within `radius` metres of `center` for `viewerID`, at most `limit`: their
  /// starred ones first (nearest first), then the others nearest first. The nearest are looked
  /// for in a box that doubles from a quarter of `radius` until it holds `limit` stores all
  /// within it (a store outside a box is farther than its half-width), so a dense city reads
  /// a few hundred index entries, not every store in `radius`.
  /// - Complexity: O(b log l) per box for b stores in it, l listed; at most four boxes.
  static func near(
    _ center: GeoPoint, radius: Double, viewerID: Int64?, limit: Int, storage: any PrintStore,
    now: Date
  ) async throws -> [PrintShop] {
    // The starred stores are read beside the boxes (on PostgreSQL, on another connection).
    async let starredRows: [PrintShopRow] =
      if let viewerID { try await storage.starredShopRows(accountID: viewerID) } else { [] }
    var reach = radius / 8
    var rows: [PrintShopRow] = []
    repeat {
      reach = min(reach * 2, radius)
      rows = try await storage.printShopRows(
        in: GeoBox(around: center, radius: reach), center: center, viewerID: viewerID,
        limit: limit)
      let farthest = rows.last.map {
        center.metres(to: GeoPoint(latitude: $0.latitude, longitude: $0.longitude))
      }
      if rows.count == limit, let farthest, farthest <= reach { break }
    } while reach < radius
    let starred = try await starredRows
    func within(_ shop: PrintShop) -> Bool { (shop.distance ?? .max) <= Int(radius) }
    let first = try starred.map { try shop($0, from: center, now: now) }.filter(within)
      .sorted { ($0.distance ?? 0, $0.id) < ($1.distance ?? 0, $1.id) }
    var seen = Set(first.map(\.id))
    let others = try rows.map { try shop($0, from: center, now: now) }
      .filter { within($0) && seen.insert($0.id).inserted }
    return Array((first + others).prefix(limit))
  }

  /// Whether `now` falls within `hours` in the store's time zone (UTC when it names none
  /// this machine knows).
  static func isWithin(_ hours: [OpeningHours], timeZone: String, at now: Date) -> Bool {
    let parts = calendar(timeZone).dateComponents([.weekday, .hour, .minute], from: now)
    return OpeningHours.isOpen(
      hours, weekday: parts.weekday ?? 1, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }

  /// Gregorian calendars by time zone name, made once each: a time zone is read from the
  /// system's database, which costs more than the rest of a store's row.
  private static let calendars = Mutex<[String: Calendar]>([:])

  /// The Gregorian calendar of the time zone `name` (UTC when this machine knows none).
  static func calendar(_ name: String) -> Calendar {
    if let calendar = calendars.withLock({ $0[name] }) { return calendar }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: name) ?? TimeZone(secondsFromGMT: 0)!
    calendars.withLock { cache in
      // Bounded: a store names one of a few hundred zones; past 1,024 names it starts again.
      if cache.count >= 1_024 { cache.removeAll() }
      cache[name] = calendar
    }
    return calendar
  }
}
