import Foundation

/// What happened around one of the viewer's posts, grouped: "Mina and 3 others liked your
/// Bibimbap photo".
public struct NotificationGroup: Codable, Hashable, Sendable {
  /// What the people did.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// They liked the post.
    case like
    /// They commented on it; `excerpt` is the newest comment.
    case comment
    /// They saved it into one of their lists.
    case save
    /// A moderator decided on it, or on the viewer's comment under it (`comment`), after
    /// reports; `excerpt` is the decision (`remove` or `restore`), and there are no people.
    case moderation
  }

  /// The post, as its author sees it in a notification (a removed post too).
  public struct PostSummary: Codable, Hashable, Sendable {
    /// The post's id.
    public var id: Int64
    /// Its restaurant's name.
    public var restaurant: String
    /// Its caption.
    public var caption: String
    /// Its first photo.
    public var photo: PostPhoto

    /// Creates the value.
    public init(id: Int64, restaurant: String, caption: String, photo: PostPhoto) {
      self.id = id
      self.restaurant = restaurant
      self.caption = caption
      self.photo = photo
    }
  }

  /// What the people did.
  public var kind: Kind
  /// The post concerned.
  public var post: PostSummary
  /// The people, newest first: at most three.
  public var people: [User]
  /// How many different people (the others are "and N others").
  public var peopleCount: Int
  /// When the newest of it happened.
  public var latestAt: Date
  /// Whether the newest of it happened after the viewer last read their notifications.
  public var unread: Bool
  /// The newest comment's text, or the moderator's decision; nil otherwise.
  public var excerpt: String?
  /// For a moderator's decision on the viewer's comment: that comment's text (the post is
  /// the one it is under, perhaps someone else's); nil otherwise.
  public var comment: String?

  /// Creates the value.
  public init(
    kind: Kind, post: PostSummary, people: [User], peopleCount: Int, latestAt: Date,
    unread: Bool, excerpt: String?, comment: String? = nil
  ) {
    self.kind = kind
    self.post = post
    self.people = people
    self.peopleCount = peopleCount
    self.latestAt = latestAt
    self.unread = unread
    self.excerpt = excerpt
    self.comment = comment
  }
}

/// The viewer's notifications, newest group first.
public struct NotificationPage: Codable, Hashable, Sendable {
  /// The groups, newest first.
  public var items: [NotificationGroup]
  /// How many things happened since the viewer last read (the bell's number).
  public var unreadCount: Int

  /// Creates the value.
  public init(items: [NotificationGroup], unreadCount: Int) {
    self.items = items
    self.unreadCount = unreadCount
  }
}

/// The bell's number: how many things happened since the viewer last read their notifications.
public struct UnreadCount: Codable, Hashable, Sendable {
  /// The number.
  public var unreadCount: Int

  /// Creates the value.
  public init(unreadCount: Int) {
    self.unreadCount = unreadCount
  }
}
