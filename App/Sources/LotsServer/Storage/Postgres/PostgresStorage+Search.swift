import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: SearchStore {
  /// How many of the newest ids a search walks, newest first, before it asks the index.
  static let walkedIDs: Int64 = 8_192

  /// Posts matching every word of the query as a prefix, newest first, as the viewer may see
  /// them: one statement (``SearchPostsStatement``, prepared), one snapshot (the change log's
  /// sequence with the page).
  ///
  /// The planner cannot tell how many posts a prefix matches: left to itself it walks every
  /// post newest first testing each (a query that matches nothing reads them all), or fetches
  /// every match to sort them (a one-letter prefix matches most). So the statement has two
  /// bounded branches, the second read only if the first leaves the page short. First it walks
  /// the newest 8,192 ids testing each, stopping at the page's end: a common word or two costs
  /// a few dozen rows. Then the GIN index's matches below the walk (a bitmap), sorted, each
  /// one's post looked up until the page is full: a rare word, or one common only long ago,
  /// costs what its matches do. The range is written `postId + 0` so that the planner cannot
  /// walk the primary key instead; the sorted matches are fenced (`OFFSET 0`) and each post
  /// looked up (`LATERAL … LIMIT 1`) so that it does not join every match before sorting.
  ///
  /// - Complexity: O(min(w, k / d)) rows tested by the walk (w = 8,192 ids, k the page, d the
  ///   share of posts that match); then, if needed, O(m log m) for the index's m matches
  ///   below the walk.
  func searchPosts(_ query: SearchQuery, viewerID: Int64?, before: Int64?, limit: Int)
    async throws -> FeedPage
  {
    guard !query.words.isEmpty else {
      return FeedPage(items: [], nextCursor: nil, sequence: try await currentSequence())
    }
    let statement = SearchPostsStatement(
      viewerID: viewerID ?? 0, tsquery: query.tsquery, before: before ?? Int64.max,
      walked: Self.walkedIDs, limit: Int64(limit + 1))
    let (sequence, found) = try await withDatabase { [client, logger] in
      var sequence: Int64 = 0
      var found: [Post] = []
      for try await row in try await client.execute(statement, logger: logger) {
        let row = row.makeRandomAccess()
        sequence = try row[0].decode(Int64.self)
        if try row[2].decode(Int64?.self) != nil { found.append(try Self.post(row, at: 2)) }
      }
      return (sequence, found)
    }
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
