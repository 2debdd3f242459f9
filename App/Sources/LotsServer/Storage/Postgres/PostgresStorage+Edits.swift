import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  /// Applies an author's edit to their post with its change-log entry, in one transaction
  /// (SQLite's `editPost`).
  /// - Returns: The post as its author now sees it, and the photos the edit removed.
  /// - Throws: ``AppError`` 404 for a post the user cannot see, 403 for someone else's, 400
  ///   for a photo that is not the post's.
  func editPost(_ change: PostChange, postID: Int64, userID: Int64, now: Date) async throws
    -> (post: Post, removed: [StoredPhoto])
  {
    let removed = try await transaction { [self] connection in
      var query = PostgresQuery(
        unsafeSQL: """
          SELECT post.authorId, post.width, post.height, post.color, post.originalKey,
            post.displayKey, post.thumbnailKey, post.photoDescription, post.morePhotos,
            post.caption, post.restaurantId, post.restaurant, post.area, post.mealDate,
            post.editedAt
          FROM post WHERE post.id = $2 AND \(Self.visibleToViewer) FOR UPDATE
          """)
      query.binds.append(userID, context: .default)
      query.binds.append(postID, context: .default)
      guard
        let found = try await rows(query, on: connection, { row in try Self.editable(row) })
          .first
      else { throw AppError.notFound("post") }
      guard found.authorID == userID else {
        throw AppError.forbidden("only the author may edit a post")
      }
      let (photos, removed) = try change.arrange(found.photos)
      let stamp = max(Self.millis(now), found.editedAt + 1)
      var place = found.place
      if let restaurant = change.restaurant {
        place = try await self.restaurant(connection, for: restaurant, now: stamp)
      }
      let caption = change.caption ?? found.caption
      let mealDate = change.mealDate ?? found.mealDate
      let first = photos[0]
      let (width, height) = (Int32(first.width), Int32(first.height))
      let more = StoredPhoto.column(photos.dropFirst())
      try await connection.query(
        """
        UPDATE post SET caption = \(caption), restaurantId = \(place.id),
          restaurant = \(place.name), area = \(place.area), mealDate = \(mealDate),
          width = \(width), height = \(height), color = \(first.color),
          originalKey = \(first.originalKey), displayKey = \(first.displayKey),
          thumbnailKey = \(first.thumbnailKey), photoDescription = \(first.description),
          morePhotos = \(more), editedAt = \(stamp)
        WHERE id = \(postID)
        """, logger: logger)
      try await connection.query("DELETE FROM postImage WHERE postId = \(postID)", logger: logger)
      try await recordImages(connection, of: photos.dropFirst(), postID: postID)
      let document = SearchQuery.document(
        caption: caption, restaurant: place.name, area: place.area)
      try await connection.query(
        "UPDATE postSearch SET body = to_tsvector('simple', \(document)) WHERE postId = \(postID)",
        logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .update, postID: postID, authorID: userID, now: now)
      return removed
    }
    guard let post = try await post(id: postID, viewerID: userID) else {
      throw AppError.notFound("post")
    }
    return (post, removed)
  }

  /// What an edit reads of a post.
  private struct Editable {
    var authorID: Int64
    var photos: [StoredPhoto]
    var caption: String
    var place: (id: Int64, name: String, area: String)
    var mealDate: String
    var editedAt: Int64
  }

  private static func editable(_ row: PostgresRandomAccessRow) throws -> Editable {
    let cover = StoredPhoto(
      width: Int(try row[1].decode(Int32.self)), height: Int(try row[2].decode(Int32.self)),
      color: try row[3].decode(String.self), originalKey: try row[4].decode(String.self),
      displayKey: try row[5].decode(String.self), thumbnailKey: try row[6].decode(String.self),
      description: try row[7].decode(String.self))
    return Editable(
      authorID: try row[0].decode(Int64.self),
      photos: [cover] + StoredPhoto.photos(column: try row[8].decode(String.self)),
      caption: try row[9].decode(String.self),
      place: (
        try row[10].decode(Int64.self), try row[11].decode(String.self),
        try row[12].decode(String.self)
      ),
      mealDate: try row[13].decode(String.self), editedAt: try row[14].decode(Int64.self))
  }
}
