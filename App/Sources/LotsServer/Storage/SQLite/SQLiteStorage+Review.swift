import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Whether a user moderates.
  func isModerator(_ userID: Int64) async throws -> Bool {
    try readNow { db in
      try Bool.fetchOne(db, sql: "SELECT moderator FROM account WHERE id = ?", arguments: [userID])
        ?? false
    }
  }

  /// Makes exactly the accounts with these (lowercased) names moderators.
  func setModerators(_ usernames: Set<String>) async throws {
    try await write { db in
      try db.execute(sql: "UPDATE account SET moderator = 0")
      for name in usernames {
        try db.execute(
          sql: "UPDATE account SET moderator = 1 WHERE username = ?", arguments: [name])
      }
    }
  }

  /// Posts and comments with open reports, posts hidden pending review first, then by score,
  /// then by their oldest open report; each with its open reports.
  func reviewQueue(limit: Int) async throws -> ReviewQueue {
    try readNow { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.postColumns), 0 AS likedByMe, post.reportScore,
            MIN(report.createdAt) AS firstReport
          FROM report JOIN post ON post.id = report.postId
          JOIN account ON account.id = post.authorId
          WHERE report.outcome IS NULL
          GROUP BY post.id
          ORDER BY post.hidden DESC, post.reportScore DESC, firstReport, post.id
          LIMIT ?
          """, arguments: [limit])
      let total =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(DISTINCT postId) FROM report WHERE outcome IS NULL") ?? 0
      var items = try rows.map { row in
        let hidden: Int = row[13]
        let state: ReviewItem.State = hidden == 0 ? .shown : hidden == 1 ? .pending : .removed
        let score: Int = row["reportScore"]
        return ReviewItem(
          post: Self.post(row), state: state, score: Double(score) / 1000, reports: [])
      }
      let reports = try Self.openReports(
        db, of: .post, ids: items.map(\.post.id))
      for index in items.indices { items[index].reports = reports[items[index].post.id] ?? [] }
      let comments = try Self.commentReviewItems(db, limit: limit)
      return ReviewQueue.merging(
        posts: items, comments: comments.items, total: total + comments.total, limit: limit)
    }
  }

  /// Restores or removes a post, closing its open reports (dismissed or upheld, which weighs
  /// their reporters' next reports), telling the viewers whose lists change, and writing the
  /// audit trail, in one transaction.
  /// - Throws: ``AppError`` 404 for an unknown post, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, postID: Int64, moderatorID: Int64, now: Date)
    async throws
  {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT authorId, hidden,
              EXISTS (SELECT 1 FROM report WHERE postId = post.id AND outcome IS NULL) AS open
            FROM post WHERE id = ?
            """, arguments: [postID])
      else { throw AppError.notFound("post") }
      let authorID: Int64 = row["authorId"]
      let hidden: Int = row["hidden"]
      let open: Bool = row["open"]
      try Self.logModeration(
        db, postID: postID, action: decision.action == .restore ? .restore : .remove,
        actorID: moderatorID, note: decision.note, now: now)
      // The author's notifications show the decision (derived from the log): ring their bell.
      try Self.appendChange(
        db, kind: .notification, postID: postID, authorID: authorID, now: now, actorID: authorID)
      switch decision.action {
      case .restore:
        guard hidden != 0 || open else {
          throw AppError.conflict("the post is shown and has no open reports")
        }
        try Self.closeReports(db, id: postID, upheld: false)
        try db.execute(
          sql: "UPDATE post SET hidden = 0, review = 'restored', reportScore = 0 WHERE id = ?",
          arguments: [postID])
        // Back in the lists of those who lost it: everyone but its author after a hide pending
        // review, everyone after a removal.
        if hidden != 0 {
          try Self.appendChange(
            db, kind: .insert, postID: postID, authorID: authorID, now: now,
            actorID: moderatorID, audience: hidden == 1 ? .othersThanAuthor : .everyone)
        }
      case .remove:
        guard hidden != 2 else { throw AppError.conflict("the post is already removed") }
        try Self.closeReports(db, id: postID, upheld: true)
        try db.execute(
          sql: "UPDATE post SET hidden = 2, review = 'removed', reportScore = 0 WHERE id = ?",
          arguments: [postID])
        // Out of the lists that still hold it: only its author's after a hide pending review.
        try Self.appendChange(
          db, kind: .delete, postID: postID, authorID: authorID, now: now, actorID: moderatorID,
          audience: hidden == 1 ? .author : .everyone)
      }
    }
  }

  /// Closes a post's, or a comment's, open reports, counting the outcome on each reporter's
  /// standing.
  static func closeReports(
    _ db: Database, of subject: ReportSubject = .post, id: Int64, upheld: Bool
  ) throws {
    let column = upheld ? "reportsUpheld" : "reportsDismissed"
    let (table, key) = (subject.table, subject.key)
    try db.execute(
      sql: """
        UPDATE account SET \(column) = \(column) + 1
        WHERE id IN (SELECT userId FROM \(table) WHERE \(key) = ? AND outcome IS NULL)
        """, arguments: [id])
    try db.execute(
      sql: "UPDATE \(table) SET outcome = ? WHERE \(key) = ? AND outcome IS NULL",
      arguments: [upheld ? "upheld" : "dismissed", id])
  }

  /// The open reports of these posts or comments, oldest first, by the id of what they
  /// report.
  static func openReports(_ db: Database, of subject: ReportSubject, ids: [Int64]) throws
    -> [Int64: [ReviewItem.Report]]
  {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT r.\(subject.key) AS subjectId, r.reason, r.weight, r.createdAt,
          account.id, account.username, account.createdAt AS accountCreatedAt
        FROM \(subject.table) AS r JOIN account ON account.id = r.userId
        WHERE r.outcome IS NULL AND r.\(subject.key) IN (\(
          ids.map(String.init).joined(separator: ","))
        )
        ORDER BY r.createdAt, r.userId
        """)
    var reports: [Int64: [ReviewItem.Report]] = [:]
    for row in rows {
      let reporter = User(
        id: row["id"], username: row["username"], createdAt: Self.date(row["accountCreatedAt"]))
      let weight: Int = row["weight"]
      reports[row["subjectId"], default: []].append(
        ReviewItem.Report(
          reporter: reporter, reason: row["reason"], weight: Double(weight) / 1000,
          createdAt: Self.date(row["createdAt"])))
    }
    return reports
  }

  /// Writes an entry of the audit trail, with the current score of the post's open reports,
  /// or of the comment's (`commentID`, under post `postID`).
  static func logModeration(
    _ db: Database, postID: Int64, commentID: Int64? = nil,
    action: ModerationLogEntry.Action, actorID: Int64?, note: String, now: Date
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO moderationLog (postId, commentId, actorId, action, note, score, createdAt)
        VALUES (?1, ?2, ?3, ?4, ?5, CASE WHEN ?2 IS NULL
          THEN (SELECT reportScore FROM post WHERE id = ?1)
          ELSE (SELECT COALESCE(SUM(weight), 0) FROM commentReport
            WHERE commentId = ?2 AND outcome IS NULL) END, ?6)
        """,
      arguments: [postID, commentID, actorID, action.rawValue, note, millis(now)])
  }

  /// The audit trail, newest first, from before entry `before`.
  func moderationLog(before: Int64?, limit: Int) async throws -> ModerationLogPage {
    try readNow { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT moderationLog.*, account.username, account.createdAt AS accountCreatedAt
          FROM moderationLog LEFT JOIN account ON account.id = moderationLog.actorId
          WHERE moderationLog.id < ? ORDER BY moderationLog.id DESC LIMIT ?
          """, arguments: [before ?? .max, limit + 1])
      let entries = rows.prefix(limit).map { row in
        let moderator = (row["actorId"] as Int64?).map { id in
          User(
            id: id, username: row["username"], createdAt: Self.date(row["accountCreatedAt"]))
        }
        let score: Int = row["score"]
        return ModerationLogEntry(
          id: row["id"], postID: row["postId"], commentID: row["commentId"],
          action: ModerationLogEntry.Action(rawValue: row["action"]) ?? .hide,
          moderator: moderator, note: row["note"], score: Double(score) / 1000,
          createdAt: Self.date(row["createdAt"]))
      }
      return ModerationLogPage(
        entries: Array(entries), next: rows.count > limit ? entries.last?.id : nil)
    }
  }
}
