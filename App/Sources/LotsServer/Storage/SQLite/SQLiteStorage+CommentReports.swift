import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Records a report of a comment, weighed by the reporter's standing, once per user and
  /// comment. Reports never hide a comment by themselves: it waits in the review queue.
  /// - Throws: ``AppError`` 404 for a comment the reporter cannot see, 400 for their own,
  ///   403 for one by someone who blocked them.
  func reportComment(commentID: Int64, userID: Int64, reason: String, now: Date) async throws {
    let weighing = policy.reports
    try await write { db in
      guard
        let writerID = try Int64.fetchOne(
          db,
          sql: """
            SELECT comment.authorId FROM comment JOIN post ON post.id = comment.postId
            WHERE comment.id = ?2 AND comment.removed = 0 AND \(Self.visibleToViewer)
              AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)
            """, arguments: [userID, commentID])
      else { throw AppError.notFound("comment") }
      guard writerID != userID else {
        throw AppError.badRequest("you cannot report your own comment")
      }
      if try Self.isBlocked(db, userID, by: writerID) {
        throw AppError.forbidden("you cannot report the comments of someone who blocked you")
      }
      let standing = try Self.standing(db, userID: userID, now: now)
      try db.execute(
        sql: """
          INSERT OR IGNORE INTO commentReport (userId, commentId, reason, weight, createdAt)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [
          userID, commentID, reason, ReportWeighing.thousandths(weighing.weight(standing)),
          Self.millis(now),
        ])
    }
  }

  /// Comments with open reports, by score, then by their oldest open report: up to `limit`,
  /// each with its post (as its author sees it) and open reports; and how many there are.
  static func commentReviewItems(_ db: Database, limit: Int) throws
    -> (items: [ReviewItem], total: Int)
  {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT \(commentColumns), comment.removed, SUM(commentReport.weight) AS score,
          MIN(commentReport.createdAt) AS firstReport
        FROM commentReport JOIN comment ON comment.id = commentReport.commentId
        JOIN account ON account.id = comment.authorId
        WHERE commentReport.outcome IS NULL
        GROUP BY comment.id ORDER BY score DESC, firstReport, comment.id LIMIT ?
        """, arguments: [limit])
    let total =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(DISTINCT commentId) FROM commentReport WHERE outcome IS NULL")
      ?? 0
    let comments = rows.map(comment)
    var posts: [Int64: Post] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT \(postColumns), 0 AS likedByMe FROM post
        JOIN account ON account.id = post.authorId
        WHERE post.id IN (\(Set(comments.map(\.postID)).map(String.init).joined(separator: ",")))
        """)
    {
      let post = Self.post(row)
      posts[post.id] = post
    }
    let reports = try openReports(db, of: .comment, ids: comments.map(\.id))
    let items = zip(rows, comments).compactMap { row, comment -> ReviewItem? in
      guard let post = posts[comment.postID] else { return nil }
      let removed: Int = row["removed"]
      let score: Int = row["score"]
      return ReviewItem(
        post: post, comment: comment, state: removed == 0 ? .shown : .removed,
        score: Double(score) / 1000, reports: reports[comment.id] ?? [])
    }
    return (items, total)
  }

  /// Removes a comment (from everyone, its writer too) or keeps it (showing it again if it
  /// was removed), closing its open reports, telling the post's open pages, ringing the
  /// writer's bell and writing the audit trail, in one transaction.
  /// - Throws: ``AppError`` 404 for an unknown comment, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, commentID: Int64, moderatorID: Int64, now: Date)
    async throws
  {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT comment.postId, comment.authorId, comment.removed, post.authorId,
              EXISTS (SELECT 1 FROM commentReport
                WHERE commentId = comment.id AND outcome IS NULL) AS open
            FROM comment JOIN post ON post.id = comment.postId WHERE comment.id = ?
            """, arguments: [commentID])
      else { throw AppError.notFound("comment") }
      let (postID, writerID, removed, authorID): (Int64, Int64, Int, Int64) = (
        row[0], row[1], row[2], row[3]
      )
      let open: Bool = row["open"]
      try Self.logModeration(
        db, postID: postID, commentID: commentID,
        action: decision.action == .restore ? .restore : .remove, actorID: moderatorID,
        note: decision.note, now: now)
      try Self.appendChange(
        db, kind: .notification, postID: postID, authorID: writerID, now: now,
        actorID: writerID)
      let change: ChangeEvent.Kind
      switch decision.action {
      case .restore:
        guard removed != 0 || open else {
          throw AppError.conflict("the comment is shown and has no open reports")
        }
        try Self.closeReports(db, of: .comment, id: commentID, upheld: false)
        guard removed != 0 else { return }
        change = .comment
      case .remove:
        guard removed == 0 else { throw AppError.conflict("the comment is already removed") }
        try Self.closeReports(db, of: .comment, id: commentID, upheld: true)
        change = .uncomment
      }
      try db.execute(
        sql: "UPDATE comment SET removed = ? WHERE id = ?",
        arguments: [change == .uncomment ? 1 : 0, commentID])
      try db.execute(
        sql: "UPDATE post SET commentCount = commentCount + ? WHERE id = ?",
        arguments: [change == .uncomment ? -1 : 1, postID])
      try Self.appendChange(
        db, kind: change, postID: postID, authorID: authorID, now: now, actorID: writerID,
        commentID: commentID)
    }
  }
}
