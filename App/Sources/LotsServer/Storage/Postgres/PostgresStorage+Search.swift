import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: SearchStore {
  /// Posts matching every word of the query as a prefix (the GIN index), newest first, as the
  /// viewer may see them.
  func searchPosts(_ query: SearchQuery, viewerID: Int64?, before: Int64?, limit: Int)
    async throws -> FeedPage
  {
    let sequence = try await currentSequence()
    guard !query.words.isEmpty else {
      return FeedPage(items: [], nextCursor: nil, sequence: sequence)
    }
    var statement = PostgresQuery(
      unsafeSQL: """
        SELECT \(Self.postColumns),
          EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = $1)
        FROM postSearch JOIN post ON post.id = postSearch.postId
        JOIN account ON account.id = post.authorId
        WHERE postSearch.body @@ to_tsquery('simple', $2) AND postSearch.postId < $3
          AND \(Self.visibleToViewer)
        ORDER BY postSearch.postId DESC LIMIT $4
        """)
    statement.binds.append(viewerID ?? 0, context: .default)
    statement.binds.append(query.tsquery, context: .default)
    statement.binds.append(before ?? Int64.max, context: .default)
    statement.binds.append(Int64(limit + 1), context: .default)
    let found = try await rows(statement) { row in try Self.post(row, at: 0) }
    let posts = Array(found.prefix(limit))
    let next =
      found.count > limit
      ? posts.last.map { FeedCursor.keyset(feed: "search", key: $0.id, id: $0.id).token } : nil
    return FeedPage(items: posts, nextCursor: next, sequence: sequence)
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
