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
}
