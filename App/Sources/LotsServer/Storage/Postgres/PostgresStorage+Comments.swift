import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: CommentStore {
  /// The columns ``comment(_:)`` reads (SQLite's `commentColumns`).
  static let commentColumns = """
    comment.id, comment.postId, comment.authorId, account.username, account.createdAt,
    comment.body, comment.createdAt
    """

  /// A page of a post's comments, oldest first, none by someone the viewer blocks, read in one
  /// statement (one snapshot) with the sequence and whether the viewer sees the post.
  func comments(postID: Int64, viewerID: Int64?, before: Int64?, limit: Int) async throws
    -> CommentPage?
  {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT newest.seq, visible.id, page.* FROM
          (SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog) newest
        LEFT JOIN (SELECT post.id FROM post WHERE post.id = $2 AND \(Self.visibleToViewer))
          visible ON true
        LEFT JOIN LATERAL (
          SELECT \(Self.commentColumns) FROM comment
          JOIN account ON account.id = comment.authorId
          WHERE visible.id IS NOT NULL AND comment.postId = $2 AND comment.id < $3
            AND comment.removed = 0
            AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = $1)
          ORDER BY comment.id DESC LIMIT $4
        ) page ON true
        """)
    query.binds.append(viewerID ?? 0, context: .default)
    query.binds.append(postID, context: .default)
    query.binds.append(before ?? Int64.max, context: .default)
    query.binds.append(Int64(limit + 1), context: .default)
    var sequence: Int64 = 0
    var visible = false
    var found: [Comment] = []
    for try await row in try await self.query(query) {
      let row = row.makeRandomAccess()
      sequence = try row[0].decode(Int64.self)
      visible = try row[1].decode(Int64?.self) != nil
      if try row[2].decode(Int64?.self) != nil { found.append(try Self.comment(row, at: 2)) }
    }
    guard visible else { return nil }
    let items = found.prefix(limit).reversed()
    let earlier = found.count > limit ? items.first.map { String($0.id) } : nil
    return CommentPage(items: Array(items), earlierCursor: earlier, sequence: sequence)
  }

  /// Adds a comment, counts it and logs it, in one transaction.
  func addComment(postID: Int64, userID: Int64, body: String, now: Date) async throws -> Comment {
    let id = try await transaction { [self] connection in
      guard
        let authorID = try await Self.visibleAuthor(
          self, connection, postID: postID, viewerID: userID)
      else { throw AppError.notFound("post") }
      if try await Self.isBlocked(self, connection, userID, by: authorID) {
        throw AppError.forbidden("you cannot comment on the posts of someone who blocked you")
      }
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO comment (postId, authorId, body, createdAt)
          SELECT \(postID), \(userID), \(body), GREATEST(\(Self.millis(now)),
            COALESCE((SELECT MAX(createdAt) FROM comment WHERE postId = \(postID)), 0))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new comment has no id") }
      try await connection.query(
        "UPDATE post SET commentCount = commentCount + 1 WHERE id = \(postID)", logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .comment, postID: postID, authorID: authorID, now: now,
        actorID: userID, commentID: id)
      return id
    }
    guard let comment = try await comments(ids: [id])[id] else {
      throw AppError.notFound("comment")
    }
    return comment
  }

  /// Deletes a comment its writer or its post's author asks to delete.
  func deleteComment(id: Int64, userID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      var query = PostgresQuery(
        unsafeSQL: """
          SELECT comment.postId, comment.authorId, post.authorId FROM comment
          JOIN post ON post.id = comment.postId
          WHERE comment.id = $2 AND comment.removed = 0 AND \(Self.visibleToViewer)
            AND comment.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = $1)
          FOR UPDATE OF comment
          """)
      query.binds.append(userID, context: .default)
      query.binds.append(id, context: .default)
      guard
        let (postID, writerID, authorID) = try await rows(
          query, on: connection,
          { row in
            (
              try row[0].decode(Int64.self), try row[1].decode(Int64.self),
              try row[2].decode(Int64.self)
            )
          }
        ).first
      else { throw AppError.notFound("comment") }
      guard userID == writerID || userID == authorID else {
        throw AppError.forbidden("only its writer or the post's author may delete a comment")
      }
      try await connection.query("DELETE FROM comment WHERE id = \(id)", logger: logger)
      try await connection.query(
        "UPDATE post SET commentCount = commentCount - 1 WHERE id = \(postID)", logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .uncomment, postID: postID, authorID: authorID,
        now: now, actorID: writerID, commentID: id)
    }
  }

  /// Comments by id (those that still exist and no moderator removed).
  func comments(ids: [Int64]) async throws -> [Int64: Comment] {
    guard !ids.isEmpty else { return [:] }
    let found = try await rows(
      """
      SELECT \(unescaped: Self.commentColumns) FROM comment
      JOIN account ON account.id = comment.authorId
      WHERE comment.id = ANY(\(ids)) AND comment.removed = 0
      """
    ) { row in try Self.comment(row, at: 0) }
    return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The API value of a row selected with ``commentColumns``, from column `start`.
  static func comment(_ row: PostgresRandomAccessRow, at start: Int) throws -> Comment {
    Comment(
      id: try row[start].decode(Int64.self), postID: try row[start + 1].decode(Int64.self),
      author: User(
        id: try row[start + 2].decode(Int64.self),
        username: try row[start + 3].decode(String.self),
        createdAt: date(try row[start + 4].decode(Int64.self))),
      body: try row[start + 5].decode(String.self),
      createdAt: date(try row[start + 6].decode(Int64.self)))
  }
}
