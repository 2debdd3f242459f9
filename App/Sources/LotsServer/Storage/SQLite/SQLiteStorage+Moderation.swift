import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Records a report weighed by the reporter's standing; hides the post pending review when
  /// its open reports weigh ``ReportWeighing/hideAt``, unless a moderator restored it.
  /// - Throws: ``AppError`` 404 for an invisible post, 400 for one's own post, 403 for a post
  ///   by someone who blocked the reporter.
  func report(postID: Int64, userID: Int64, reason: String, now: Date) async throws {
    let weighing = policy.reports
    try await write { db in
      guard let authorID = try Self.visibleAuthor(db, postID: postID, viewerID: userID) else {
        throw AppError.notFound("post")
      }
      guard authorID != userID else {
        throw AppError.badRequest("you cannot report your own post")
      }
      // A blocked user reporting their blocker's posts would be harassment by other means.
      if try Self.isBlocked(db, userID, by: authorID) {
        throw AppError.forbidden("you cannot report the posts of someone who blocked you")
      }
      let standing = try Self.standing(db, userID: userID, now: now)
      let weight = ReportWeighing.thousandths(weighing.weight(standing))
      try db.execute(
        sql: """
          INSERT OR IGNORE INTO report (userId, postId, reason, createdAt, weight)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [userID, postID, reason, Self.millis(now), weight])
      guard db.changesCount > 0 else { return }
      try db.execute(
        sql: """
          UPDATE post SET reportCount = reportCount + 1, reportScore = reportScore + ?
          WHERE id = ?
          """, arguments: [weight, postID])
      try db.execute(
        sql: """
          UPDATE post SET hidden = 1, review = 'pending'
          WHERE id = ? AND hidden = 0 AND review = 'none' AND reportScore >= ?
          """,
        arguments: [postID, ReportWeighing.thousandths(weighing.hideAt)])
      guard db.changesCount > 0 else { return }
      try Self.appendChange(
        db, kind: .hide, postID: postID, authorID: authorID, now: now,
        audience: .othersThanAuthor)
      try Self.logModeration(db, postID: postID, action: .hide, actorID: nil, note: "", now: now)
    }
  }

  /// What a reporter's report weighs by. Counts are bounded: a prolific account costs no
  /// more to weigh than a new one.
  static func standing(_ db: Database, userID: Int64, now: Date) throws -> ReporterStanding {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT createdAt, reportsUpheld, reportsDismissed,
            (SELECT COUNT(*) FROM (SELECT 1 FROM post
              WHERE authorId = account.id AND hidden = 0 LIMIT 10)) AS posts,
            (SELECT COUNT(*) FROM (SELECT 1 FROM postLike
              WHERE userId = account.id LIMIT 100)) AS likes
          FROM account WHERE id = ?
          """, arguments: [userID])
    else { throw AppError.notFound("user") }
    return ReporterStanding(
      age: now.timeIntervalSince(date(row["createdAt"])), posts: row["posts"],
      likes: row["likes"], upheld: row["reportsUpheld"], dismissed: row["reportsDismissed"])
  }

  /// Blocks or unblocks a user by name, idempotently.
  /// - Throws: ``AppError`` 404 for an unknown user, 400 for oneself.
  func setBlock(_ blocked: Bool, username: String, blockerID: Int64, now: Date) async throws {
    try await write { db in
      guard
        let targetID = try Int64.fetchOne(
          db, sql: "SELECT id FROM account WHERE username = ?", arguments: [username])
      else { throw AppError.notFound("user") }
      guard targetID != blockerID else { throw AppError.badRequest("you cannot block yourself") }
      if blocked {
        try db.execute(
          sql: "INSERT OR IGNORE INTO block (blockerId, blockedId, createdAt) VALUES (?, ?, ?)",
          arguments: [blockerID, targetID, Self.millis(now)])
      } else {
        try db.execute(
          sql: "DELETE FROM block WHERE blockerId = ? AND blockedId = ?",
          arguments: [blockerID, targetID])
      }
      // The blocker's other tabs and devices hear of it on their streams (no one else does).
      if db.changesCount > 0 {
        try Self.appendChange(
          db, kind: blocked ? .block : .unblock, postID: 0, authorID: targetID, now: now,
          actorID: blockerID)
      }
    }
  }

  /// The ids of the users a viewer blocks.
  func blockedIDs(of viewerID: Int64) async throws -> Set<Int64> {
    try readNow { db in
      Set(
        try Int64.fetchAll(
          db, sql: "SELECT blockedId FROM block WHERE blockerId = ?", arguments: [viewerID]))
    }
  }

  /// The people a viewer blocks, newest block first.
  func blockList(of viewerID: Int64, limit: Int) async throws -> BlockList {
    try readNow { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT account.username, block.createdAt FROM block
          JOIN account ON account.id = block.blockedId
          WHERE block.blockerId = ? ORDER BY block.createdAt DESC, account.id DESC LIMIT ?
          """, arguments: [viewerID, limit])
      return BlockList(
        users: rows.map { BlockList.Entry(username: $0[0], blockedAt: Self.date($0[1])) })
    }
  }
}
