import Foundation

/// One value of a person's data, as the archive's JSON writes it.
enum PersonalValue: Sendable, Equatable, Encodable {
  case integer(Int64)
  case number(Double)
  case text(String)
  case boolean(Bool)
  case null
  /// Rows within a row: a post's further photos.
  indirect case rows([[String: PersonalValue]])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    case .boolean(let value): try container.encode(value)
    case .null: try container.encodeNil()
    case .rows(let rows): try container.encode(rows)
    }
  }
}

/// What "Download my data" holds: every table of the person's, one query each, the same SQL
/// on both backends (column names quoted, so PostgreSQL keeps their case). Times are
/// milliseconds since 1970, as the database keeps them.
enum PersonalData {
  /// `(name, query)` in the archive's order, for the person `userID`.
  static func queries(userID u: Int64) -> [(String, String)] {
    [
      (
        "profile",
        """
        SELECT id AS "id", username AS "username", createdAt AS "createdAt"
        FROM account WHERE id = \(u)
        """
      ),
      (
        "posts",
        """
        SELECT id AS "id", caption AS "caption", restaurant AS "restaurant",
          mealDate AS "mealDate", createdAt AS "createdAt", editedAt AS "editedAt",
          photoDescription AS "photoDescription", originalKey AS "originalKey",
          morePhotos AS "morePhotos", likeCount AS "likeCount",
          commentCount AS "commentCount", hidden AS "hidden"
        FROM post WHERE authorId = \(u) ORDER BY id
        """
      ),
      (
        "likes",
        """
        SELECT postId AS "postId", createdAt AS "createdAt" FROM postLike
        WHERE userId = \(u) ORDER BY createdAt
        """
      ),
      (
        "comments",
        """
        SELECT id AS "id", postId AS "postId", body AS "body", createdAt AS "createdAt"
        FROM comment WHERE authorId = \(u) ORDER BY id
        """
      ),
      (
        "lists",
        """
        SELECT id AS "id", name AS "name", kind AS "kind", createdAt AS "createdAt"
        FROM pocketList WHERE ownerId = \(u) ORDER BY id
        """
      ),
      (
        "listEntries",
        """
        SELECT listEntry.listId AS "listId", listEntry.postId AS "postId",
          listEntry.restaurantId AS "restaurantId", listEntry.note AS "note",
          listEntry.position AS "position", listEntry.createdAt AS "createdAt"
        FROM listEntry JOIN pocketList ON pocketList.id = listEntry.listId
        WHERE pocketList.ownerId = \(u) ORDER BY listEntry.listId, listEntry.position
        """
      ),
      (
        "blocked",
        """
        SELECT account.username AS "username", block.createdAt AS "createdAt"
        FROM block JOIN account ON account.id = block.blockedId
        WHERE block.blockerId = \(u) ORDER BY block.createdAt
        """
      ),
      (
        "reports",
        """
        SELECT postId AS "postId", reason AS "reason", createdAt AS "createdAt"
        FROM report WHERE userId = \(u) ORDER BY createdAt
        """
      ),
      (
        "commentReports",
        """
        SELECT commentId AS "commentId", reason AS "reason", createdAt AS "createdAt"
        FROM commentReport WHERE userId = \(u) ORDER BY createdAt
        """
      ),
      (
        "printProfile",
        """
        SELECT college.name AS "college", printProfile.balance AS "balance"
        FROM printProfile LEFT JOIN college ON college.id = printProfile.collegeId
        WHERE printProfile.accountId = \(u)
        """
      ),
      (
        "printFavourites",
        """
        SELECT printStore.name AS "store", printFavourite.storeId AS "storeId",
          printFavourite.createdAt AS "createdAt"
        FROM printFavourite JOIN printStore ON printStore.id = printFavourite.storeId
        WHERE printFavourite.accountId = \(u) ORDER BY printFavourite.createdAt
        """
      ),
      (
        "printOrders",
        """
        SELECT id AS "id", storeId AS "storeId", state AS "state", total AS "total",
          pages AS "pages", quote AS "quote", reason AS "reason", createdAt AS "createdAt",
          updatedAt AS "updatedAt"
        FROM printOrder WHERE accountId = \(u) ORDER BY id
        """
      ),
      (
        "printFiles",
        """
        SELECT id AS "id", orderId AS "orderId", name AS "name", kind AS "kind",
          bytes AS "bytes", pages AS "pages", sha256 AS "sha256", createdAt AS "createdAt"
        FROM printFile WHERE accountId = \(u) ORDER BY id
        """
      ),
      (
        "credits",
        """
        SELECT kind AS "kind", amount AS "amount", balanceAfter AS "balanceAfter",
          orderId AS "orderId", createdAt AS "createdAt"
        FROM creditEntry WHERE accountId = \(u) ORDER BY id
        """
      ),
    ]
  }
}
