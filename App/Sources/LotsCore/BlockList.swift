import Foundation

/// The people a viewer blocks, newest block first (`GET /api/me/blocks`): only ever shown to
/// the viewer, so they can undo a block.
public struct BlockList: Codable, Hashable, Sendable {
  /// One blocked person.
  public struct Entry: Codable, Hashable, Sendable {
    /// Their user name.
    public var username: String
    /// When the viewer blocked them.
    public var blockedAt: Date

    /// Creates an entry.
    public init(username: String, blockedAt: Date) {
      self.username = username
      self.blockedAt = blockedAt
    }
  }

  /// The blocked people, newest block first.
  public var users: [Entry]

  /// Creates a list.
  public init(users: [Entry]) { self.users = users }
}
