import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Likes or unlikes a post, idempotently; the count moves only when the like row does.
  /// - Throws: ``AppError`` 404 when the viewer can't see the post, 403 for a like of a post by
  ///   someone who blocked the viewer (taking a like back stays possible).
  func setLike(_ liked: Bool, postID: Int64, userID: Int64, now: Date) async throws -> LikeState {
    try await write { db in
      guard
        let authorID = try Self.visibleAuthor(db, postID: postID, viewerID: userID)
      else { throw AppError.notFound("post") }
      if liked, try Self.isBlocked(db, userID, by: authorID) {
        throw AppError.forbidden("you cannot like the posts of someone who blocked you")
      }
      if liked {
        // Strictly increasing per user, so "newest like first" is the order the likes happened.
        let latest = try Int64.fetchOne(
          db, sql: "SELECT MAX(createdAt) FROM postLike WHERE userId = ?", arguments: [userID])
        try db.execute(
          sql: "INSERT OR IGNORE INTO postLike (userId, postId, createdAt) VALUES (?, ?, ?)",
          arguments: [userID, postID, max(Self.millis(now), (latest ?? 0) + 1)])
      } else {
        try db.execute(
          sql: "DELETE FROM postLike WHERE userId = ? AND postId = ?", arguments: [userID, postID])
      }
      if db.changesCount > 0 {
        try db.execute(
          sql: "UPDATE post SET likeCount = likeCount + ? WHERE id = ?",
          arguments: [liked ? 1 : -1, postID])
        try Self.appendChange(
          db, kind: .update, postID: postID, authorID: authorID, now: now, actorID: userID,
          liked: liked)
      }
      let count =
        try Int.fetchOne(
          db, sql: "SELECT likeCount FROM post WHERE id = ?", arguments: [postID]) ?? 0
      return LikeState(postID: postID, liked: liked, likeCount: count)
    }
  }

  /// The author of a post the viewer may see (shown, or hidden pending review and theirs; author not blocked).
  static func visibleAuthor(_ db: Database, postID: Int64, viewerID: Int64) throws -> Int64? {
    try Int64.fetchOne(
      db,
      sql: """
        SELECT authorId FROM post WHERE id = ? AND (hidden = 0 OR (hidden = 1 AND authorId = ?))
          AND authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?)
        """, arguments: [postID, viewerID, viewerID])
  }

  /// Whether `blocker` blocked `userID`.
  static func isBlocked(_ db: Database, _ userID: Int64, by blocker: Int64) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT 1 FROM block WHERE blockerId = ? AND blockedId = ?",
      arguments: [blocker, userID]) ?? false
  }
}
