import Foundation
import LotsCore

/// What deleting an account does, as SQL both backends run in one transaction (every value in
/// it an integer or a name made here, so it is written into the text).
///
/// Everything the person made goes: posts (with their photos, likes, comments and places in
/// other people's lists), their likes and comments on other people's posts (the counts go down
/// exactly), their lists, blocks, sessions, print orders, files and credits, and their data
/// archive. Other people's streams hear of each change as of any other: a like withdrawn, a
/// comment deleted, a post deleted. The reports they made stay for moderators, against an
/// account row that keeps no name, no password and no role (`deleted account #ID`, which no
/// one can sign up as: it is not a valid user name). Their name's skeleton is reserved for
/// ``reservation``, so no one can take it to pass for them.
enum AccountDeletion {
  /// How long a deleted account's name (and every name that looks like it) stays unavailable.
  static let reservation: Double = 30 * 86_400

  /// The name the account row keeps.
  static func tombstone(_ userID: Int64) -> String { "deleted account #\(userID)" }

  /// The image keys of every photo of the person's posts: the files to remove once the
  /// transaction commits (those no other post shares).
  static func imageKeysSQL(_ userID: Int64) -> String {
    """
    SELECT originalKey FROM post WHERE authorId = \(userID)
    UNION SELECT displayKey FROM post WHERE authorId = \(userID)
    UNION SELECT thumbnailKey FROM post WHERE authorId = \(userID)
    UNION SELECT postImage.key FROM postImage JOIN post ON post.id = postImage.postId
      WHERE post.authorId = \(userID)
    """
  }

  /// The person's stored print files (removed from disk after the commit).
  static func printFilesSQL(_ userID: Int64) -> String {
    "SELECT path FROM printFile WHERE accountId = \(userID)"
  }

  /// The person's orders still in a store's queue, `(id, storeId)`: their stores' staff, and
  /// the students behind them, are told before they go.
  static func activeOrdersSQL(_ userID: Int64) -> String {
    """
    SELECT id, storeId FROM printOrder
    WHERE accountId = \(userID) AND state IN ('ordered', 'printing', 'done')
    """
  }

  /// The statements, in order. `now` and `reservedUntil` are milliseconds.
  static func statements(userID u: Int64, username: String, now: Int64) -> [String] {
    let until = now + Int64(reservation * 1000)
    let name = tombstone(u)
    return [
      // Likes withdrawn from other people's posts: each post's count, and its viewers.
      """
      INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, liked, audience)
      SELECT 'update', post.id, post.authorId, \(now), \(u), FALSE, 0
      FROM postLike JOIN post ON post.id = postLike.postId
      WHERE postLike.userId = \(u) AND post.authorId <> \(u)
      """,
      """
      UPDATE post SET likeCount = likeCount - 1
      WHERE authorId <> \(u) AND id IN (SELECT postId FROM postLike WHERE userId = \(u))
      """,
      "DELETE FROM postLike WHERE userId = \(u)",
      // Comments on other people's posts: each post's count, and its readers.
      """
      INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, audience, commentId)
      SELECT 'uncomment', post.id, post.authorId, \(now), \(u), 0, comment.id
      FROM comment JOIN post ON post.id = comment.postId
      WHERE comment.authorId = \(u) AND post.authorId <> \(u) AND comment.removed = 0
      """,
      """
      UPDATE post SET commentCount = commentCount - (
        SELECT COUNT(*) FROM comment
        WHERE comment.postId = post.id AND comment.authorId = \(u) AND comment.removed = 0)
      WHERE authorId <> \(u) AND id IN (SELECT postId FROM comment WHERE authorId = \(u))
      """,
      "DELETE FROM comment WHERE authorId = \(u)",
      // Their posts, with everything hanging off them (likes, comments, list entries, photos'
      // rows, reports of them).
      """
      INSERT INTO changeLog (kind, postId, authorId, createdAt, audience)
      SELECT 'delete', id, \(u), \(now), 0 FROM post WHERE authorId = \(u)
      """,
      "DELETE FROM post WHERE authorId = \(u)",
      "DELETE FROM pocketList WHERE ownerId = \(u)",
      "DELETE FROM block WHERE blockerId = \(u) OR blockedId = \(u)",
      "DELETE FROM postIdempotency WHERE userId = \(u)",
      "DELETE FROM session WHERE userId = \(u)",
      "DELETE FROM printFile WHERE accountId = \(u)",
      "DELETE FROM printOrder WHERE accountId = \(u)",
      "DELETE FROM creditEntry WHERE accountId = \(u)",
      "DELETE FROM printProfile WHERE accountId = \(u)",
      "DELETE FROM printFavourite WHERE accountId = \(u)",
      "DELETE FROM printStaff WHERE accountId = \(u)",
      "DELETE FROM dataExport WHERE accountId = \(u)",
      """
      UPDATE account SET username = '\(name)', skeleton = '\(quoted(UsernameSkeleton.of(name)))',
        passwordHash = '', moderator = FALSE, passwordChangeKey = NULL, deletedAt = \(now)
      WHERE id = \(u)
      """,
      """
      INSERT INTO reservedName (skeleton, reservedUntil)
      VALUES ('\(quoted(UsernameSkeleton.of(username)))', \(until))
      ON CONFLICT (skeleton) DO UPDATE SET reservedUntil = excluded.reservedUntil
      """,
    ]
  }

  /// Text for a single-quoted SQL literal.
  static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "'", with: "''")
  }

  /// Whether a name's skeleton is reserved at `now` (milliseconds): the query, with the
  /// skeleton as its one parameter (`?` or `$1`).
  static func reservedSQL(parameter: String, now: Int64) -> String {
    "SELECT reservedUntil FROM reservedName WHERE skeleton = \(parameter) AND reservedUntil > \(now)"
  }

  /// 409: a name (or one that looks like it) of an account deleted less than
  /// ``reservation`` ago.
  static func reserved(_ username: String, until: Date) -> AppError {
    AppError(
      .conflict,
      "username '\(username)' belonged to an account deleted recently (or looks like it did): "
        + "no one can take it until \(ISO8601.string(from: until))",
      field: "username")
  }
}
