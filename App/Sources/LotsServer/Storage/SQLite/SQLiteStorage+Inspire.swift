import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// The most ranked posts a snapshot keeps.
  static let inspireDepth = 1_000

  /// A page of the inspire feed: the first page freezes the ranking (post ids ordered by likes
  /// received within the window) so that later pages keep its order while contents stay live.
  /// First pages share a ranking younger than `policy.inspireReuse`: a flood of anonymous first
  /// pages reads, and writes at most one snapshot per interval.
  func inspirePage(_ viewerID: Int64?, _ cursor: FeedCursor?, _ limit: Int, _ now: Date)
    async throws -> FeedPage
  {
    let page = try await RankedPage(cursor) { try await rankingSnapshot(now: now) }
    return try readNow { db in
      let sequence = try Self.currentSequence(db)
      guard
        let text = try String.fetchOne(
          db, sql: "SELECT postIds FROM rankingSnapshot WHERE id = ?", arguments: [page.snapshot])
      else { throw RankedPage.expired }
      let (ids, next) = page.slice(of: text, limit: limit)
      var items: [Post] = []
      for id in ids {
        if let post = try Self.fetchPost(db, id: id, viewerID: viewerID) {
          items.append(post)
        }
      }
      return FeedPage(items: items, nextCursor: next, sequence: sequence)
    }
  }

  /// The ranking younger than `policy.inspireReuse`, else a new one.
  func rankingSnapshot(now: Date) async throws -> Int64 {
    let recent = try readNow { db in
      try Self.recentSnapshot(db, now: now, reuse: policy.inspireReuse)
    }
    if let recent { return recent }
    return try await createRankingSnapshot(now: now)
  }

  static func recentSnapshot(_ db: Database, now: Date, reuse: TimeInterval) throws -> Int64? {
    try Int64.fetchOne(
      db, sql: "SELECT id FROM rankingSnapshot WHERE createdAt > ? ORDER BY id DESC LIMIT 1",
      arguments: [millis(now) - Int64(reuse * 1000)])
  }

  /// Ranks posts by likes within the window and stores the order (unless a request just did,
  /// in the same interval); drops snapshots older than a day.
  func createRankingSnapshot(now: Date) async throws -> Int64 {
    let windowStart = Self.millis(now) - Int64(policy.inspireWindow * 1000)
    let reuse = policy.inspireReuse
    return try await write { db in
      // First pages that missed the same expired ranking queue here: one ranks, the rest reuse.
      if let recent = try Self.recentSnapshot(db, now: now, reuse: reuse) { return recent }
      let ids = try Int64.fetchAll(
        db,
        sql: """
          SELECT post.id FROM post
          LEFT JOIN postLike ON postLike.postId = post.id AND postLike.createdAt >= ?
          WHERE post.hidden = 0
          GROUP BY post.id ORDER BY COUNT(postLike.postId) DESC, post.createdAt DESC, post.id DESC
          LIMIT ?
          """, arguments: [windowStart, Self.inspireDepth])
      try db.execute(
        sql: "DELETE FROM rankingSnapshot WHERE createdAt < ?",
        arguments: [Self.millis(now) - 86_400_000])
      try db.execute(
        sql: "INSERT INTO rankingSnapshot (createdAt, postIds) VALUES (?, ?)",
        arguments: [Self.millis(now), ids.map(String.init).joined(separator: ",")])
      return db.lastInsertedRowID
    }
  }
}
