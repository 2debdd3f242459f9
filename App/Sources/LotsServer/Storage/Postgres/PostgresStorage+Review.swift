import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  /// Posts and comments with open reports, posts hidden pending review first, then by score,
  /// then by their oldest open report; each with its open reports.
  func reviewQueue(limit: Int) async throws -> ReviewQueue {
    let limit = Int64(limit)
    var items = try await rows(
      PostgresQuery(
        unsafeSQL: """
          SELECT \(Self.postColumns), false AS likedByMe, post.reportScore,
            MIN(report.createdAt) AS firstReport
          FROM report JOIN post ON post.id = report.postId
          JOIN account ON account.id = post.authorId
          WHERE report.outcome IS NULL
          GROUP BY post.id, account.id
          ORDER BY post.hidden DESC, post.reportScore DESC, firstReport, post.id
          LIMIT \(limit)
          """)
    ) { row in
      let hidden = try row[13].decode(Int16.self)
      let state: ReviewItem.State = hidden == 0 ? .shown : hidden == 1 ? .pending : .removed
      return ReviewItem(
        post: try Self.post(row, at: 0), state: state,
        score: Double(try row[23].decode(Int64.self)) / 1000, reports: [])
    }
    let total =
      try await value(
        Int64.self, "SELECT COUNT(DISTINCT postId) FROM report WHERE outcome IS NULL") ?? 0
    let reports = try await openReports(of: .post, ids: items.map(\.post.id))
    for index in items.indices { items[index].reports = reports[items[index].post.id] ?? [] }
    let comments = try await commentReviewItems(limit: Int(limit))
    return ReviewQueue.merging(
      posts: items, comments: comments.items, total: Int(total) + comments.total,
      limit: Int(limit))
  }

  /// Restores or removes a post, closing its open reports (dismissed or upheld, which weighs
  /// their reporters' next reports), telling the viewers whose lists change, and writing the
  /// audit trail, in one transaction.
  /// - Throws: ``AppError`` 404 for an unknown post, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, postID: Int64, moderatorID: Int64, now: Date)
    async throws
  {
    try await transaction { [self] connection in
      guard
        let (authorID, hidden, open) = try await rows(
          """
          SELECT authorId, hidden,
            EXISTS (SELECT 1 FROM report WHERE postId = post.id AND outcome IS NULL)
          FROM post WHERE id = \(postID) FOR UPDATE
          """, on: connection,
          { row in
            (
              try row[0].decode(Int64.self), Int(try row[1].decode(Int16.self)),
              try row[2].decode(Bool.self)
            )
          }
        ).first
      else { throw AppError.notFound("post") }
      try await Self.logModeration(
        self, connection, postID: postID,
        action: decision.action == .restore ? .restore : .remove, actorID: moderatorID,
        note: decision.note, now: now)
      // The author's notifications show the decision (derived from the log): ring their bell.
      try await Self.appendChange(
        connection, logger: logger, kind: .notification, postID: postID, authorID: authorID,
        now: now, actorID: authorID)
      switch decision.action {
      case .restore:
        guard hidden != 0 || open else {
          throw AppError.conflict("the post is shown and has no open reports")
        }
        try await closeReports(connection, id: postID, upheld: false)
        try await connection.query(
          "UPDATE post SET hidden = 0, review = 'restored', reportScore = 0 WHERE id = \(postID)",
          logger: logger)
        // Back in the lists of those who lost it: everyone but its author after a hide pending
        // review, everyone after a removal.
        if hidden != 0 {
          try await Self.appendChange(
            connection, logger: logger, kind: .insert, postID: postID, authorID: authorID,
            now: now, actorID: moderatorID, audience: hidden == 1 ? .othersThanAuthor : .everyone)
        }
      case .remove:
        guard hidden != 2 else { throw AppError.conflict("the post is already removed") }
        try await closeReports(connection, id: postID, upheld: true)
        try await connection.query(
          "UPDATE post SET hidden = 2, review = 'removed', reportScore = 0 WHERE id = \(postID)",
          logger: logger)
        // Out of the lists that still hold it: only its author's after a hide pending review.
        try await Self.appendChange(
          connection, logger: logger, kind: .delete, postID: postID, authorID: authorID,
          now: now, actorID: moderatorID, audience: hidden == 1 ? .author : .everyone)
      }
    }
  }

  /// Closes a post's, or a comment's, open reports, counting the outcome on each reporter's
  /// standing.
  func closeReports(
    _ connection: PostgresConnection, of subject: ReportSubject = .post, id: Int64,
    upheld: Bool
  ) async throws {
    let column = upheld ? "reportsUpheld" : "reportsDismissed"
    let (table, key) = (subject.table, subject.key)
    var query = PostgresQuery(
      unsafeSQL: """
        UPDATE account SET \(column) = \(column) + 1
        WHERE id IN (SELECT userId FROM \(table) WHERE \(key) = $1 AND outcome IS NULL)
        """)
    query.binds.append(id, context: .default)
    try await connection.query(query, logger: logger)
    var close = PostgresQuery(
      unsafeSQL: "UPDATE \(table) SET outcome = $1 WHERE \(key) = $2 AND outcome IS NULL")
    close.binds.append(upheld ? "upheld" : "dismissed", context: .default)
    close.binds.append(id, context: .default)
    try await connection.query(close, logger: logger)
  }

  /// The open reports of these posts or comments, oldest first, by the id of what they
  /// report.
  func openReports(of subject: ReportSubject, ids: [Int64]) async throws
    -> [Int64: [ReviewItem.Report]]
  {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT r.\(subject.key), r.reason, r.weight, r.createdAt,
          account.id, account.username, account.createdAt
        FROM \(subject.table) AS r JOIN account ON account.id = r.userId
        WHERE r.outcome IS NULL AND r.\(subject.key) = ANY($1)
        ORDER BY r.createdAt, r.userId
        """)
    query.binds.append(ids, context: .default)
    let found = try await rows(query) { row in
      (
        id: try row[0].decode(Int64.self),
        report: ReviewItem.Report(
          reporter: User(
            id: try row[4].decode(Int64.self), username: try row[5].decode(String.self),
            createdAt: Self.date(try row[6].decode(Int64.self))),
          reason: try row[1].decode(String.self),
          weight: Double(try row[2].decode(Int64.self)) / 1000,
          createdAt: Self.date(try row[3].decode(Int64.self)))
      )
    }
    var reports: [Int64: [ReviewItem.Report]] = [:]
    for (id, report) in found { reports[id, default: []].append(report) }
    return reports
  }

  /// The audit trail, newest first, from before entry `before`.
  func moderationLog(before: Int64?, limit: Int) async throws -> ModerationLogPage {
    let before = before ?? .max
    let fetch = Int64(limit + 1)
    let entries = try await rows(
      """
      SELECT moderationLog.id, moderationLog.postId, moderationLog.action, moderationLog.actorId,
        account.username, account.createdAt, moderationLog.note, moderationLog.score,
        moderationLog.createdAt, moderationLog.commentId
      FROM moderationLog LEFT JOIN account ON account.id = moderationLog.actorId
      WHERE moderationLog.id < \(before) ORDER BY moderationLog.id DESC LIMIT \(fetch)
      """
    ) { row in
      let moderator = try row[3].decode(Int64?.self).map { id in
        User(
          id: id, username: try row[4].decode(String.self),
          createdAt: Self.date(try row[5].decode(Int64.self)))
      }
      return ModerationLogEntry(
        id: try row[0].decode(Int64.self), postID: try row[1].decode(Int64.self),
        commentID: try row[9].decode(Int64?.self),
        action: ModerationLogEntry.Action(rawValue: try row[2].decode(String.self)) ?? .hide,
        moderator: moderator, note: try row[6].decode(String.self),
        score: Double(try row[7].decode(Int64.self)) / 1000,
        createdAt: Self.date(try row[8].decode(Int64.self)))
    }
    let page = Array(entries.prefix(limit))
    return ModerationLogPage(entries: page, next: entries.count > limit ? page.last?.id : nil)
  }
}
