import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// What others did to the posts of `?1`, newest first, none by someone `?1` blocks, each
  /// branch walking the person's posts by `post_author` and each post's likes, comments or
  /// saves by their post index; and moderators' decisions on `?1`'s comments (`about`: the
  /// comment), by `comment_author`. `?2` bounds `createdAt` from below.
  static let activitySQL = """
    SELECT kind, postId, actorId, createdAt, detail, about FROM (
      SELECT 'like' AS kind, postLike.postId, postLike.userId AS actorId, postLike.createdAt,
        '' AS detail, '' AS about
      FROM post JOIN postLike ON postLike.postId = post.id
      WHERE post.authorId = ?1 AND postLike.userId <> ?1 AND postLike.createdAt > ?2
      UNION ALL
      SELECT 'comment', comment.postId, comment.authorId, comment.createdAt, comment.body, ''
      FROM post JOIN comment ON comment.postId = post.id
      WHERE post.authorId = ?1 AND comment.authorId <> ?1 AND comment.removed = 0
        AND comment.createdAt > ?2
      UNION ALL
      SELECT 'save', listEntry.postId, pocketList.ownerId, MIN(listEntry.createdAt), '', ''
      FROM post JOIN listEntry ON listEntry.postId = post.id
      JOIN pocketList ON pocketList.id = listEntry.listId
      WHERE post.authorId = ?1 AND pocketList.ownerId <> ?1 AND listEntry.createdAt > ?2
      GROUP BY listEntry.postId, pocketList.ownerId
      UNION ALL
      SELECT 'moderation', moderationLog.postId, NULL, moderationLog.createdAt,
        moderationLog.action, ''
      FROM post JOIN moderationLog ON moderationLog.postId = post.id
      WHERE post.authorId = ?1 AND moderationLog.commentId IS NULL
        AND moderationLog.actorId IS NOT NULL
        AND moderationLog.action IN ('remove', 'restore') AND moderationLog.createdAt > ?2
      UNION ALL
      SELECT 'moderation', moderationLog.postId, NULL, moderationLog.createdAt,
        moderationLog.action, comment.body
      FROM comment JOIN moderationLog ON moderationLog.commentId = comment.id
      WHERE comment.authorId = ?1 AND moderationLog.actorId IS NOT NULL
        AND moderationLog.action IN ('remove', 'restore') AND moderationLog.createdAt > ?2
    ) AS activity
    WHERE actorId IS NULL OR actorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)
    """

  /// The newest activity around a person's posts, with its people and posts.
  /// - Complexity: O(p + a) for the person's p posts and the a likes, comments and saves of
  ///   them, then O(w log w) to order them, for the window w.
  func activity(userID: Int64) async throws -> (
    activities: [Activity], people: [Int64: User], posts: [Int64: NotificationGroup.PostSummary],
    readAt: Int64
  ) {
    try readNow { db in
      let readAt = try Self.readAt(db, userID)
      let activities = try Row.fetchAll(
        db, sql: Self.activitySQL + " ORDER BY createdAt DESC LIMIT ?3",
        arguments: [userID, 0, Activity.window]
      ).map { row in
        Activity(
          kind: NotificationGroup.Kind(rawValue: row[0]) ?? .like, postID: row[1],
          actorID: row[2], createdAt: row[3], detail: row[4], about: row[5])
      }
      let actorIDs = Set(activities.compactMap(\.actorID)).map(String.init).joined(separator: ",")
      var people: [Int64: User] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT id, username, createdAt FROM account WHERE id IN (\(actorIDs))")
      {
        people[row[0]] = User(id: row[0], username: row[1], createdAt: Self.date(row[2]))
      }
      let postIDs = Set(activities.map(\.postID)).map(String.init).joined(separator: ",")
      var posts: [Int64: NotificationGroup.PostSummary] = [:]
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT id, restaurant, caption, width, height, color, originalKey, displayKey,
            thumbnailKey, photoDescription
          FROM post WHERE id IN (\(postIDs))
          """)
      {
        let photo = StoredPhoto(
          width: row[3], height: row[4], color: row[5], originalKey: row[6], displayKey: row[7],
          thumbnailKey: row[8], description: row[9])
        posts[row[0]] = NotificationGroup.PostSummary(
          id: row[0], restaurant: row[1], caption: row[2], photo: photo.photo)
      }
      return (activities, people, posts, readAt)
    }
  }

  /// How many things others did to a person's posts since they last read.
  func unreadActivity(userID: Int64) async throws -> Int {
    try readNow { db in
      let readAt = try Self.readAt(db, userID)
      return try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM (\(Self.activitySQL))", arguments: [userID, readAt]) ?? 0
    }
  }

  /// Marks everything so far as read, and rings the person's other tabs.
  func markActivityRead(userID: Int64, now: Date) async throws {
    try await write { db in
      let stamp = max(Self.millis(now), try Self.readAt(db, userID))
      try db.execute(
        sql: "UPDATE account SET notificationsReadAt = ? WHERE id = ?", arguments: [stamp, userID])
      try Self.appendChange(
        db, kind: .notification, postID: 0, authorID: userID, now: now, actorID: userID)
    }
  }

  private static func readAt(_ db: Database, _ userID: Int64) throws -> Int64 {
    try Int64.fetchOne(
      db, sql: "SELECT notificationsReadAt FROM account WHERE id = ?", arguments: [userID]) ?? 0
  }
}
