import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: PostStore {
  /// The columns every post query selects, read by ``post(_:at:)``: the same as SQLite's
  /// (`SQLiteStorage.postColumns`), then whether the viewer likes it.
  static let postColumns = """
    post.id, post.authorId, post.caption, post.restaurant, post.mealDate, post.createdAt,
    post.width, post.height, post.color, post.originalKey, post.displayKey, post.thumbnailKey,
    post.likeCount, post.hidden, account.username, account.createdAt AS authorCreatedAt,
    post.restaurantId, post.area, post.photoDescription, post.morePhotos, post.editedAt,
    post.commentCount
    """

  /// What a viewer may see of posts, with `$1` the viewer (0 for none): shown posts, their own
  /// hidden pending review, nothing by someone they block.
  static let visibleToViewer = """
    (post.hidden = 0 OR (post.hidden = 1 AND post.authorId = $1))
    AND post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = $1)
    """

  /// How many posts (shown or hidden) these users have.
  func postCount(authorIDs: [Int64]) async throws -> Int {
    Int(
      try await value(
        Int64.self, "SELECT COUNT(*) FROM post WHERE authorId = ANY(\(authorIDs))") ?? 0)
  }

  /// Inserts a post and its change-log entry in one transaction.
  ///
  /// The change log's lock is taken first, so posts are numbered and dated in commit order on
  /// every instance, and `createdAt` never goes below the newest post's: the feed's
  /// (createdAt, id) order is the commit order even when clocks differ or step back.
  func insertPost(_ new: NewPost, now: Date) async throws -> Post {
    let id = try await transaction { [self] connection in
      let newest = try await value(Int64.self, "SELECT MAX(createdAt) FROM post", on: connection)
      let createdAt = max(Self.millis(now), newest ?? 0)
      let place = try await restaurant(connection, for: new.restaurant, now: createdAt)
      let cover = new.cover
      let width = Int32(cover.width)
      let height = Int32(cover.height)
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO post (authorId, caption, restaurant, restaurantId, area, mealDate,
            createdAt, width, height, color, originalKey, displayKey, thumbnailKey,
            photoDescription, morePhotos)
          VALUES (\(new.authorID), \(new.caption), \(place.name), \(place.id), \(place.area),
            \(new.mealDate), \(createdAt), \(width), \(height), \(cover.color),
            \(cover.originalKey), \(cover.displayKey), \(cover.thumbnailKey),
            \(cover.description), \(new.morePhotos))
          RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new post has no id") }
      try await recordImages(connection, of: new.photos.dropFirst(), postID: id)
      let document = SearchQuery.document(
        caption: new.caption, restaurant: place.name, area: place.area)
      try await connection.query(
        "INSERT INTO postSearch (postId, body) VALUES (\(id), to_tsvector('simple', \(document)))",
        logger: logger)
      if let key = new.idempotencyKey {
        try await connection.query(
          """
          INSERT INTO postIdempotency (userId, key, postId) VALUES (\(new.authorID), \(key), \(id))
          ON CONFLICT (userId, key) DO UPDATE SET postId = excluded.postId
          """, logger: logger)
      }
      try await Self.appendChange(
        connection, logger: logger, kind: .insert, postID: id, authorID: new.authorID, now: now)
      return id
    }
    guard let post = try await post(id: id, viewerID: new.authorID) else {
      throw AppError.notFound("post")
    }
    return post
  }

  /// The post a user created with an `Idempotency-Key`, as they see it, if it still exists.
  func post(idempotencyKey: String, userID: Int64) async throws -> Post? {
    guard
      let id = try await value(
        Int64.self,
        "SELECT postId FROM postIdempotency WHERE userId = \(userID) AND key = \(idempotencyKey)")
    else { return nil }
    return try await post(id: id, viewerID: userID)
  }

  /// A post as seen by a viewer: posts hidden pending review only by their author, removed
  /// ones by no one, nothing by a blocker.
  func post(id: Int64, viewerID: Int64?) async throws -> Post? {
    try await posts(ids: [id], viewerID: viewerID)[id]
  }

  /// Posts by id in one query, as a viewer sees them (those they may not see are left out);
  /// `asAuthors`: each as its own author sees it (hidden pending review too, never removed),
  /// with no one's like.
  func posts(ids: [Int64], viewerID: Int64?, asAuthors: Bool = false) async throws
    -> [Int64: Post]
  {
    guard !ids.isEmpty else { return [:] }
    var bindings = PostgresBindings(capacity: 2)
    bindings.append(asAuthors ? 0 : viewerID ?? 0, context: .default)
    bindings.append(ids, context: .default)
    let statement: any RowStatement =
      asAuthors
      ? PerCommitStatements.AuthorsPosts(bindings: bindings)
      : PerCommitStatements.Posts(bindings: bindings)
    let found = try await prepared(statement).map { row in
      try Self.post(row.makeRandomAccess(), at: 0)
    }
    return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Deletes the viewer's own post.
  /// - Throws: ``AppError`` 404 for an unknown post, 403 for someone else's.
  func deletePost(id: Int64, userID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      guard
        let authorID = try await value(
          Int64.self, "SELECT authorId FROM post WHERE id = \(id) FOR UPDATE", on: connection)
      else { throw AppError.notFound("post") }
      guard authorID == userID else {
        throw AppError.forbidden("only the author may delete a post")
      }
      try await connection.query("DELETE FROM post WHERE id = \(id)", logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .delete, postID: id, authorID: authorID, now: now)
    }
  }

  /// Records the image keys of a post's photos after the first in `postImage`.
  func recordImages(
    _ connection: PostgresConnection, of photos: some Sequence<StoredPhoto>, postID: Int64
  ) async throws {
    let keys = Array(Set(photos.flatMap(\.keys)))
    guard !keys.isEmpty else { return }
    try await connection.query(
      """
      INSERT INTO postImage (key, postId) SELECT key, \(postID) FROM unnest(\(keys)::text[]) AS key
      ON CONFLICT DO NOTHING
      """, logger: logger)
  }

  /// The image keys still referenced by some post, among `keys`.
  func referencedImageKeys(_ keys: [String]) async throws -> Set<String> {
    guard !keys.isEmpty else { return [] }
    // One query for the batch, each key looked up by the three key indexes.
    return Set(
      try await rows(
        """
        SELECT wanted.key FROM unnest(\(keys)::text[]) AS wanted(key)
        WHERE EXISTS (SELECT 1 FROM post WHERE originalKey = wanted.key
            OR displayKey = wanted.key OR thumbnailKey = wanted.key)
          OR EXISTS (SELECT 1 FROM postImage WHERE postImage.key = wanted.key)
        """
      ) { row in try row[0].decode(String.self) })
  }

  /// Likes or unlikes a post, idempotently; the count moves only when the like row does, so
  /// it is exact however many instances like at once (the row update serialises them). One
  /// round trip: the transaction is a function on the server (``SetLikeFunction``).
  /// - Throws: ``AppError`` 404 when the viewer can't see the post, 403 for a like of a post by
  ///   someone who blocked the viewer (taking a like back stays possible).
  func setLike(_ liked: Bool, postID: Int64, userID: Int64, now: Date) async throws -> LikeState {
    let call = SetLikeFunction.Call(
      post: postID, user: userID, liked: liked, now: Self.millis(now))
    guard let row = try await prepared(call).first?.makeRandomAccess() else {
      throw AppError(.internalServerError, "the like had no outcome")
    }
    switch try row[0].decode(Int32.self) {
    case 404: throw AppError.notFound("post")
    case 403: throw AppError.forbidden("you cannot like the posts of someone who blocked you")
    default:
      return LikeState(
        postID: postID, liked: liked, likeCount: Int(try row[1].decode(Int64.self)))
    }
  }

  /// The author of a post the viewer may see (shown, or hidden pending review and theirs;
  /// author not blocked).
  static func visibleAuthor(
    _ storage: PostgresStorage, _ connection: PostgresConnection, postID: Int64, viewerID: Int64
  ) async throws -> Int64? {
    var query = PostgresQuery(
      unsafeSQL: "SELECT authorId FROM post WHERE id = $2 AND \(visibleToViewer)")
    query.binds.append(viewerID, context: .default)
    query.binds.append(postID, context: .default)
    return try await storage.value(Int64.self, query, on: connection)
  }

  /// Whether `blocker` blocked `userID`.
  static func isBlocked(
    _ storage: PostgresStorage, _ connection: PostgresConnection, _ userID: Int64,
    by blocker: Int64
  ) async throws -> Bool {
    try await storage.value(
      Bool.self,
      "SELECT EXISTS (SELECT 1 FROM block WHERE blockerId = \(blocker) AND blockedId = \(userID))",
      on: connection) ?? false
  }

  /// The API value of a row selected with ``postColumns`` then `likedByMe`, from column
  /// `start`.
  static func post(_ row: PostgresRandomAccessRow, at start: Int) throws -> Post {
    func cell(_ index: Int) -> PostgresCell { row[start + index] }
    let author = User(
      id: try cell(1).decode(Int64.self), username: try cell(14).decode(String.self),
      createdAt: date(try cell(15).decode(Int64.self)))
    let photo = PostPhoto(
      width: Int(try cell(6).decode(Int32.self)), height: Int(try cell(7).decode(Int32.self)),
      color: try cell(8).decode(String.self),
      originalURL: ImageRoutes.url(forKey: try cell(9).decode(String.self)),
      displayURL: ImageRoutes.url(forKey: try cell(10).decode(String.self)),
      thumbnailURL: ImageRoutes.url(forKey: try cell(11).decode(String.self)),
      description: try cell(18).decode(String.self))
    return Post(
      id: try cell(0).decode(Int64.self), author: author, caption: try cell(2).decode(String.self),
      restaurant: try cell(3).decode(String.self), restaurantID: try cell(16).decode(Int64.self),
      area: try cell(17).decode(String.self), mealDate: try cell(4).decode(String.self),
      createdAt: date(try cell(5).decode(Int64.self)),
      editedAt: editedDate(try cell(20).decode(Int64.self)),
      likeCount: Int(try cell(12).decode(Int64.self)), likedByMe: try cell(22).decode(Bool.self),
      commentCount: Int(try cell(21).decode(Int64.self)),
      photo: photo, morePhotos: StoredPhoto.morePhotos(column: try cell(19).decode(String.self)))
  }
}
