import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: ModerationStore {
  /// Records a report weighed by the reporter's standing; hides the post pending review when
  /// its open reports weigh ``ReportWeighing/hideAt``, unless a moderator restored it.
  /// - Throws: ``AppError`` 404 for an invisible post, 400 for one's own post, 403 for a post
  ///   by someone who blocked the reporter.
  func report(postID: Int64, userID: Int64, reason: String, now: Date) async throws {
    let weighing = policy.reports
    try await transaction { [self] connection in
      guard
        let authorID = try await Self.visibleAuthor(
          self, connection, postID: postID, viewerID: userID)
      else { throw AppError.notFound("post") }
      guard authorID != userID else {
        throw AppError.badRequest("you cannot report your own post")
      }
      // A blocked user reporting their blocker's posts would be harassment by other means.
      if try await Self.isBlocked(self, connection, userID, by: authorID) {
        throw AppError.forbidden("you cannot report the posts of someone who blocked you")
      }
      let standing = try await standing(connection, userID: userID, now: now)
      let weight = Int64(ReportWeighing.thousandths(weighing.weight(standing)))
      let added = try await count(
        """
        INSERT INTO report (userId, postId, reason, createdAt, weight)
        VALUES (\(userID), \(postID), \(reason), \(Self.millis(now)), \(weight))
        ON CONFLICT DO NOTHING RETURNING 1
        """, on: connection)
      guard added > 0 else { return }
      try await connection.query(
        """
        UPDATE post SET reportCount = reportCount + 1, reportScore = reportScore + \(weight)
        WHERE id = \(postID)
        """, logger: logger)
      let hideAt = Int64(ReportWeighing.thousandths(weighing.hideAt))
      let hidden = try await count(
        """
        UPDATE post SET hidden = 1, review = 'pending'
        WHERE id = \(postID) AND hidden = 0 AND review = 'none' AND reportScore >= \(hideAt)
        RETURNING 1
        """, on: connection)
      guard hidden > 0 else { return }
      try await Self.appendChange(
        connection, logger: logger, kind: .hide, postID: postID, authorID: authorID, now: now,
        audience: .othersThanAuthor)
      try await Self.logModeration(
        self, connection, postID: postID, action: .hide, actorID: nil, note: "", now: now)
    }
  }

  /// What a reporter's report weighs by. Counts are bounded: a prolific account costs no
  /// more to weigh than a new one.
  func standing(_ connection: PostgresConnection, userID: Int64, now: Date) async throws
    -> ReporterStanding
  {
    let found = try await rows(
      """
      SELECT createdAt, reportsUpheld, reportsDismissed,
        (SELECT COUNT(*) FROM (SELECT 1 FROM post
          WHERE authorId = account.id AND hidden = 0 LIMIT 10) posts),
        (SELECT COUNT(*) FROM (SELECT 1 FROM postLike
          WHERE userId = account.id LIMIT 100) likes)
      FROM account WHERE id = \(userID)
      """, on: connection
    ) { row in
      ReporterStanding(
        age: now.timeIntervalSince(Self.date(try row[0].decode(Int64.self))),
        posts: Int(try row[3].decode(Int64.self)), likes: Int(try row[4].decode(Int64.self)),
        upheld: Int(try row[1].decode(Int64.self)), dismissed: Int(try row[2].decode(Int64.self)))
    }
    guard let standing = found.first else { throw AppError.notFound("user") }
    return standing
  }

  /// Blocks or unblocks a user by name, idempotently.
  /// - Throws: ``AppError`` 404 for an unknown user, 400 for oneself.
  func setBlock(_ blocked: Bool, username: String, blockerID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      guard
        let targetID = try await value(
          Int64.self, "SELECT id FROM account WHERE lower(username) = lower(\(username))",
          on: connection)
      else { throw AppError.notFound("user") }
      guard targetID != blockerID else { throw AppError.badRequest("you cannot block yourself") }
      let changed =
        blocked
        ? try await count(
          """
          INSERT INTO block (blockerId, blockedId, createdAt)
          VALUES (\(blockerID), \(targetID), \(Self.millis(now))) ON CONFLICT DO NOTHING RETURNING 1
          """, on: connection)
        : try await count(
          "DELETE FROM block WHERE blockerId = \(blockerID) AND blockedId = \(targetID) RETURNING 1",
          on: connection)
      // The blocker's other tabs and devices hear of it on their streams (no one else does).
      if changed > 0 {
        try await Self.appendChange(
          connection, logger: logger, kind: blocked ? .block : .unblock, postID: 0,
          authorID: targetID, now: now, actorID: blockerID)
      }
    }
  }

  /// The ids of the users a viewer blocks.
  func blockedIDs(of viewerID: Int64) async throws -> Set<Int64> {
    Set(
      try await rows("SELECT blockedId FROM block WHERE blockerId = \(viewerID)") { row in
        try row[0].decode(Int64.self)
      })
  }

  /// The people a viewer blocks, newest block first.
  func blockList(of viewerID: Int64, limit: Int) async throws -> BlockList {
    BlockList(
      users: try await rows(
        """
        SELECT account.username, block.createdAt FROM block
        JOIN account ON account.id = block.blockedId
        WHERE block.blockerId = \(viewerID) ORDER BY block.createdAt DESC, account.id DESC
        LIMIT \(limit)
        """
      ) { row in
        BlockList.Entry(
          username: try row[0].decode(String.self),
          blockedAt: Self.date(try row[1].decode(Int64.self)))
      })
  }

  /// Whether a user moderates.
  func isModerator(_ userID: Int64) async throws -> Bool {
    try await value(Bool.self, "SELECT moderator FROM account WHERE id = \(userID)") ?? false
  }

  /// Makes exactly the accounts with these (lowercased) names moderators.
  func setModerators(_ usernames: Set<String>) async throws {
    let names = Array(usernames)
    try await query(
      "UPDATE account SET moderator = (lower(username) = ANY(\(names)))")
  }

  /// Writes an entry of the audit trail, with the current score of the post's open reports,
  /// or of the comment's (`commentID`, under post `postID`).
  static func logModeration(
    _ storage: PostgresStorage, _ connection: PostgresConnection, postID: Int64,
    commentID: Int64? = nil, action: ModerationLogEntry.Action, actorID: Int64?, note: String,
    now: Date
  ) async throws {
    try await connection.query(
      """
      INSERT INTO moderationLog (postId, commentId, actorId, action, note, score, createdAt)
      VALUES (\(postID), \(commentID), \(actorID), \(action.rawValue), \(note),
        CASE WHEN \(commentID)::BIGINT IS NULL
          THEN COALESCE((SELECT reportScore FROM post WHERE id = \(postID)), 0)
          ELSE (SELECT COALESCE(SUM(weight), 0) FROM commentReport
            WHERE commentId = \(commentID) AND outcome IS NULL) END,
        \(millis(now)))
      """, logger: storage.logger)
  }
}
