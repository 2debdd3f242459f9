import Foundation

/// How every backend stores a time: whole milliseconds since 1970 (rounded down) in a 64-bit
/// integer, so that a database moved from one backend to another keeps its times.
protocol StoresTimeAsMillis {}

extension StoresTimeAsMillis {
  /// Milliseconds since 1970, the unit of every stored timestamp.
  static func millis(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The date of a stored timestamp.
  static func date(_ millis: Int64) -> Date {
    Date(timeIntervalSince1970: Double(millis) / 1000)
  }

  /// The date of a stored time that may be unset (0): when a post was edited.
  static func editedDate(_ millis: Int64) -> Date? {
    millis == 0 ? nil : date(millis)
  }
}

extension SQLiteStorage: StoresTimeAsMillis {}
extension PostgresStorage: StoresTimeAsMillis {}
