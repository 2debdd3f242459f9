import Foundation

/// Fast UTC ISO 8601 formatting with milliseconds (`2026-11-21T12:30:05.250Z`), a hot path in
/// every feed page; Foundation's formatter costs several microseconds per date.
public enum ISO8601 {
  /// Formats a date to the millisecond.
  /// - Complexity: O(1).
  public static func string(from date: Date) -> String {
    var text = ""
    withUTF8(date) { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  /// Formats a date to the millisecond into a temporary buffer of 24 bytes, handed to `body`
  /// (a JSON writer copies them without making a `String`). Not generic: called from another
  /// module, a generic version ran unspecialised, looking up type metadata per date.
  /// - Complexity: O(1).
  public static func withUTF8(_ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
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
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { bytes in
      // Fields right-aligned at fixed positions: YYYY-MM-DDTHH:MM:SS.mmmZ
      func put(_ value: Int64, _ width: Int, endingAt end: Int) {
        var rest = value
        for index in stride(from: end - 1, through: end - width, by: -1) {
          bytes[index] = 48 + UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        }
      }
      put(year, 4, endingAt: 4)
      bytes[4] = 45
      put(month, 2, endingAt: 7)
      bytes[7] = 45
      put(day, 2, endingAt: 10)
      bytes[10] = 84
      put(msOfDay / 3_600_000, 2, endingAt: 13)
      bytes[13] = 58
      put(msOfDay / 60_000 % 60, 2, endingAt: 16)
      bytes[16] = 58
      put(msOfDay / 1_000 % 60, 2, endingAt: 19)
      bytes[19] = 46
      put(msOfDay % 1_000, 3, endingAt: 23)
      bytes[23] = 90
      body(UnsafeBufferPointer(bytes))
    }
  }
}
