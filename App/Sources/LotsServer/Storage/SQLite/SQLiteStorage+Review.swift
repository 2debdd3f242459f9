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
    try await writer.write { db in
      try db.execute(sql: "UPDATE account SET moderator = 0")
      for name in usernames {
        try db.execute(
          sql: "UPDATE account SET moderator = 1 WHERE username = ?", arguments: [name])
      }
    }
  }

  /// Posts with open reports, hidden pending review first, then by score, then by their
  /// oldest open report; each with its open reports.
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
      let index = Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].post.id, $0) })
      let reports = try Row.fetchAll(
        db,
        sql: """
          SELECT report.postId, report.reason, report.weight, report.createdAt,
            account.id, account.username, account.createdAt AS accountCreatedAt
          FROM report JOIN account ON account.id = report.userId
          WHERE report.outcome IS NULL AND report.postId IN (\(
            items.map { String($0.post.id) }.joined(separator: ","))
          )
          ORDER BY report.createdAt, report.userId
          """)
      for row in reports {
        guard let at = index[row["postId"]] else { continue }
        let reporter = User(
          id: row["id"], username: row["username"], createdAt: Self.date(row["accountCreatedAt"]))
        let weight: Int = row["weight"]
        items[at].reports.append(
          ReviewItem.Report(
            reporter: reporter, reason: row["reason"], weight: Double(weight) / 1000,
            createdAt: Self.date(row["createdAt"])))
      }
      return ReviewQueue(items: items, total: total)
    }
  }

  /// Restores or removes a post, closing its open reports (dismissed or upheld, which weighs
  /// their reporters' next reports), telling the viewers whose lists change, and writing the
  /// audit trail, in one transaction.
  /// - Throws: ``AppError`` 404 for an unknown post, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, postID: Int64, moderatorID: Int64, now: Date)
    async throws
  {
    try await writer.write { db in
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
        try Self.closeReports(db, postID: postID, upheld: false)
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
        try Self.closeReports(db, postID: postID, upheld: true)
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

  /// Closes a post's open reports, counting the outcome on each reporter's standing.
  static func closeReports(_ db: Database, postID: Int64, upheld: Bool) throws {
    let column = upheld ? "reportsUpheld" : "reportsDismissed"
    try db.execute(
      sql: """
        UPDATE account SET \(column) = \(column) + 1
        WHERE id IN (SELECT userId FROM report WHERE postId = ? AND outcome IS NULL)
        """, arguments: [postID])
    try db.execute(
      sql: "UPDATE report SET outcome = ? WHERE postId = ? AND outcome IS NULL",
      arguments: [upheld ? "upheld" : "dismissed", postID])
  }

  /// Writes an entry of the audit trail, with the post's current score.
  static func logModeration(
    _ db: Database, postID: Int64, action: ModerationLogEntry.Action, actorID: Int64?,
    note: String, now: Date
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO moderationLog (postId, actorId, action, note, score, createdAt)
        VALUES (?, ?, ?, ?, (SELECT reportScore FROM post WHERE id = ?), ?)
        """, arguments: [postID, actorID, action.rawValue, note, postID, millis(now)])
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
          id: row["id"], postID: row["postId"],
          action: ModerationLogEntry.Action(rawValue: row["action"]) ?? .hide,
          moderator: moderator, note: row["note"], score: Double(score) / 1000,
          createdAt: Self.date(row["createdAt"]))
      }
      return ModerationLogPage(
        entries: Array(entries), next: rows.count > limit ? entries.last?.id : nil)
    }
  }
}
