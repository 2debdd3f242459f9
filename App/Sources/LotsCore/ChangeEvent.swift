/// One event of the realtime stream; `seq` is the SSE `id`.
public struct ChangeEvent: Codable, Hashable, Sendable {
  /// What happened.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// A new post; `post` is set.
    case insert
    /// A post's like count changed; `likeCount` is set.
    case update
    /// A post was deleted by its author.
    case delete
    /// A post was hidden pending review.
    case hide
    /// The client is older than the retained log: reload from scratch.
    case reset
  }

  /// The change-log sequence number.
  public var seq: Int64
  /// What happened.
  public var kind: Kind
  /// The post concerned (absent for `reset`).
  public var postID: Int64?
  /// The new post, for `insert`.
  public var post: Post?
  /// The exact like count, for `update`.
  public var likeCount: Int?

  /// Creates an event.
  public init(
    seq: Int64, kind: Kind, postID: Int64? = nil, post: Post? = nil, likeCount: Int? = nil
  ) {
    self.seq = seq
    self.kind = kind
    self.postID = postID
    self.post = post
    self.likeCount = likeCount
  }
}
