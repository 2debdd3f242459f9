/// One event of the realtime stream; `seq` is the SSE `id`.
///
/// The stream is filtered per viewer, so its sequence numbers have gaps by design; `previous`
/// chains the events a viewer receives: it is the `seq` of the event before this one on this
/// stream, or the sequence the stream resumed from (`Last-Event-ID`, `since`, or the present).
/// A client that sees a `previous` other than the last `seq` it applied has lost events.
public struct ChangeEvent: Codable, Hashable, Sendable {
  /// What happened.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// A new post; `post` is set.
    case insert
    /// A post changed: its like count (`likeCount` is set), or its author edited it; `post` is
    /// its present state.
    case update
    /// A post was deleted by its author.
    case delete
    /// A post was hidden pending review (not sent to its author, whose feeds still show it).
    case hide
    /// The viewer blocked `authorID` (from any of their tabs or devices): drop their posts.
    case block
    /// The viewer unblocked `authorID`: their posts come back with a reload.
    case unblock
    /// One of the viewer's own lists changed (from any of their tabs or devices): an entry
    /// saved, removed or moved, a note, its name or its sharing; `listID` names it, and it
    /// is reloaded.
    case list
    /// A comment was added under a post: `comment` is it (absent for a viewer who blocks its
    /// author, or when it was deleted by the time it was sent), and `post` the post with its
    /// new comment count.
    case comment
    /// A comment was deleted: `commentID` names it, and `post` is the post with its new
    /// comment count.
    case uncomment
    /// Something new in the viewer's notifications that no other event shows them (someone
    /// saved their post, a moderator decided on it), or they read them on another device:
    /// the bell's number is read again. Sent to that viewer only.
    case notification
    /// One of the viewer's print orders changed (paid, cancelled, printing, done, refused,
    /// picked up): `orderID` names it, and it is read again. Sent to its student only.
    case printOrder
    /// An order of the store the viewer works for changed: `orderID` and `storeID` name it,
    /// and the shop's queue is read again. Sent to that store's staff only.
    case printQueue
    /// The client is older than the retained log: reload from scratch.
    case reset
  }

  /// The change-log sequence number.
  public var seq: Int64
  /// The `seq` of the event before this one on this stream, or the sequence it resumed from.
  public var previous: Int64
  /// What happened.
  public var kind: Kind
  /// The post concerned (absent for `reset`).
  public var postID: Int64?
  /// The post, for `insert` and `update` (as an anonymous viewer sees it: a cell redraws from
  /// it, keeping its own `likedByMe` unless the event carries one).
  public var post: Post?
  /// The exact like count, for `update`.
  public var likeCount: Int?
  /// For `update`: whether the viewer likes the post, when the viewer's own like or unlike
  /// caused it (absent for others' likes, which leave it unchanged).
  public var likedByMe: Bool?
  /// For `block` and `unblock`: the author concerned.
  public var authorID: Int64?
  /// For `list`: the list that changed.
  public var listID: Int64?
  /// For `comment`: the comment added.
  public var comment: Comment?
  /// For `comment` and `uncomment`: the comment concerned.
  public var commentID: Int64?
  /// For `printOrder` and `printQueue`: the order concerned.
  public var orderID: Int64?
  /// For `printQueue`: the store whose queue changed.
  public var storeID: Int64?

  /// Creates an event.
  public init(
    seq: Int64, previous: Int64, kind: Kind, postID: Int64? = nil, post: Post? = nil,
    likeCount: Int? = nil, likedByMe: Bool? = nil, authorID: Int64? = nil, listID: Int64? = nil,
    comment: Comment? = nil, commentID: Int64? = nil, orderID: Int64? = nil,
    storeID: Int64? = nil
  ) {
    self.seq = seq
    self.previous = previous
    self.kind = kind
    self.postID = postID
    self.post = post
    self.likeCount = likeCount
    self.likedByMe = likedByMe
    self.authorID = authorID
    self.listID = listID
    self.comment = comment
    self.commentID = commentID
    self.orderID = orderID
    self.storeID = storeID
  }
}
