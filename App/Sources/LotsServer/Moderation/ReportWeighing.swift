import Foundation

/// How much a report counts, by the reporter's standing, and how much hides a post pending
/// review: accounts made a minute ago weigh nothing, so a handful of them cannot hide anyone's
/// post, and reporters whose reports moderators dismissed weigh less each time.
///
/// A report's weight is `age × activity × accuracy`, each in 0…1:
/// - age: 0 until ``probation``, rising linearly to 1 at ``maturity``;
/// - activity: ½ for an account that has done nothing, rising to 1 at ``activeAt`` (a post
///   others can see counts 1, a like given counts 0.1);
/// - accuracy: `(upheld + 1) / (upheld + dismissed + 1)` over the reporter's decided reports.
///
/// No single report weighs more than 1, so ``hideAt`` 3 needs at least three reporters in full
/// standing. Every report reaches the moderators' queue whatever its weight.
public struct ReportWeighing: Sendable, Hashable {
  /// Accounts younger than this carry no weight.
  public var probation: TimeInterval = 86_400
  /// The age from which an account's reports weigh fully (by age).
  public var maturity: TimeInterval = 7 * 86_400
  /// The activity (visible posts + likes given / 10) from which reports weigh fully (by
  /// activity); 0 makes activity irrelevant.
  public var activeAt: Double = 3
  /// The summed weight of open reports that hides a post pending review.
  public var hideAt: Double = 3

  /// The production weighing.
  public init() {}

  /// Every report weighs 1 and `reports` of them hide a post: for tests of what a hide does.
  public static func counting(_ reports: Int) -> ReportWeighing {
    var weighing = ReportWeighing()
    weighing.probation = 0
    weighing.maturity = 0
    weighing.activeAt = 0
    weighing.hideAt = Double(reports)
    return weighing
  }

  /// The weight of a report, 0…1.
  /// - Complexity: O(1).
  public func weight(_ standing: ReporterStanding) -> Double {
    let age: Double
    if standing.age < probation {
      age = 0
    } else if maturity <= probation {
      age = 1
    } else {
      age = min(1, (standing.age - probation) / (maturity - probation))
    }
    let done = Double(standing.posts) + Double(standing.likes) / 10
    let activity = activeAt <= 0 ? 1 : 0.5 + 0.5 * min(1, done / activeAt)
    let accuracy =
      Double(standing.upheld + 1) / Double(standing.upheld + standing.dismissed + 1)
    return age * activity * accuracy
  }

  /// A weight in the thousandths the database sums.
  static func thousandths(_ weight: Double) -> Int { Int((weight * 1000).rounded()) }
}

/// What a reporter's weight depends on.
public struct ReporterStanding: Sendable, Hashable {
  /// Time since the account was made.
  public var age: TimeInterval
  /// Their posts others can see (counted up to a bound).
  public var posts: Int
  /// Likes they gave (counted up to a bound).
  public var likes: Int
  /// Their reports moderators upheld.
  public var upheld: Int
  /// Their reports moderators dismissed.
  public var dismissed: Int

  /// Creates a standing.
  public init(age: TimeInterval, posts: Int, likes: Int, upheld: Int, dismissed: Int) {
    self.age = age
    self.posts = posts
    self.likes = likes
    self.upheld = upheld
    self.dismissed = dismissed
  }
}
