import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Posts matching every word of the query as a prefix, newest first (FTS5 walks its rowids,
  /// which are the posts' ids, in descending order: no sort), as the viewer may see them.
  func searchPosts(_ query: SearchQuery, viewerID: Int64?, before: Int64?, limit: Int)
    async throws -> FeedPage
  {
    guard !query.words.isEmpty else {
      return FeedPage(items: [], nextCursor: nil, sequence: try await currentSequence())
    }
    return try readNow { db in
      let sequence = try Self.currentSequence(db)
      let rows = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT \(Self.postColumns), \(Self.likedByViewer.replacingOccurrences(of: "?", with: "?1"))
            FROM postSearch JOIN post ON post.id = postSearch.rowid
            JOIN account ON account.id = post.authorId
            WHERE postSearch MATCH ?2 AND postSearch.rowid < ?3
              AND \(Self.visibleToViewer)
            ORDER BY postSearch.rowid DESC LIMIT ?4
            """),
        arguments: [viewerID ?? 0, query.fts5, before ?? Int64.max, limit + 1])
      let posts = rows.prefix(limit).map(Self.post)
      let next =
        rows.count > limit
        ? posts.last.map { FeedCursor.keyset(feed: "search", key: $0.id, id: $0.id).token } : nil
      return FeedPage(items: Array(posts), nextCursor: next, sequence: sequence)
    }
  }

  /// People whose names start with the query, but not those the viewer blocks.
  func searchPeople(_ query: SearchQuery, viewerID: Int64?, limit: Int) async throws -> [User] {
    guard let pattern = query.namePattern else { return [] }
    return try readNow { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, username, createdAt FROM account
          WHERE username LIKE ?1 ESCAPE '\\'
            AND id NOT IN (SELECT blockedId FROM block WHERE blockerId = ?2)
          ORDER BY length(username), username LIMIT ?3
          """, arguments: [pattern, viewerID ?? 0, limit]
      ).map { User(id: $0[0], username: $0[1], createdAt: Self.date($0[2])) }
    }
  }
}
