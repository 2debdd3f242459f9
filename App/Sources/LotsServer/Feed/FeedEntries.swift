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

extension FeedEntries.Entry {
  /// The entry of one row of a page's entries, whose integers `column(n)` reads in the order
  /// both stores' statements give them: the post's id, like count, last edit (its version),
  /// comment count, and whether the viewer liked it (1 or 0).
  init(column: (Int) -> Int64) {
    self.init(
      id: column(0), likeCount: Int(column(1)), likedByMe: column(4) != 0,
      commentCount: Int(column(3)), version: column(2))
  }
}
