import PostgresNIO

/// The search of posts (``PostgresStorage/searchPosts(_:viewerID:before:limit:)``), prepared
/// once per connection: its plan is the same for every query, and planning it took longer
/// than running it (about 3 ms against 0.5 ms for a common word). The words are parsed once
/// (`words`, fenced with `OFFSET 0`), not once per row the walk tests.
///
/// Its rows: the change log's sequence, the top of the search (one past the newest id, or
/// `before`), then a post's columns (``PostgresStorage/postColumns``) and whether the viewer
/// likes it; one row with no post when nothing matches.
struct SearchPostsStatement: PostgresPreparedStatement {
  typealias Row = PostgresRow

  /// The viewer (0 for none), `$1`.
  let viewerID: Int64
  /// The words as a tsquery (``SearchQuery/tsquery``), `$2`.
  let tsquery: String
  /// Only posts with smaller ids (the cursor), `$3`.
  let before: Int64
  /// How many of the newest ids are walked before the index is asked, `$4`.
  let walked: Int64
  /// How many posts at most, `$5`.
  let limit: Int64

  /// A post as the viewer may see it, ready for a `WHERE` that names it.
  private static let visiblePost = """
    SELECT \(PostgresStorage.postColumns),
      EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = $1)
    FROM post JOIN account ON account.id = post.authorId
    """

  static let sql = """
    SELECT newest.seq, top.upper, rows.*
    FROM (SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog) newest
    CROSS JOIN (SELECT to_tsquery('simple', $2) AS query OFFSET 0) words
    CROSS JOIN (SELECT LEAST(COALESCE(MAX(postId), 0) + 1, $3) AS upper FROM postSearch) top
    LEFT JOIN LATERAL (
      (\(visiblePost) JOIN postSearch ON postSearch.postId = post.id
        WHERE postSearch.body @@ words.query
          AND postSearch.postId < top.upper AND postSearch.postId >= top.upper - $4
          AND \(PostgresStorage.visibleToViewer)
        ORDER BY postSearch.postId DESC LIMIT $5)
      UNION ALL
      (SELECT found.* FROM (
          SELECT postId, postId + 0 AS newest FROM postSearch
          WHERE body @@ words.query AND postId + 0 < top.upper - $4
          ORDER BY newest DESC OFFSET 0) AS older
        CROSS JOIN LATERAL (\(visiblePost)
          WHERE post.id = older.postId AND \(PostgresStorage.visibleToViewer) LIMIT 1) AS found
        ORDER BY older.newest DESC LIMIT $5)
      LIMIT $5
    ) rows ON true
    """

  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 5)
    bindings.append(viewerID)
    bindings.append(tsquery)
    bindings.append(before)
    bindings.append(walked)
    bindings.append(limit)
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
