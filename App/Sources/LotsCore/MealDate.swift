/// A calendar day written `YYYY-MM-DD`, as used for a post's meal date.
public struct MealDate: Hashable, Sendable, CustomStringConvertible {
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

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
