import LotsCore

/// One row of the change log with the state needed to publish it, read right after commit.
struct ChangeEntry: Sendable, Hashable {
  /// The sequence number (commit order).
  var seq: Int64
  /// What happened.
  var kind: ChangeEvent.Kind
  /// The post concerned.
  var postID: Int64
  /// The post's author, kept for filtering after the post is gone.
  var authorID: Int64
  /// For inserts: the post as an anonymous viewer sees it (nil if already gone).
  var post: Post?
  /// For updates: the like count at read time.
  var likeCount: Int?
  /// Whether the post was hidden pending review at read time (its updates are not sent).
  var hidden = false

  /// The event sent to a subscriber.
  var event: ChangeEvent {
    ChangeEvent(seq: seq, kind: kind, postID: postID, post: post, likeCount: likeCount)
  }
}
