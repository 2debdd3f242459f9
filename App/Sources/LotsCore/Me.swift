import Foundation

/// The signed-in user, as `GET /api/me` answers: the public ``User`` and their role.
public struct Me: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// Unique user name.
  public var username: String
  /// When the account was created.
  public var createdAt: Date
  /// Whether they moderate: the review queue and its decisions are open to them.
  public var moderator: Bool

  /// Creates the value for a user.
  public init(user: User, moderator: Bool) {
    id = user.id
    username = user.username
    createdAt = user.createdAt
    self.moderator = moderator
  }
}
