import PostgresNIO

/// A prepared statement whose rows are handed over as they come (``PostgresStorage/prepared(_:)``).
protocol RowStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension RowStatement {
  func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// A feed page's SELECT as a prepared statement: each connection parses and plans it once, not
/// once per page (the plan was most of PostgreSQL's CPU per page). One statement per shape,
/// `shape` indexing ``PostgresStorage/feedPageShapes``; the first page binds the largest
/// cursor, so a shape has one text.
///
/// Binds: `$1` the viewer (0 when anonymous), then the author's or restaurant's id for those
/// feeds, then the cursor's sort key and post id, then the row limit.
struct FeedPageStatement<let shape: Int>: RowStatement {
  static var sql: String { PostgresStorage.feedPageShapes[shape].sql }
  /// Made once per shape: the protocol's default name describes the type on every execution.
  static var name: String { PostgresStorage.feedPageShapes[shape].name }
  let bindings: PostgresBindings
  func makeBindings() -> PostgresBindings { bindings }
}

extension PostgresStorage {
  /// The feeds read by keyset (every one but inspire).
  enum FeedPageKind: Sendable {
    case main, user, likes, restaurant

    /// The kind of `feed`, and the id it binds after the viewer, if any.
    init(_ feed: FeedQuery) {
      switch feed {
      case .main, .inspire: self = .main
      case .user: self = .user
      case .likes: self = .likes
      case .restaurant: self = .restaurant
      }
    }
  }

  /// The text of a feed page's SELECT: one row even for an empty page, the change log's newest
  /// sequence joined with the page's rows (one snapshot for both), then each row's columns
  /// (whole posts, or ``entryColumns``), whether the viewer liked it, and its sort key. Entries
  /// come as one row: the sequence, then an array of each of those columns.
  static func feedPageSQL(_ kind: FeedPageKind, wholePosts: Bool) -> String {
    var filters = [visibleToViewer]
    var join = wholePosts ? "JOIN account ON account.id = post.authorId" : ""
    var sortKey = "post.createdAt"
    var next = 2
    switch kind {
    case .main: break
    case .user:
      filters.append("post.authorId = $2")
      next = 3
    case .likes:
      sortKey = "mine.createdAt"
      join += " JOIN postLike AS mine ON mine.postId = post.id AND mine.userId = $1"
    case .restaurant:
      filters.append("post.restaurantId = $2")
      next = 3
    }
    filters.append("(\(sortKey), post.id) < ($\(next), $\(next + 1))")
    let rows = """
        SELECT \(wholePosts ? postColumns : entryColumns),
          EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id
            AND postLike.userId = $1) AS likedByMe, \(sortKey) AS sortKey
        FROM post \(join) WHERE \(filters.joined(separator: " AND "))
        ORDER BY \(sortKey) DESC, post.id DESC LIMIT $\(next + 2)
      """
    if !wholePosts {
      // Entries as one row of arrays: one row to send, stream and decode instead of a row per
      // post (each of which cost lots a row's decoding and hops). The arrays come in the
      // sorted subquery's order without an ORDER BY of their own (a sort per array cost
      // PostgreSQL more than the rows saved); the reader checks the order, and sorts if not.
      let arrays = ["id", "likeCount", "editedAt", "commentCount", "likedByMe", "sortKey"].map {
        "COALESCE(array_agg(rows.\($0)) FILTER (WHERE rows.id IS NOT NULL), '{}')"
      }
      return """
        SELECT MAX(newest.seq), \(arrays.joined(separator: ", "))
        FROM (SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog) newest
        LEFT JOIN LATERAL (\(rows)) rows ON true
        """
    }
    return """
      SELECT newest.seq, rows.* FROM (SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog) newest
      LEFT JOIN LATERAL (\(rows)) rows ON true
      """
  }

  /// Every shape of a feed page's statement: its text and name, at index
  /// ``feedPageShape(_:wholePosts:)``.
  static let feedPageShapes: [(sql: String, name: String)] =
    [FeedPageKind.main, .user, .likes, .restaurant].flatMap { kind in
      [true, false].map { whole in
        (feedPageSQL(kind, wholePosts: whole), "feed_\(kind)_\(whole ? "posts" : "entries")")
      }
    }

  /// The index of a shape in ``feedPageShapes``.
  static func feedPageShape(_ kind: FeedPageKind, wholePosts: Bool) -> Int {
    let base =
      switch kind {
      case .main: 0
      case .user: 2
      case .likes: 4
      case .restaurant: 6
      }
    return base + (wholePosts ? 0 : 1)
  }

  /// The prepared statement for a page of this kind with these binds.
  static func feedPageStatement(
    _ kind: FeedPageKind, wholePosts: Bool, _ bindings: PostgresBindings
  ) -> any RowStatement {
    switch feedPageShape(kind, wholePosts: wholePosts) {
    case 0: FeedPageStatement<0>(bindings: bindings)
    case 1: FeedPageStatement<1>(bindings: bindings)
    case 2: FeedPageStatement<2>(bindings: bindings)
    case 3: FeedPageStatement<3>(bindings: bindings)
    case 4: FeedPageStatement<4>(bindings: bindings)
    case 5: FeedPageStatement<5>(bindings: bindings)
    case 6: FeedPageStatement<6>(bindings: bindings)
    default: FeedPageStatement<7>(bindings: bindings)
    }
  }
}
