import Foundation
import LotsCore

/// Turns stored store rows into what students see: distance from their college, open now.
enum PrintShops {
  /// The store a row holds, `from` its college (for the distance), at `now`.
  static func shop(_ row: PrintShopRow, from center: GeoPoint?, now: Date) throws -> PrintShop {
    let hours = try PrintRows.decode([OpeningHours].self, row.hours)
    let place = GeoPoint(latitude: row.latitude, longitude: row.longitude)
    return PrintShop(
      id: row.id, name: row.name, address: row.address, latitude: row.latitude,
      longitude: row.longitude, distance: center.map { Int($0.metres(to: place).rounded()) },
      hours: hours, timeZone: row.timeZone,
      openNow: row.isOpen && isWithin(hours, timeZone: row.timeZone, at: now),
      prices: try PrintRows.decode(PriceList.self, row.prices), queueOrders: row.queueOrders,
      queuePages: row.queuePages, pagesPerMinute: row.pagesPerMinute,
      holdingHours: row.holdingHours, favourite: row.favourite)
  }

  /// Whether `now` falls within `hours` in the store's time zone (UTC when it names none
  /// this machine knows).
  static func isWithin(_ hours: [OpeningHours], timeZone: String, at now: Date) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: now)
    return OpeningHours.isOpen(
      hours, weekday: parts.weekday ?? 1, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}
