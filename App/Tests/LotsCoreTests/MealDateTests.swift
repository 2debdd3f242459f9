import Testing

@testable import LotsCore

@Suite struct MealDateTests {
  @Test(arguments: ["2024-02-29", "2000-01-01", "2100-12-31", "2026-11-21"])
  func acceptsRealDays(_ text: String) throws {
    #expect(try MealDate(parsing: text).description == text)
  }

  @Test(arguments: [
    "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "1999-12-31", "2101-01-01",
    "2024-1-01", "24-01-01", "abcd-ef-gh", "", "2024-01-01T00:00", "+202-01-01", "２０２４-01-01",
  ])
  func refusesOthers(_ text: String) {
    #expect(throws: ValidationError.self) { try MealDate(parsing: text) }
  }

  /// The civil date of a timestamp, checked against a day-by-day walk of the calendar from
  /// 1970 to 2100 (every month length and leap year), and before 1970.
  @Test func daysFromSecondsMatchTheCalendar() throws {
    var date = try MealDate(parsing: "2000-01-01")
    var seconds: Int64 = 946_684_800
    while date.year <= 2100 {
      #expect(MealDate(secondsSince1970: seconds) == date)
      #expect(MealDate(secondsSince1970: seconds + 86_399) == date)
      seconds += 86_400
      date =
        date.day < MealDate.days(inMonth: date.month, year: date.year)
        ? MealDate(year: date.year, month: date.month, day: date.day + 1)
        : date.month < 12
          ? MealDate(year: date.year, month: date.month + 1, day: 1)
          : MealDate(year: date.year + 1, month: 1, day: 1)
    }
    #expect(MealDate(secondsSince1970: 0).description == "1970-01-01")
    #expect(MealDate(secondsSince1970: -1).description == "1969-12-31")
  }

  /// "Today" is the latest day anywhere: 26 Nov 10:00 UTC is already 27 Nov in Kiribati, and
  /// 28 Nov is in the future everywhere.
  @Test func latestTodayIsKiribatis() throws {
    let tenAM: Int64 = 1_795_687_200  // 2026-11-26 10:00 UTC
    #expect(MealDate.latestToday(secondsSince1970: tenAM).description == "2026-11-27")
    #expect(try MealDate(parsing: "2026-11-27") <= .latestToday(secondsSince1970: tenAM))
    #expect(try MealDate(parsing: "2026-11-28") > .latestToday(secondsSince1970: tenAM))
    #expect(try MealDate(parsing: "2025-12-31") < MealDate(parsing: "2026-01-01"))
  }
}
