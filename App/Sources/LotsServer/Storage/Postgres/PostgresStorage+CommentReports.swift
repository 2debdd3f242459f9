import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  /// Records a report of a comment, weighed by the reporter's standing, once per user and
  /// comment (as SQLite's).
  func reportComment(commentID: Int64, userID: Int64, reason: String, now: Date) async throws {
    let weighing = policy.reports
    try await transaction { [self] connection in
      var query = PostgresQuery(
        unsafeSQL: """
          SELECT comment.authorId FROM comment JOIN post ON post.id = comment.postId
          WHERE comment.id = $2 AND comment.removed = 0 AND \(Self.visibleToViewer)
            AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = $1)
          """)
      query.binds.append(userID, context: .default)
      query.binds.append(commentID, context: .default)
      guard let writerID = try await value(Int64.self, query, on: connection) else {
        throw AppError.notFound("comment")
      }
      guard writerID != userID else {
        throw AppError.badRequest("you cannot report your own comment")
      }
      if try await Self.isBlocked(self, connection, userID, by: writerID) {
        throw AppError.forbidden("you cannot report the comments of someone who blocked you")
      }
      let standing = try await standing(connection, userID: userID, now: now)
      let weight = Int64(ReportWeighing.thousandths(weighing.weight(standing)))
      try await connection.query(
        """
        INSERT INTO commentReport (userId, commentId, reason, weight, createdAt)
        VALUES (\(userID), \(commentID), \(reason), \(weight), \(Self.millis(now)))
        ON CONFLICT DO NOTHING
        """, logger: logger)
    }
  }

  /// Comments with open reports, by score, then by their oldest open report: up to `limit`,
  /// each with its post (as its author sees it) and open reports; and how many there are.
  func commentReviewItems(limit: Int) async throws -> (items: [ReviewItem], total: Int) {
    let found = try await rows(
      PostgresQuery(
        unsafeSQL: """
          SELECT \(Self.commentColumns), comment.removed,
            SUM(commentReport.weight)::BIGINT AS score,
            MIN(commentReport.createdAt) AS firstReport
          FROM commentReport JOIN comment ON comment.id = commentReport.commentId
          JOIN account ON account.id = comment.authorId
          WHERE commentReport.outcome IS NULL
          GROUP BY comment.id, account.id ORDER BY score DESC, firstReport, comment.id
          LIMIT \(limit)
          """)
    ) { row in
      (
        comment: try Self.comment(row, at: 0), removed: try row[7].decode(Int16.self) != 0,
        score: try row[8].decode(Int64.self)
      )
    }
    let total =
      try await value(
        Int64.self, "SELECT COUNT(DISTINCT commentId) FROM commentReport WHERE outcome IS NULL")
      ?? 0
    let postIDs = Array(Set(found.map(\.comment.postID)))
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT \(Self.postColumns), false AS likedByMe FROM post
        JOIN account ON account.id = post.authorId WHERE post.id = ANY($1)
        """)
    query.binds.append(postIDs, context: .default)
    let posts = Dictionary(
      try await rows(query) { row in try Self.post(row, at: 0) }.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let reports = try await openReports(of: .comment, ids: found.map(\.comment.id))
    let items = found.compactMap { entry -> ReviewItem? in
      guard let post = posts[entry.comment.postID] else { return nil }
      return ReviewItem(
        post: post, comment: entry.comment, state: entry.removed ? .removed : .shown,
        score: Double(entry.score) / 1000, reports: reports[entry.comment.id] ?? [])
    }
    return (items, Int(total))
  }

  /// Removes or keeps a comment (as SQLite's), in one transaction.
  func decide(_ decision: ModerationDecision, commentID: Int64, moderatorID: Int64, now: Date)
    async throws
  {
    try await transaction { [self] connection in
      guard
        let (postID, writerID, removed, authorID, open) = try await rows(
          """
          SELECT comment.postId, comment.authorId, comment.removed, post.authorId,
            EXISTS (SELECT 1 FROM commentReport
              WHERE commentId = comment.id AND outcome IS NULL)
          FROM comment JOIN post ON post.id = comment.postId WHERE comment.id = \(commentID)
          FOR UPDATE OF comment
          """, on: connection,
          { row in
            (
              try row[0].decode(Int64.self), try row[1].decode(Int64.self),
              try row[2].decode(Int16.self) != 0, try row[3].decode(Int64.self),
              try row[4].decode(Bool.self)
            )
          }
        ).first
      else { throw AppError.notFound("comment") }
      try await Self.logModeration(
        self, connection, postID: postID, commentID: commentID,
        action: decision.action == .restore ? .restore : .remove, actorID: moderatorID,
        note: decision.note, now: now)
      try await Self.appendChange(
        connection, logger: logger, kind: .notification, postID: postID, authorID: writerID,
        now: now, actorID: writerID)
      let change: ChangeEvent.Kind
      switch decision.action {
      case .restore:
        guard removed || open else {
          throw AppError.conflict("the comment is shown and has no open reports")
        }
        try await closeReports(connection, of: .comment, id: commentID, upheld: false)
        guard removed else { return }
        change = .comment
      case .remove:
        guard !removed else { throw AppError.conflict("the comment is already removed") }
        try await closeReports(connection, of: .comment, id: commentID, upheld: true)
        change = .uncomment
      }
      let flag: Int16 = change == .uncomment ? 1 : 0
      let step: Int64 = change == .uncomment ? -1 : 1
      try await connection.query(
        "UPDATE comment SET removed = \(flag) WHERE id = \(commentID)", logger: logger)
      try await connection.query(
        "UPDATE post SET commentCount = commentCount + \(step) WHERE id = \(postID)",
        logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: change, postID: postID, authorID: authorID, now: now,
        actorID: writerID, commentID: commentID)
    }
  }
}
