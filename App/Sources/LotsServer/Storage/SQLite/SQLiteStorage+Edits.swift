import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Applies an author's edit to their post with its change-log entry, in one transaction.
  /// - Returns: The post as its author now sees it, and the photos the edit removed.
  /// - Throws: ``AppError`` 404 for a post the user cannot see, 403 for someone else's, 400
  ///   for a photo that is not the post's.
  func editPost(_ change: PostChange, postID: Int64, userID: Int64, now: Date) async throws
    -> (post: Post, removed: [StoredPhoto])
  {
    try await write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT post.authorId, post.width, post.height, post.color, post.originalKey,
              post.displayKey, post.thumbnailKey, post.photoDescription, post.morePhotos,
              post.caption, post.restaurantId, post.restaurant, post.area, post.mealDate,
              post.editedAt
            FROM post WHERE post.id = ?2 AND \(Self.visibleToViewer)
            """, arguments: [userID, postID])
      else { throw AppError.notFound("post") }
      guard row[0] as Int64 == userID else {
        throw AppError.forbidden("only the author may edit a post")
      }
      let cover = StoredPhoto(
        width: row[1], height: row[2], color: row[3], originalKey: row[4], displayKey: row[5],
        thumbnailKey: row[6], description: row[7])
      let (photos, removed) = try change.arrange([cover] + StoredPhoto.photos(column: row[8]))
      let stamp = max(Self.millis(now), (row[14] as Int64) + 1)
      var place: (id: Int64, name: String, area: String) = (row[10], row[11], row[12])
      if let restaurant = change.restaurant {
        place = try Self.restaurant(db, for: restaurant, now: stamp)
      }
      let caption = change.caption ?? row[9]
      let first = photos[0]
      try db.execute(
        sql: """
          UPDATE post SET caption = ?, restaurantId = ?, restaurant = ?, area = ?, mealDate = ?,
            width = ?, height = ?, color = ?, originalKey = ?, displayKey = ?, thumbnailKey = ?,
            photoDescription = ?, morePhotos = ?, editedAt = ?
          WHERE id = ?
          """,
        arguments: [
          caption, place.id, place.name, place.area, change.mealDate ?? row[13], first.width,
          first.height, first.color, first.originalKey, first.displayKey, first.thumbnailKey,
          first.description, StoredPhoto.column(photos.dropFirst()), stamp, postID,
        ])
      try db.execute(sql: "DELETE FROM postImage WHERE postId = ?", arguments: [postID])
      try Self.recordImages(db, of: photos.dropFirst(), postID: postID)
      try db.execute(
        sql: "UPDATE postSearch SET body = ? WHERE rowid = ?",
        arguments: [
          SearchQuery.document(caption: caption, restaurant: place.name, area: place.area),
          postID,
        ])
      try Self.appendChange(db, kind: .update, postID: postID, authorID: userID, now: now)
      guard let post = try Self.fetchPost(db, id: postID, viewerID: userID) else {
        throw AppError.notFound("post")
      }
      return (post, removed)
    }
  }
}
