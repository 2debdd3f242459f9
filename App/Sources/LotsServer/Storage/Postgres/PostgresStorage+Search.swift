import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: SearchStore {
  /// Posts matching every word of the query as a prefix (the GIN index), newest first, as the
  /// viewer may see them.
  ///
  /// The planner cannot tell how many posts a prefix matches: left to itself it walks the
  /// posts newest first testing each (a query that matches nothing then reads them all), or
  /// fetches every match to sort them (a one-letter prefix matches most). So the newest posts
  /// are searched first, each window the index's matches among a range of ids that grows
  /// (4,096, then 65,536, then all), so a common word costs what the newest window holds and a
  /// rare one what its few matches do.
  func searchPosts(_ query: SearchQuery, viewerID: Int64?, before: Int64?, limit: Int)
    async throws -> FeedPage
  {
    let sequence = try await currentSequence()
    guard !query.words.isEmpty else {
      return FeedPage(items: [], nextCursor: nil, sequence: sequence)
    }
    let newest = try await value(Int64.self, "SELECT MAX(postId) FROM postSearch") ?? 0
    let upper = min(before ?? Int64.max, newest + 1)
    var found: [Post] = []
    for span in [Int64(4_096), 65_536, nil] {
      let lower = span.map { upper - $0 } ?? 0
      found = try await searchWindow(
        query, viewerID: viewerID, upper: upper, lower: lower, limit: limit)
      if found.count > limit || lower <= 0 { break }
    }
    let posts = Array(found.prefix(limit))
    let next =
      found.count > limit
      ? posts.last.map { FeedCursor.keyset(feed: "search", key: $0.id, id: $0.id).token } : nil
    return FeedPage(items: posts, nextCursor: next, sequence: sequence)
  }

  /// Up to `limit + 1` matches with ids in `lower..<upper`, newest first: the index's matches
  /// in the window first (a bitmap of the GIN index and the ids' range), then their posts.
  private func searchWindow(
    _ query: SearchQuery, viewerID: Int64?, upper: Int64, lower: Int64, limit: Int
  ) async throws -> [Post] {
    var statement = PostgresQuery(
      unsafeSQL: """
        WITH matched AS MATERIALIZED (SELECT postId FROM postSearch
          WHERE body @@ to_tsquery('simple', $2) AND postId < $3 AND postId >= $4)
        SELECT \(Self.postColumns),
          EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = $1)
        FROM matched JOIN post ON post.id = matched.postId
        JOIN account ON account.id = post.authorId
        WHERE \(Self.visibleToViewer)
        ORDER BY post.id DESC LIMIT $5
        """)
    statement.binds.append(viewerID ?? 0, context: .default)
    statement.binds.append(query.tsquery, context: .default)
    statement.binds.append(upper, context: .default)
    statement.binds.append(lower, context: .default)
    statement.binds.append(Int64(limit + 1), context: .default)
    return try await rows(statement) { row in try Self.post(row, at: 0) }
  }

  /// People whose names start with the query, but not those the viewer blocks.
  func searchPeople(_ query: SearchQuery, viewerID: Int64?, limit: Int) async throws -> [User] {
    guard let pattern = query.namePattern else { return [] }
    let viewer = viewerID ?? 0
    return try await rows(
      """
      SELECT id, username, createdAt FROM account
      WHERE lower(username) LIKE \(pattern)
        AND id NOT IN (SELECT blockedId FROM block WHERE blockerId = \(viewer))
      ORDER BY length(username), username LIMIT \(Int64(limit))
      """
    ) { row in
      User(
        id: try row[0].decode(Int64.self), username: try row[1].decode(String.self),
        createdAt: Self.date(try row[2].decode(Int64.self)))
    }
  }
}
