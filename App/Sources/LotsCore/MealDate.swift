/// A calendar day written `YYYY-MM-DD`, as used for a post's meal date.
public struct MealDate: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, 2000–2100.
  public var year: Int
  /// The month, 1–12.
  public var month: Int
  /// The day of the month.
  public var day: Int

  /// Parses `YYYY-MM-DD`, checking that the day exists.
  /// - Throws: ``ValidationError`` naming the field.
  public init(parsing text: String) throws(ValidationError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.utf8.count == 10, parts.count == 3,
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { throw ValidationError("mealDate must be a date written YYYY-MM-DD", field: "mealDate") }
    guard (2000...2100).contains(year), (1...12).contains(month),
      (1...Self.days(inMonth: month, year: year)).contains(day)
    else {
      throw ValidationError("mealDate is not a real day between 2000 and 2100", field: "mealDate")
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date written `YYYY-MM-DD`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The day `seconds` after 1970-01-01 00:00 UTC falls on, in UTC.
  /// - Complexity: O(1) (Hinnant's days-to-civil algorithm).
  public init(secondsSince1970 seconds: Int64) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
  }

  /// The latest day it is anywhere on Earth at `seconds` after 1970 (UTC+14, Kiribati): a meal
  /// dated later has not been eaten yet, in whatever time zone its author lives.
  public static func latestToday(secondsSince1970 seconds: Int64) -> MealDate {
    MealDate(secondsSince1970: seconds + 14 * 3_600)
  }

  public static func < (lhs: MealDate, rhs: MealDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
