import Foundation

/// Fast UTC ISO 8601 formatting with milliseconds (`2026-11-21T12:30:05.250Z`), a hot path in
/// every feed page; Foundation's formatter costs several microseconds per date.
public enum ISO8601 {
  /// Formats a date to the millisecond.
  /// - Complexity: O(1).
  public static func string(from date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
    let msOfDay = millis - days * 86_400_000
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    var bytes = [UInt8]()
    bytes.reserveCapacity(24)
    func put(_ value: Int64, _ width: Int) {
      let start = bytes.count
      var rest = value
      for _ in 0..<width {
        bytes.append(48 + UInt8(rest % 10))
        rest /= 10
      }
      bytes[start...].reverse()
    }
    put(year, 4)
    bytes.append(45)
    put(month, 2)
    bytes.append(45)
    put(day, 2)
    bytes.append(84)
    put(msOfDay / 3_600_000, 2)
    bytes.append(58)
    put(msOfDay / 60_000 % 60, 2)
    bytes.append(58)
    put(msOfDay / 1_000 % 60, 2)
    bytes.append(46)
    put(msOfDay % 1_000, 3)
    bytes.append(90)
    return String(decoding: bytes, as: UTF8.self)
  }
}
