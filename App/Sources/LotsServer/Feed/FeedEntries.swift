/// A feed page reduced to what changes between two reads of the same posts: which posts, in
/// which order, with their like counts and the viewer's likes. Everything else about a post
/// (author, caption, photo) never changes once it is posted.
struct FeedEntries: Sendable, Equatable {
  /// One post of the page.
  struct Entry: Sendable, Equatable {
    var id: Int64
    var likeCount: Int
    var likedByMe: Bool
  }

  var entries: [Entry]
  var nextCursor: String?
  /// The change-log sequence of the snapshot the page was read from.
  var sequence: Int64
}
