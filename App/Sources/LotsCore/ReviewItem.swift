import Foundation

/// A reported post or comment in the moderators' review queue, with its open reports.
public struct ReviewItem: Codable, Hashable, Sendable {
  /// Where a post or comment stands.
  public enum State: String, Codable, Hashable, Sendable {
    /// Shown to everyone (reported, but its reports do not weigh enough to hide it).
    case shown
    /// Hidden from everyone but its author until a moderator decides (posts only: reports
    /// never hide a comment by themselves).
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

  /// The post, as its author sees it: the one reported, or the one the comment is under.
  public var post: Post
  /// The comment reported, if the item is about a comment (absent for a post).
  public var comment: Comment?
  /// Where the post, or the comment, stands.
  public var state: State
  /// The summed weight of its open reports.
  public var score: Double
  /// Its open reports, oldest first.
  public var reports: [Report]

  /// Creates a queue item.
  public init(
    post: Post, comment: Comment? = nil, state: State, score: Double, reports: [Report]
  ) {
    self.post = post
    self.comment = comment
    self.state = state
    self.score = score
    self.reports = reports
  }
}

/// The moderators' review queue: posts and comments with open reports, posts hidden pending
/// review first, then by score.
public struct ReviewQueue: Codable, Hashable, Sendable {
  /// Up to 100 posts and comments.
  public var items: [ReviewItem]
  /// How many posts and comments have open reports in all.
  public var total: Int

  /// Creates a queue value.
  public init(items: [ReviewItem], total: Int) {
    self.items = items
    self.total = total
  }
}
