import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: ListStore {
  /// The entries of list `list` (`$2`, or a column such as `pocketList.id`) that viewer `$1`
  /// may see: restaurants, and posts shown to them.
  static func visibleEntries(of list: String = "$2") -> String {
    """
    listEntry.listId = \(list) AND (listEntry.postId IS NULL OR EXISTS (SELECT 1 FROM post
      WHERE post.id = listEntry.postId AND \(visibleToViewer)))
    """
  }

  /// The columns a list is read from, for ``list(_:_:viewerID:owner:)``.
  static let listColumns = "id, name, kind, shareToken, version, createdAt"

  /// The owner's lists, each with its count and cover as ``list(_:viewerID:owner:)`` gives
  /// them, in three statements however many lists there are: "Want to try" made if missing;
  /// every list with its count of visible entries and its cover's post (the newest entry's
  /// post, or its restaurant's newest visible post); then those posts.
  func lists(ownerID: Int64) async throws -> [PocketList] {
    try await ensureWantToTry(ownerID: ownerID, on: nil)
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT pocketList.id, pocketList.name, pocketList.kind, pocketList.shareToken,
          pocketList.version, pocketList.createdAt,
          (SELECT COUNT(*) FROM listEntry WHERE \(Self.visibleEntries(of: "pocketList.id"))),
          COALESCE(first.postId, (SELECT post.id FROM post
            WHERE post.restaurantId = first.restaurantId AND \(Self.visibleToViewer)
            ORDER BY post.createdAt DESC, post.id DESC LIMIT 1))
        FROM pocketList LEFT JOIN LATERAL (
          SELECT postId, restaurantId FROM listEntry
          WHERE \(Self.visibleEntries(of: "pocketList.id"))
          ORDER BY position DESC, id DESC LIMIT 1) AS first ON true
        WHERE pocketList.ownerId = $1
        ORDER BY pocketList.kind = 'wantToTry' DESC, pocketList.createdAt DESC,
          pocketList.id DESC
        """)
    query.binds.append(ownerID, context: .default)
    let found = try await rows(query) { row in
      (try ListRow(row), Int(try row[6].decode(Int64.self)), try row[7].decode(Int64?.self))
    }
    let covers = try await posts(ids: found.compactMap(\.2), viewerID: ownerID)
    return found.map { row, count, cover in
      PocketList(
        id: row.id, name: row.name, kind: PocketList.Kind(rawValue: row.kind) ?? .named,
        entryCount: count, shareToken: row.shareToken, shared: row.shareToken != nil,
        version: row.version, createdAt: Self.date(row.createdAt),
        cover: cover.flatMap { covers[$0]?.photo })
    }
  }

  func createList(ownerID: Int64, name: String, now: Date) async throws -> PocketList {
    let id = try await transaction { [self] connection in
      // One creation at a time per person, so the limit holds.
      try await connection.query(
        "SELECT 1 FROM account WHERE id = \(ownerID) FOR UPDATE", logger: logger)
      try await ensureWantToTry(ownerID: ownerID, on: connection)
      let count =
        try await value(
          Int64.self, "SELECT COUNT(*) FROM pocketList WHERE ownerId = \(ownerID)",
          on: connection) ?? 0
      guard count < ListLimits.lists else { throw ListErrors.tooManyLists }
      try await checkNameFree(name, ownerID: ownerID, except: nil, on: connection)
      let key = TextFolding.key(name)
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO pocketList (ownerId, name, nameKey, kind, createdAt)
          VALUES (\(ownerID), \(name), \(key), 'named', \(Self.millis(now))) RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the new list has no id") }
      try await Self.appendChange(
        connection, logger: logger, kind: .list, postID: id, authorID: ownerID, now: now,
        actorID: ownerID)
      return id
    }
    return try await ownList(id: id, ownerID: ownerID)
  }

  func renameList(id: Int64, ownerID: Int64, name: String, now: Date) async throws -> PocketList {
    try await transaction { [self] connection in
      guard try await lockList(id, ownerID: ownerID, on: connection) == .named else {
        throw ListErrors.wantToTryIsFixed
      }
      try await checkNameFree(name, ownerID: ownerID, except: id, on: connection)
      let key = TextFolding.key(name)
      try await connection.query(
        """
        UPDATE pocketList SET name = \(name), nameKey = \(key), version = version + 1
        WHERE id = \(id)
        """, logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .list, postID: id, authorID: ownerID, now: now,
        actorID: ownerID)
    }
    return try await ownList(id: id, ownerID: ownerID)
  }

  func deleteList(id: Int64, ownerID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      guard try await lockList(id, ownerID: ownerID, on: connection) == .named else {
        throw ListErrors.wantToTryIsFixed
      }
      try await connection.query("DELETE FROM pocketList WHERE id = \(id)", logger: logger)
      try await Self.appendChange(
        connection, logger: logger, kind: .list, postID: id, authorID: ownerID, now: now,
        actorID: ownerID)
    }
  }

  func setShared(_ shared: Bool, id: Int64, ownerID: Int64, now: Date) async throws
    -> PocketList
  {
    try await transaction { [self] connection in
      _ = try await lockList(id, ownerID: ownerID, on: connection)
      if shared {
        let token = ShareToken.make()
        try await connection.query(
          "UPDATE pocketList SET shareToken = COALESCE(shareToken, \(token)) WHERE id = \(id)",
          logger: logger)
      } else {
        try await connection.query(
          "UPDATE pocketList SET shareToken = NULL WHERE id = \(id)", logger: logger)
      }
      try await Self.appendChange(
        connection, logger: logger, kind: .list, postID: id, authorID: ownerID, now: now,
        actorID: ownerID)
    }
    return try await ownList(id: id, ownerID: ownerID)
  }

  // MARK: - Helpers shared with the entries

  /// A list's row.
  struct ListRow: Sendable {
    var id: Int64
    var name: String
    var kind: String
    var shareToken: String?
    var version: Int64
    var createdAt: Int64

    init(_ row: PostgresRandomAccessRow) throws {
      id = try row[0].decode(Int64.self)
      name = try row[1].decode(String.self)
      kind = try row[2].decode(String.self)
      shareToken = try row[3].decode(String?.self)
      version = try row[4].decode(Int64.self)
      createdAt = try row[5].decode(Int64.self)
    }
  }

  /// Makes the owner's "Want to try" if they have none yet.
  func ensureWantToTry(ownerID: Int64, on connection: PostgresConnection?) async throws {
    let name = ListLimits.wantToTry
    let key = TextFolding.key(name)
    _ = try await rows(
      """
      INSERT INTO pocketList (ownerId, name, nameKey, kind, createdAt)
      VALUES (\(ownerID), \(name), \(key), 'wantToTry', 0) ON CONFLICT DO NOTHING
      """, on: connection
    ) { _ in () }
  }

  /// Locks the owner's list `listID` for the transaction and tells its kind.
  /// - Throws: ``AppError`` 404 when it is not theirs (or does not exist).
  func lockList(_ listID: Int64, ownerID: Int64, on connection: PostgresConnection)
    async throws -> PocketList.Kind
  {
    guard
      let kind = try await value(
        String.self,
        "SELECT kind FROM pocketList WHERE id = \(listID) AND ownerId = \(ownerID) FOR UPDATE",
        on: connection)
    else { throw AppError.notFound("list") }
    return PocketList.Kind(rawValue: kind) ?? .named
  }

  private func checkNameFree(
    _ name: String, ownerID: Int64, except: Int64?, on connection: PostgresConnection
  ) async throws {
    let key = TextFolding.key(name)
    let taken = try await value(
      Int64.self,
      "SELECT id FROM pocketList WHERE ownerId = \(ownerID) AND nameKey = \(key)",
      on: connection)
    if let taken, taken != except { throw ListErrors.nameTaken }
  }

  /// The owner's list `id`, as they see it.
  func ownList(id: Int64, ownerID: Int64) async throws -> PocketList {
    guard
      let row = try await rows(
        """
        SELECT id, name, kind, shareToken, version, createdAt FROM pocketList
        WHERE id = \(id) AND ownerId = \(ownerID)
        """, { row in try ListRow(row) }
      ).first
    else { throw AppError.notFound("list") }
    return try await list(row, viewerID: ownerID, owner: true)
  }

  /// A list from its row: its count and cover as `viewerID` sees them, its token only for
  /// its owner.
  func list(_ row: ListRow, viewerID: Int64?, owner: Bool) async throws -> PocketList {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT (SELECT COUNT(*) FROM listEntry WHERE \(Self.visibleEntries())), first.postId,
          first.restaurantId
        FROM (SELECT 1) AS one LEFT JOIN LATERAL (
          SELECT postId, restaurantId FROM listEntry WHERE \(Self.visibleEntries())
          ORDER BY position DESC, id DESC LIMIT 1) AS first ON true
        """)
    query.binds.append(viewerID ?? 0, context: .default)
    query.binds.append(row.id, context: .default)
    let found = try await rows(query) { row in
      (
        try row[0].decode(Int64.self), try row[1].decode(Int64?.self),
        try row[2].decode(Int64?.self)
      )
    }
    let (count, postID, restaurantID) = found.first ?? (0, nil, nil)
    var cover: PostPhoto?
    if let postID {
      cover = try await post(id: postID, viewerID: viewerID)?.photo
    } else if let restaurantID {
      cover = try await restaurantCover(restaurantID, viewerID: viewerID)
    }
    return PocketList(
      id: row.id, name: row.name, kind: PocketList.Kind(rawValue: row.kind) ?? .named,
      entryCount: Int(count), shareToken: owner ? row.shareToken : nil,
      shared: row.shareToken != nil, version: row.version, createdAt: Self.date(row.createdAt),
      cover: cover)
  }

  /// The photo of a restaurant's newest post the viewer may see.
  func restaurantCover(_ restaurantID: Int64, viewerID: Int64?) async throws -> PostPhoto? {
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT post.id FROM post WHERE post.restaurantId = $2 AND \(Self.visibleToViewer)
        ORDER BY post.createdAt DESC, post.id DESC LIMIT 1
        """)
    query.binds.append(viewerID ?? 0, context: .default)
    query.binds.append(restaurantID, context: .default)
    guard let id = try await rows(query, { try $0[0].decode(Int64.self) }).first else {
      return nil
    }
    return try await post(id: id, viewerID: viewerID)?.photo
  }
}
