import Foundation

/// One entry of the moderation audit trail: a post hidden by reports, a post or comment
/// restored or removed.
public struct ModerationLogEntry: Codable, Hashable, Sendable {
  /// What happened.
  public enum Action: String, Codable, Hashable, Sendable {
    /// Reports weighed enough to hide the post pending review (no moderator acted).
    case hide
    /// A moderator showed the post again, or kept or showed again the comment.
    case restore
    /// A moderator removed the post or comment.
    case remove
  }

  /// The entry's id; pages go back from it.
  public var id: Int64
  /// The post concerned, or the one the comment concerned is under (it may since have been
  /// deleted by its author).
  public var postID: Int64
  /// The comment concerned, absent for an entry about a post.
  public var commentID: Int64?
  /// What happened.
  public var action: Action
  /// The moderator who acted, absent for a hide by reports.
  public var moderator: User?
  /// The moderator's note.
  public var note: String
  /// The summed weight of the post's (or comment's) open reports at the time.
  public var score: Double
  /// When.
  public var createdAt: Date

  /// Creates an entry.
  public init(
    id: Int64, postID: Int64, commentID: Int64? = nil, action: Action, moderator: User?,
    note: String, score: Double, createdAt: Date
  ) {
    self.id = id
    self.postID = postID
    self.commentID = commentID
    self.action = action
    self.moderator = moderator
    self.note = note
    self.score = score
    self.createdAt = createdAt
  }
}

/// A page of the audit trail, newest first.
public struct ModerationLogPage: Codable, Hashable, Sendable {
  /// Up to 50 entries.
  public var entries: [ModerationLogEntry]
  /// The `before` of the next (older) page, or `nil` at the end.
  public var next: Int64?

  /// Creates a page.
  public init(entries: [ModerationLogEntry], next: Int64?) {
    self.entries = entries
    self.next = next
  }
}
