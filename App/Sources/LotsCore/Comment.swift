import Foundation

/// A comment under a post.
public struct Comment: Codable, Hashable, Sendable {
  /// Stable numeric identifier; later comments have larger ones.
  public var id: Int64
  /// The post it is under.
  public var postID: Int64
  /// Who wrote it.
  public var author: User
  /// Its text: 1–1,000 characters, line breaks allowed.
  public var body: String
  /// When it was written.
  public var createdAt: Date

  /// The longest comment, in characters.
  public static let lengthLimit = 1_000

  private enum CodingKeys: String, CodingKey {
    case id, author, body, createdAt
    case postID = "postId"
  }

  /// Creates the value.
  public init(id: Int64, postID: Int64, author: User, body: String, createdAt: Date) {
    self.id = id
    self.postID = postID
    self.author = author
    self.body = body
    self.createdAt = createdAt
  }
}

/// A page of a post's comments, oldest first: the newest comments, or those before a cursor.
public struct CommentPage: Codable, Hashable, Sendable {
  /// The comments, oldest first.
  public var items: [Comment]
  /// The cursor of the comments before these (`?before=`); nil when these are the first.
  public var earlierCursor: String?
  /// The change-log sequence of the snapshot the page was read from.
  public var sequence: Int64

  /// Creates the value.
  public init(items: [Comment], earlierCursor: String?, sequence: Int64) {
    self.items = items
    self.earlierCursor = earlierCursor
    self.sequence = sequence
  }
}

/// The body of a new comment: `{"body": "How much was it?"}`.
public struct CommentRequest: Codable, Hashable, Sendable, StrictDecodable {
  /// The comment's text.
  public var body: String

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = ["body"]

  /// Creates the value.
  public init(body: String) {
    self.body = body
  }
}
