import GRDB

/// The SELECT of a feed page: the chosen columns, then `likedByMe`, the sort key and the
/// change-log sequence, newest first, one row more than the limit to tell whether a next page
/// exists. Blocks and hidden posts are applied for the viewer.
struct FeedSelect {
  /// What each row carries before `likedByMe`.
  enum Columns {
    /// Every column of a post (``AppDatabase/postColumns``), its author's included.
    case posts
    /// The post's id and like count only.
    case entries
  }

  let sql: String
  let arguments: StatementArguments
  /// The index of the sort key column; the sequence is the next one.
  let sortKeyColumn: Int

  init(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, _ columns: Columns) {
    var filters = [
      "(post.hidden = 0 OR post.authorId = ?1)",
      "post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)",
    ]
    var arguments: [(any DatabaseValueConvertible)?] = [viewerID ?? 0]
    let sortKey: String
    var join: String
    let selected: String
    switch columns {
    case .posts:
      (selected, sortKeyColumn) = (AppDatabase.postColumns, 17)
      join = "JOIN account ON account.id = post.authorId"
    case .entries:
      (selected, sortKeyColumn, join) = ("post.id, post.likeCount", 3, "")
    }
    switch feed {
    case .main, .inspire: sortKey = "post.createdAt"
    case .user(let id):
      sortKey = "post.createdAt"
      filters.append("post.authorId = ?\(arguments.count + 1)")
      arguments.append(id)
    case .likes:
      sortKey = "mine.createdAt"
      join += " JOIN postLike AS mine ON mine.postId = post.id AND mine.userId = ?1"
    }
    if case .keyset(_, let key, let id)? = cursor {
      filters.append(
        "(\(sortKey), post.id) < (?\(arguments.count + 1), ?\(arguments.count + 2))")
      arguments += [key, id]
    }
    arguments.append(limit + 1)
    sql = """
      SELECT \(selected),
        EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id
          AND postLike.userId = ?1) AS likedByMe, \(sortKey) AS sortKey,
        (SELECT seq FROM sqlite_sequence WHERE name = 'changeLog') AS sequence
      FROM post \(join) WHERE \(filters.joined(separator: " AND "))
      ORDER BY \(sortKey) DESC, post.id DESC LIMIT ?\(arguments.count)
      """
    self.arguments = StatementArguments(arguments)
  }
}
