import Foundation

/// A user as anyone may see them: no private data (likes, blocks, reports) is ever included.
public struct User: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// Unique user name (see ``Validation/username(_:)``).
  public var username: String
  /// When the account was created.
  public var createdAt: Date

  /// Creates a user value.
  public init(id: Int64, username: String, createdAt: Date) {
    self.id = id
    self.username = username
    self.createdAt = createdAt
  }
}
