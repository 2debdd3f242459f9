import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// The columns every post query selects, for ``post(_:)``.
  static let postColumns = """
    post.id, post.authorId, post.caption, post.restaurant, post.mealDate, post.createdAt,
    post.width, post.height, post.color, post.originalKey, post.displayKey, post.thumbnailKey,
    post.likeCount, post.hidden, account.username, account.createdAt AS authorCreatedAt,
    post.restaurantId, post.area, post.photoDescription, post.morePhotos, post.editedAt,
    post.commentCount
    """

  /// What viewer `?1` (0 for none) may see of posts: shown posts, their own hidden pending
  /// review, nothing by someone they block (PostgreSQL's `visibleToViewer`, with `$1`).
  static let visibleToViewer = """
    (post.hidden = 0 OR (post.hidden = 1 AND post.authorId = ?1))
    AND post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)
    """

  /// The SQL expression telling whether viewer `?` likes the post.
  static let likedByViewer =
    "EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = ?)"

  /// How many posts (shown or hidden) these users have.
  func postCount(authorIDs: [Int64]) async throws -> Int {
    try readNow { db in
      let ids = authorIDs.map(String.init).joined(separator: ",")
      return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post WHERE authorId IN (\(ids))")!
    }
  }

  /// Inserts a post and its change-log entry in one transaction.
  ///
  /// `createdAt` never goes below the newest post's, so the feed's (createdAt, id) order is the
  /// commit order even when clocks step back or requests race.
  func insertPost(_ new: NewPost, now: Date) async throws -> Post {
    try await write { db in
      let newest = try Int64.fetchOne(db, sql: "SELECT MAX(createdAt) FROM post") ?? 0
      let createdAt = max(Self.millis(now), newest)
      let place = try Self.restaurant(db, for: new.restaurant, now: createdAt)
      try db.execute(
        sql: """
          INSERT INTO post (authorId, caption, restaurant, restaurantId, area, mealDate,
            createdAt, width, height, color, originalKey, displayKey, thumbnailKey,
            photoDescription, morePhotos)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          new.authorID, new.caption, place.name, place.id, place.area, new.mealDate, createdAt,
          new.cover.width, new.cover.height, new.cover.color, new.cover.originalKey,
          new.cover.displayKey, new.cover.thumbnailKey, new.cover.description, new.morePhotos,
        ])
      let id = db.lastInsertedRowID
      try Self.recordImages(db, of: new.photos.dropFirst(), postID: id)
      try db.execute(
        sql: "INSERT INTO postSearch (rowid, body) VALUES (?, ?)",
        arguments: [
          id,
          SearchQuery.document(caption: new.caption, restaurant: place.name, area: place.area),
        ])
      if let key = new.idempotencyKey {
        try db.execute(
          sql: "INSERT OR REPLACE INTO postIdempotency (userId, key, postId) VALUES (?, ?, ?)",
          arguments: [new.authorID, key, id])
      }
      try Self.appendChange(db, kind: .insert, postID: id, authorID: new.authorID, now: now)
      guard let post = try Self.fetchPost(db, id: id, viewerID: new.authorID) else {
        throw AppError.notFound("post")
      }
      return post
    }
  }

  /// The post a user created with an `Idempotency-Key`, as they see it, if it still exists.
  func post(idempotencyKey: String, userID: Int64) async throws -> Post? {
    try readNow { db in
      guard
        let id = try Int64.fetchOne(
          db, sql: "SELECT postId FROM postIdempotency WHERE userId = ? AND key = ?",
          arguments: [userID, idempotencyKey])
      else { return nil }
      return try Self.fetchPost(db, id: id, viewerID: userID)
    }
  }

  /// A post as seen by a viewer: posts hidden pending review only by their author, removed
  /// ones by no one, nothing by a blocker.
  func post(id: Int64, viewerID: Int64?) async throws -> Post? {
    try readNow { db in
      try Self.fetchPost(db, id: id, viewerID: viewerID)
    }
  }

  /// Deletes the viewer's own post.
  /// - Throws: ``AppError`` 404 for an unknown post, 403 for someone else's.
  func deletePost(id: Int64, userID: Int64, now: Date) async throws {
    try await write { db in
      guard
        let authorID = try Int64.fetchOne(
          db, sql: "SELECT authorId FROM post WHERE id = ?", arguments: [id])
      else { throw AppError.notFound("post") }
      guard authorID == userID else {
        throw AppError.forbidden("only the author may delete a post")
      }
      try db.execute(sql: "DELETE FROM post WHERE id = ?", arguments: [id])
      try Self.appendChange(db, kind: .delete, postID: id, authorID: authorID, now: now)
    }
  }

  /// Records the image keys of a post's photos after the first in `postImage`.
  static func recordImages(
    _ db: Database, of photos: some Sequence<StoredPhoto>, postID: Int64
  ) throws {
    for key in Set(photos.flatMap(\.keys)) {
      try db.execute(
        sql: "INSERT OR IGNORE INTO postImage (key, postId) VALUES (?, ?)",
        arguments: [key, postID])
    }
  }

  /// The image keys still referenced by some post, among `keys`.
  func referencedImageKeys(_ keys: [String]) async throws -> Set<String> {
    try readNow { db in
      var found = Set<String>()
      for key in keys {
        let used = try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM post WHERE originalKey = ?1 OR displayKey = ?1
              OR thumbnailKey = ?1) OR EXISTS (SELECT 1 FROM postImage WHERE key = ?1)
            """, arguments: [key])
        if used == true { found.insert(key) }
      }
      return found
    }
  }

  static func fetchPost(_ db: Database, id: Int64, viewerID: Int64?) throws -> Post? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT \(postColumns), \(likedByViewer) AS likedByMe FROM post
          JOIN account ON account.id = post.authorId
          WHERE post.id = ?
            AND (post.hidden = 0 OR (post.hidden = 1 AND post.authorId = ?))
            AND post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?)
          """), arguments: [viewerID ?? 0, id, viewerID ?? 0, viewerID ?? 0])
    return row.map(post)
  }

  /// Builds the API value of a row selected with ``postColumns`` then `likedByMe`.
  ///
  /// Columns are read by position: by-name lookups were a measurable share of a feed page.
  static func post(_ row: Row) -> Post {
    let author = User(id: row[1], username: row[14], createdAt: date(row[15]))
    let photo = PostPhoto(
      width: row[6], height: row[7], color: row[8],
      originalURL: ImageRoutes.url(forKey: row[9]),
      displayURL: ImageRoutes.url(forKey: row[10]),
      thumbnailURL: ImageRoutes.url(forKey: row[11]), description: row[18])
    return Post(
      id: row[0], author: author, caption: row[2], restaurant: row[3], restaurantID: row[16],
      area: row[17], mealDate: row[4], createdAt: date(row[5]), editedAt: editedDate(row[20]),
      likeCount: row[12], likedByMe: row[22] ?? false, commentCount: row[21], photo: photo,
      morePhotos: StoredPhoto.morePhotos(column: row[19]))
  }

}
