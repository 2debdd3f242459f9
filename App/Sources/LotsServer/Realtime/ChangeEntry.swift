import LotsCore

/// One row of the change log with the state needed to publish it, read right after commit.
struct ChangeEntry: Sendable, Hashable {
  /// The sequence number (commit order).
  var seq: Int64
  /// What happened.
  var kind: ChangeEvent.Kind
  /// The post concerned; for `list`, the list; for `printOrder` and `printQueue`, the order.
  var postID: Int64
  /// The post's author, kept for filtering after the post is gone; for `block` and `unblock`,
  /// the user blocked or unblocked; for `printQueue`, the store.
  var authorID: Int64
  /// Who made the change, where it matters: the liker of an `update`, the blocker, the writer
  /// of a comment; for `notification` and `printOrder`, the person it is for.
  var actorID: Int64?
  /// For an `update` caused by a like (true) or an unlike (false).
  var liked: Bool?
  /// For inserts and updates: the post as an anonymous viewer sees it (nil if already gone).
  var post: Post? {
    didSet { postJSON = post.map(PostJSON.init) }
  }
  /// The post's unchanging JSON, rendered once when the hub loads the entry, for every stream
  /// that sends it (a thousand subscribers encoding the same post was most of a like's cost).
  private(set) var postJSON: PostJSON?
  /// For `comment` and `uncomment`: the comment concerned.
  var commentID: Int64?
  /// For `comment`: the comment, if it still existed at read time.
  var comment: Comment?
  /// For updates: the like count at read time.
  var likeCount: Int?
  /// Whether the post was hidden pending review at read time (its updates are not sent).
  var hidden = false
  /// Whether a moderator had removed the post at read time (no one is sent its updates).
  var removed = false
  /// Who a change is meant for besides the filters every change passes (blocks).
  var audience = Audience.everyone

  /// Who a change is meant for: a moderator's decision concerns only the viewers whose lists
  /// it changes.
  enum Audience: Int, Sendable, Hashable {
    /// Every viewer who may see the post.
    case everyone = 0
    /// The post's author only (a post hidden pending review, which others no longer have, was
    /// removed).
    case author = 1
    /// Every viewer but the post's author, whose lists still hold it (a hide pending review; a
    /// restore of such a post).
    case othersThanAuthor = 2
  }

  /// The event `viewerID` (who blocks `blocked`) gets, after `previous` on their stream.
  func event(for viewerID: Int64?, previous: Int64, blocked: Set<Int64> = []) -> ChangeEvent {
    switch kind {
    case .comment, .uncomment:
      // The count changes for everyone; a blocked person's words reach no one who blocks them.
      let shown = actorID.map { !blocked.contains($0) } ?? true
      return ChangeEvent(
        seq: seq, previous: previous, kind: kind, postID: postID, post: post,
        comment: shown ? comment : nil, commentID: commentID)
    case .block, .unblock:
      return ChangeEvent(seq: seq, previous: previous, kind: kind, authorID: authorID)
    case .list:
      return ChangeEvent(seq: seq, previous: previous, kind: kind, listID: postID)
    case .notification:
      return ChangeEvent(seq: seq, previous: previous, kind: kind)
    case .printOrder:
      return ChangeEvent(seq: seq, previous: previous, kind: kind, orderID: postID)
    case .printQueue:
      return ChangeEvent(
        seq: seq, previous: previous, kind: kind, orderID: postID, storeID: authorID)
    case .update:
      var post = post
      if let likeCount { post?.likeCount = likeCount }
      let mine = actorID != nil && actorID == viewerID ? liked : nil
      if let mine { post?.likedByMe = mine }
      return ChangeEvent(
        seq: seq, previous: previous, kind: kind, postID: postID, post: post,
        likeCount: likeCount, likedByMe: mine)
    default:
      return ChangeEvent(seq: seq, previous: previous, kind: kind, postID: postID, post: post)
    }
  }

  /// Whether `viewerID`, who blocks `blocked` and works for the print store `staffOf`, is
  /// sent this entry.
  func concerns(_ viewerID: Int64?, blocking blocked: Set<Int64>, staffOf: Int64? = nil) -> Bool {
    switch kind {
    case .block, .unblock, .list, .notification, .printOrder:
      return actorID != nil && actorID == viewerID
    case .printQueue: return staffOf != nil && staffOf == authorID
    default: break
    }
    if blocked.contains(authorID) { return false }
    let mine = viewerID == authorID
    switch audience {
    case .everyone: break
    case .author: if !mine { return false }
    case .othersThanAuthor: if mine { return false }
    }
    switch kind {
    // An insert whose post was gone by load time is followed by its delete: skip both.
    case .insert: return post != nil
    // A hidden post's author still sees it, with its likes; others are not told of it.
    case .update, .comment, .uncomment: return !removed && (!hidden || mine)
    case .hide: return !mine
    default: return true
    }
  }
}
