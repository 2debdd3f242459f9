import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// The columns ``comment(_:)`` reads.
  static let commentColumns = """
    comment.id, comment.postId, comment.authorId, account.username,
    account.createdAt AS authorCreatedAt, comment.body, comment.createdAt
    """

  /// A page of a post's comments, oldest first, none by someone the viewer blocks.
  /// - Complexity: O(limit) rows by the index on (postId, id).
  func comments(postID: Int64, viewerID: Int64?, before: Int64?, limit: Int) async throws
    -> CommentPage?
  {
    try readNow { db in
      guard try Self.visibleAuthor(db, postID: postID, viewerID: viewerID ?? 0) != nil else {
        return nil
      }
      let rows = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT \(Self.commentColumns) FROM comment
            JOIN account ON account.id = comment.authorId
            WHERE comment.postId = ?1 AND comment.id < ?2 AND comment.removed = 0
              AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?3)
            ORDER BY comment.id DESC LIMIT ?4
            """),
        arguments: [postID, before ?? Int64.max, viewerID ?? 0, limit + 1])
      let items = rows.prefix(limit).map(Self.comment).reversed()
      let earlier = rows.count > limit ? items.first.map { String($0.id) } : nil
      return CommentPage(
        items: Array(items), earlierCursor: earlier, sequence: try Self.currentSequence(db))
    }
  }

  /// Adds a comment, counts it and logs it, in one transaction.
  func addComment(postID: Int64, userID: Int64, body: String, now: Date) async throws -> Comment {
    try await write { db in
      guard let authorID = try Self.visibleAuthor(db, postID: postID, viewerID: userID) else {
        throw AppError.notFound("post")
      }
      guard try !Self.isBlocked(db, userID, by: authorID) else {
        throw AppError.forbidden("you cannot comment on the posts of someone who blocked you")
      }
      let newest =
        try Int64.fetchOne(
          db, sql: "SELECT MAX(createdAt) FROM comment WHERE postId = ?", arguments: [postID]) ?? 0
      try db.execute(
        sql: "INSERT INTO comment (postId, authorId, body, createdAt) VALUES (?, ?, ?, ?)",
        arguments: [postID, userID, body, max(Self.millis(now), newest)])
      let id = db.lastInsertedRowID
      try db.execute(
        sql: "UPDATE post SET commentCount = commentCount + 1 WHERE id = ?", arguments: [postID])
      try Self.appendChange(
        db, kind: .comment, postID: postID, authorID: authorID, now: now, actorID: userID,
        commentID: id)
      guard let comment = try Self.fetchComment(db, id: id) else {
        throw AppError.notFound("comment")
      }
      return comment
    }
  }

  /// Deletes a comment its writer or its post's author asks to delete.
  func deleteComment(id: Int64, userID: Int64, now: Date) async throws {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT comment.postId, comment.authorId, post.authorId FROM comment
            JOIN post ON post.id = comment.postId
            WHERE comment.id = ?2 AND comment.removed = 0 AND \(Self.visibleToViewer)
              AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)
            """, arguments: [userID, id])
      else { throw AppError.notFound("comment") }
      let (postID, writerID, authorID): (Int64, Int64, Int64) = (row[0], row[1], row[2])
      guard userID == writerID || userID == authorID else {
        throw AppError.forbidden("only its writer or the post's author may delete a comment")
      }
      try db.execute(sql: "DELETE FROM comment WHERE id = ?", arguments: [id])
      try db.execute(
        sql: "UPDATE post SET commentCount = commentCount - 1 WHERE id = ?", arguments: [postID])
      try Self.appendChange(
        db, kind: .uncomment, postID: postID, authorID: authorID, now: now, actorID: writerID,
        commentID: id)
    }
  }

  /// A comment by id, if it exists and no moderator removed it.
  static func fetchComment(_ db: Database, id: Int64) throws -> Comment? {
    try Row.fetchOne(
      db,
      sql: """
        SELECT \(commentColumns) FROM comment JOIN account ON account.id = comment.authorId
        WHERE comment.id = ? AND comment.removed = 0
        """, arguments: [id]
    ).map(comment)
  }

  /// The API value of a row selected with ``commentColumns``.
  static func comment(_ row: Row) -> Comment {
    Comment(
      id: row[0], postID: row[1],
      author: User(id: row[2], username: row[3], createdAt: date(row[4])), body: row[5],
      createdAt: date(row[6]))
  }
}
