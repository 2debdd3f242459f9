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

  /// The text of a feed page's SELECT: the change log's newest sequence and the page's rows in
  /// one statement (one snapshot for both), newest first, one row more than the page.
  ///
  /// Whole posts come as one row per post (the sequence, ``postColumns``, whether the viewer
  /// liked it, its sort key), and one row with NULLs for an empty page. Entries come as one row:
  /// the sequence and a two-dimensional `bigint` array, a row per post of ``entryColumns``,
  /// then whether the viewer liked it (1 or 0) and its sort key. One array built by a sorted
  /// subquery (`ARRAY(SELECT … ORDER BY …)`, in its order) cost PostgreSQL 7–30 % less per
  /// page than an aggregate per column over a lateral join (5 pairs, docs/benchmarks.md), and
  /// is one cell for lots to read.
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
    let likedByMe =
      "EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = $1)"
    let rows = """
      FROM post \(join) WHERE \(filters.joined(separator: " AND "))
      ORDER BY \(sortKey) DESC, post.id DESC LIMIT $\(next + 2)
      """
    let newest = "SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog"
    if wholePosts {
      return """
        SELECT newest.seq, rows.* FROM (\(newest)) newest
        LEFT JOIN LATERAL (
          SELECT \(postColumns), \(likedByMe) AS likedByMe, \(sortKey) AS sortKey \(rows)
        ) rows ON true
        """
    }
    return """
      SELECT (\(newest)),
        ARRAY(SELECT ARRAY[\(entryColumns), \(likedByMe)::int, \(sortKey)] \(rows))
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
