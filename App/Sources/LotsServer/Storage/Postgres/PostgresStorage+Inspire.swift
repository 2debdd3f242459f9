import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  /// The advisory lock under which one instance ranks while the others wait and reuse.
  static let rankingLock: Int64 = 0x4c4f_5473_0003

  /// A page of the inspire feed: the first page freezes the ranking (post ids ordered by likes
  /// received within the window) so that later pages keep its order, on any instance, while
  /// contents stay live. First pages share a ranking younger than `policy.inspireReuse`.
  func inspirePage(_ viewerID: Int64?, _ cursor: FeedCursor?, _ limit: Int, _ now: Date)
    async throws -> FeedPage
  {
    let page = try await RankedPage(cursor) { try await rankingSnapshot(now: now) }
    let sequence = try await currentSequence()
    guard
      let text = try await value(
        String.self, "SELECT postIds FROM rankingSnapshot WHERE id = \(page.snapshot)")
    else { throw RankedPage.expired }
    let (ids, next) = page.slice(of: text, limit: limit)
    let found = try await posts(ids: Array(ids), viewerID: viewerID)
    let items = ids.compactMap { found[$0] }  // in the ranking's order
    return FeedPage(items: items, nextCursor: next, sequence: sequence)
  }

  /// The ranking younger than `policy.inspireReuse`, else a new one (ranked by one instance
  /// at a time: those that missed the same expired ranking wait and reuse the new one).
  func rankingSnapshot(now: Date) async throws -> Int64 {
    let since = Self.millis(now) - Int64(policy.inspireReuse * 1000)
    let recent: PostgresQuery =
      "SELECT id FROM rankingSnapshot WHERE createdAt > \(since) ORDER BY id DESC LIMIT 1"
    if let id = try await value(Int64.self, recent) { return id }
    let windowStart = Self.millis(now) - Int64(policy.inspireWindow * 1000)
    let depth = Int64(SQLiteStorage.inspireDepth)
    let dayAgo = Self.millis(now) - 86_400_000
    return try await transaction(ordered: false) { [self] connection in
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(Self.rankingLock))", logger: logger)
      if let id = try await value(Int64.self, recent, on: connection) { return id }
      let ids = try await rows(
        """
        SELECT post.id FROM post
        LEFT JOIN postLike ON postLike.postId = post.id AND postLike.createdAt >= \(windowStart)
        WHERE post.hidden = 0
        GROUP BY post.id ORDER BY COUNT(postLike.postId) DESC, post.createdAt DESC, post.id DESC
        LIMIT \(depth)
        """, on: connection
      ) { row in try row[0].decode(Int64.self) }
      try await connection.query(
        "DELETE FROM rankingSnapshot WHERE createdAt < \(dayAgo)", logger: logger)
      let list = ids.map(String.init).joined(separator: ",")
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO rankingSnapshot (createdAt, postIds) VALUES (\(Self.millis(now)), \(list))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new ranking has no id") }
      return id
    }
  }
}
