import GRDB

/// The SELECT of a feed page: the chosen columns, then `likedByMe`, the sort key and the
/// change-log sequence, newest first, one row more than the limit to tell whether a next page
/// exists. Blocks and hidden posts are applied for the viewer.
///
/// The SQL depends only on the page's shape (which feed, which columns, whether there is a
/// cursor): the sixteen texts are built once, and a request only binds its values.
struct FeedSelect {
  /// What each row carries before `likedByMe`.
  enum Columns: Int, CaseIterable {
    /// Every column of a post (``SQLiteStorage/postColumns``), its author's included.
    case posts
    /// The post's id, like count, edit time and comment count only.
    case entries
  }

  /// The feeds by the SQL they need: the main and inspire feeds share theirs.
  private enum Kind: Int, CaseIterable {
    case recent, user, likes, restaurant
  }

  let sql: String
  let arguments: StatementArguments
  /// The index of the sort key column; the sequence is the next one.
  let sortKeyColumn: Int

  /// Binds `?1` to the viewer, then the user's or restaurant's id (their feeds), the cursor's sort key and id
  /// (later pages), and last the limit.
  init(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, _ columns: Columns) {
    // Existentials, not DatabaseValues: GRDB maps a sequence of DatabaseValues through a key
    // path, which cost three times as much (1.2 % of a page against 3.7 %).
    var values: [(any DatabaseValueConvertible)?] = [viewerID ?? 0]
    let kind: Kind
    switch feed {
    case .main, .inspire: kind = .recent
    case .user(let id):
      kind = .user
      values.append(id)
    case .likes: kind = .likes
    case .restaurant(let id):
      kind = .restaurant
      values.append(id)
    }
    var hasCursor = false
    if case .keyset(_, let key, let id)? = cursor {
      hasCursor = true
      values += [key, id]
    }
    values.append(limit + 1)
    sql = Self.statements[Self.shape(kind, columns, hasCursor)]
    arguments = StatementArguments(values)
    sortKeyColumn = columns == .posts ? 23 : 5
  }

  private static func shape(_ kind: Kind, _ columns: Columns, _ hasCursor: Bool) -> Int {
    (kind.rawValue * Columns.allCases.count + columns.rawValue) * 2 + (hasCursor ? 1 : 0)
  }

  /// Every shape's SQL, by `shape(_:_:_:)`. Built per request, the text and the hashing that
  /// finds its cached statement were 2 % of a page.
  private static let statements: [String] = {
    var statements = [String](
      repeating: "", count: Kind.allCases.count * Columns.allCases.count * 2)
    for kind in Kind.allCases {
      for columns in Columns.allCases {
        for hasCursor in [false, true] {
          statements[shape(kind, columns, hasCursor)] = makeSQL(kind, columns, hasCursor)
        }
      }
    }
    return statements
  }()

  private static func makeSQL(_ kind: Kind, _ columns: Columns, _ hasCursor: Bool) -> String {
    var filters = [
      "(post.hidden = 0 OR (post.hidden = 1 AND post.authorId = ?1))",
      "post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)",
    ]
    var next = 2
    let selected =
      columns == .posts
      ? SQLiteStorage.postColumns : "post.id, post.likeCount, post.editedAt, post.commentCount"
    var join = columns == .posts ? "JOIN account ON account.id = post.authorId" : ""
    var sortKey = "post.createdAt"
    switch kind {
    case .recent: break
    case .user:
      filters.append("post.authorId = ?\(next)")
      next += 1
    case .restaurant:
      filters.append("post.restaurantId = ?\(next)")
      next += 1
    case .likes:
      sortKey = "mine.createdAt"
      join += " JOIN postLike AS mine ON mine.postId = post.id AND mine.userId = ?1"
    }
    if hasCursor {
      filters.append("(\(sortKey), post.id) < (?\(next), ?\(next + 1))")
      next += 2
    }
    return """
      SELECT \(selected),
        EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id
          AND postLike.userId = ?1) AS likedByMe, \(sortKey) AS sortKey,
        (SELECT seq FROM sqlite_sequence WHERE name = 'changeLog') AS sequence
      FROM post \(join) WHERE \(filters.joined(separator: " AND "))
      ORDER BY \(sortKey) DESC, post.id DESC LIMIT ?\(next)
      """
  }
}
