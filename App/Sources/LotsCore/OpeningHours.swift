/// When a store is open on one day of the week, in its own time zone.
public struct OpeningHours: Codable, Hashable, Sendable {
  /// The day: 1 Sunday, 2 Monday ... 7 Saturday (as the Gregorian calendar numbers them).
  public var weekday: Int
  /// Minutes after midnight it opens.
  public var opens: Int
  /// Minutes after midnight it closes (after `opens`, at most 1,440).
  public var closes: Int

  /// Creates opening hours.
  public init(weekday: Int, opens: Int, closes: Int) {
    self.weekday = weekday
    self.opens = opens
    self.closes = closes
  }

  /// Whether a store with `hours` is open at `minute` (after midnight) of `weekday`.
  public static func isOpen(_ hours: [OpeningHours], weekday: Int, minute: Int) -> Bool {
    hours.contains { $0.weekday == weekday && $0.opens <= minute && minute < $0.closes }
  }
}
