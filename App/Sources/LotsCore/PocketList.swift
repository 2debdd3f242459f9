import Foundation

/// A person's list of posts and restaurants to come back to: "Want to try", which every
/// account has, or one they named. Private to its owner unless shared by link.
public struct PocketList: Codable, Hashable, Sendable {
  /// Which list.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// "Want to try": every account has exactly one; it cannot be renamed or deleted.
    case wantToTry
    /// A list its owner named.
    case named
  }

  /// Stable numeric identifier.
  public var id: Int64
  /// Its name ("Want to try" for that list).
  public var name: String
  /// Which list.
  public var kind: Kind
  /// How many entries it holds that the viewer can see.
  public var entryCount: Int
  /// The token of its shared link (`/s/{token}`), for its owner only; nil when not shared.
  public var shareToken: String?
  /// Whether it is shared by link (for anyone reading it).
  public var shared: Bool
  /// The revision of its entries and their order: it grows with every change.
  public var version: Int64
  /// When it was made.
  public var createdAt: Date
  /// A photo for it: its first entry's, when there is one the viewer can see.
  public var cover: PostPhoto?

  /// Creates a list value.
  public init(
    id: Int64, name: String, kind: Kind, entryCount: Int, shareToken: String?, shared: Bool,
    version: Int64, createdAt: Date, cover: PostPhoto?
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.entryCount = entryCount
    self.shareToken = shareToken
    self.shared = shared
    self.version = version
    self.createdAt = createdAt
    self.cover = cover
  }
}

/// A person's lists, "Want to try" first, then the others newest first.
public struct PocketLists: Codable, Hashable, Sendable {
  /// The lists.
  public var items: [PocketList]

  /// Creates the value.
  public init(items: [PocketList]) {
    self.items = items
  }
}
