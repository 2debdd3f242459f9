import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Appends to the change log; call inside the transaction that makes the change.
  static func appendChange(
    _ db: Database, kind: ChangeEvent.Kind, postID: Int64, authorID: Int64, now: Date,
    actorID: Int64? = nil, liked: Bool? = nil, audience: ChangeEntry.Audience = .everyone,
    commentID: Int64? = nil
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, liked, audience,
          commentId)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        kind.rawValue, postID, authorID, millis(now), actorID, liked, audience.rawValue, commentID,
      ])
  }

  /// The highest sequence ever assigned (0 before the first change), trimmed or not.
  static func currentSequence(_ db: Database) throws -> Int64 {
    // Cached: every feed page asks, and compiling the statement showed in its profile.
    let statement = try db.cachedStatement(
      sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'")
    return try Int64.fetchOne(statement) ?? 0
  }

  /// The highest sequence ever assigned.
  func currentSequence() async throws -> Int64 {
    try readNow { db in try Self.currentSequence(db) }
  }

  /// The lowest sequence still in the log, or nil when it is empty.
  func oldestRetainedSequence() async throws -> Int64? {
    try readNow { db in try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM changeLog") }
  }

  /// Up to `limit` entries after `seq`, in order, with the state needed to publish them.
  func changes(after seq: Int64, limit: Int) async throws -> [ChangeEntry] {
    try readNow { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT changeLog.seq, changeLog.kind, changeLog.postId, changeLog.authorId,
            changeLog.actorId, changeLog.liked, changeLog.audience, post.likeCount, post.hidden,
            changeLog.commentId
          FROM changeLog LEFT JOIN post ON post.id = changeLog.postId
          WHERE changeLog.seq > ? ORDER BY changeLog.seq LIMIT ?
          """, arguments: [seq, limit])
      return try rows.map { row in
        let kind = ChangeEvent.Kind(rawValue: row["kind"]) ?? .update
        var entry = ChangeEntry(
          seq: row["seq"], kind: kind, postID: row["postId"], authorID: row["authorId"],
          actorID: row["actorId"], liked: row["liked"])
        entry.audience = ChangeEntry.Audience(rawValue: row["audience"]) ?? .everyone
        entry.commentID = row["commentId"]
        if kind == .comment, let id = entry.commentID {
          entry.comment = try Self.fetchComment(db, id: id)
        }
        switch kind {
        case .insert: entry.post = try Self.fetchPost(db, id: entry.postID, viewerID: nil)
        case .update, .comment, .uncomment:
          // As its author sees it, so that a hidden post's own stream still gets it, but with
          // no one's like: `likedByMe` is the viewer's, set per stream.
          entry.post = try Self.fetchPost(db, id: entry.postID, viewerID: entry.authorID)
          entry.post?.likedByMe = false
          entry.likeCount = row["likeCount"]
          let hidden: Int = row["hidden"] ?? 0
          entry.hidden = hidden != 0
          entry.removed = hidden == 2
        default: break
        }
        return entry
      }
    }
  }

  /// Drops entries beyond the retention policy: older than `retainedAge` or not among the
  /// newest `retainedEvents`.
  @discardableResult
  func trimChangeLog(now: Date) async throws -> Int {
    try await write { db in
      let newest = try Self.currentSequence(db)
      try db.execute(
        sql: "DELETE FROM changeLog WHERE seq <= ? OR createdAt < ?",
        arguments: [
          newest - Int64(policy.retainedEvents),
          Self.millis(now) - Int64(policy.retainedAge * 1000),
        ])
      return db.changesCount
    }
  }
}
