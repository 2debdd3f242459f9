import Foundation

/// A reported post in the moderators' review queue, with its open reports.
public struct ReviewItem: Codable, Hashable, Sendable {
  /// Where a post stands.
  public enum State: String, Codable, Hashable, Sendable {
    /// Shown to everyone (reported, but its reports do not weigh enough to hide it).
    case shown
    /// Hidden from everyone but its author until a moderator decides.
    case pending
    /// Removed by a moderator.
    case removed
  }

  /// One open report.
  public struct Report: Codable, Hashable, Sendable {
    /// Who reported.
    public var reporter: User
    /// Their reason.
    public var reason: String
    /// What the report weighs (0–1), by the reporter's standing when they reported.
    public var weight: Double
    /// When.
    public var createdAt: Date

    /// Creates a report value.
    public init(reporter: User, reason: String, weight: Double, createdAt: Date) {
      self.reporter = reporter
      self.reason = reason
      self.weight = weight
      self.createdAt = createdAt
    }
  }

  /// The post, as its author sees it.
  public var post: Post
  /// Where it stands.
  public var state: State
  /// The summed weight of its open reports.
  public var score: Double
  /// Its open reports, oldest first.
  public var reports: [Report]

  /// Creates a queue item.
  public init(post: Post, state: State, score: Double, reports: [Report]) {
    self.post = post
    self.state = state
    self.score = score
    self.reports = reports
  }
}

/// The moderators' review queue: posts with open reports, those hidden pending review first,
/// then by score.
public struct ReviewQueue: Codable, Hashable, Sendable {
  /// Up to 100 posts.
  public var items: [ReviewItem]
  /// How many posts have open reports in all.
  public var total: Int

  /// Creates a queue value.
  public init(items: [ReviewItem], total: Int) {
    self.items = items
    self.total = total
  }
}
