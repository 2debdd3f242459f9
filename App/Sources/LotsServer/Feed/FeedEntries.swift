/// A feed page reduced to what changes between two reads of the same posts: which posts, in
/// which order, with their counts, the viewer's likes, and which edit of each. Everything
/// else about a post (author, text, photos) changes only when its author edits it.
struct FeedEntries: Sendable, Equatable {
  /// One post of the page.
  struct Entry: Sendable, Equatable {
    var id: Int64
    var likeCount: Int
    var likedByMe: Bool
    var commentCount: Int
    /// When the post was last edited, in stored milliseconds (0 if never): the version of its
    /// rendered parts (``PostJSON/version``).
    var version: Int64
  }

  var entries: [Entry]
  var nextCursor: String?
  /// The change-log sequence of the snapshot the page was read from.
  var sequence: Int64
}
