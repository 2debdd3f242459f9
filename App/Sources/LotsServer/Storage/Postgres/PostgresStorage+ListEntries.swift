import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage {
  func listPage(
    _ access: ListAccess, viewerID: Int64?, cursor: FeedCursor?, limit: Int
  ) async throws -> ListPage? {
    let found: [(ListRow, Int64)]
    switch access {
    case .owner(let listID, let ownerID):
      found = try await rows(
        """
        SELECT id, name, kind, shareToken, version, createdAt, ownerId FROM pocketList
        WHERE id = \(listID) AND ownerId = \(ownerID)
        """
      ) { row in (try ListRow(row), try row[6].decode(Int64.self)) }
    case .shared(let token):
      // Not to someone its owner blocks.
      let viewer = viewerID ?? 0
      found = try await rows(
        """
        SELECT id, name, kind, shareToken, version, createdAt, ownerId FROM pocketList
        WHERE shareToken = \(token)
          AND ownerId NOT IN (SELECT blockerId FROM block WHERE blockedId = \(viewer))
        """
      ) { row in (try ListRow(row), try row[6].decode(Int64.self)) }
    }
    guard let (row, ownerID) = found.first else { return nil }
    let list = try await list(row, viewerID: viewerID, owner: ownerID == viewerID)
    var query = PostgresQuery(unsafeSQL: "")
    query.binds.append(viewerID ?? 0, context: .default)
    query.binds.append(list.id, context: .default)
    var after = ""
    if case .keyset(_, let key, let id)? = cursor {
      query.binds.append(key, context: .default)
      query.binds.append(id, context: .default)
      after = "AND (listEntry.position, listEntry.id) < ($3, $4)"
    }
    query.binds.append(Int64(limit + 1), context: .default)
    query.sql = """
      SELECT id, note, createdAt, postId, restaurantId, position FROM listEntry
      WHERE \(Self.visibleEntries()) \(after)
      ORDER BY position DESC, id DESC LIMIT $\(query.binds.count)
      """
    let rows = try await rows(query) { row in
      (try EntryRow(row), try row[5].decode(Int64.self))
    }
    var items: [ListEntry] = []
    for (entryRow, _) in rows.prefix(limit) {
      items.append(try await entry(entryRow, viewerID: viewerID))
    }
    let next =
      rows.count > limit
      ? rows.dropLast().last.map {
        FeedCursor.keyset(feed: "list", key: $0.1, id: $0.0.id).token
      } : nil
    return ListPage(list: list, items: items, nextCursor: next)
  }

  func save(
    _ target: SaveTarget, note: String, listID: Int64, ownerID: Int64, now: Date
  ) async throws -> (entry: ListEntry, created: Bool) {
    try await ensureWantToTry(ownerID: ownerID, on: nil)
    let (column, targetID) =
      switch target {
      case .post(let id): ("postId", id)
      case .restaurant(let id): ("restaurantId", id)
      }
    switch target {
    case .post(let id):
      guard try await post(id: id, viewerID: ownerID) != nil else {
        throw AppError.notFound("post")
      }
    case .restaurant(let id):
      guard try await value(Int64.self, "SELECT id FROM restaurant WHERE id = \(id)") != nil
      else { throw AppError.notFound("restaurant") }
    }
    let (id, created) = try await transaction { [self] connection in
      _ = try await lockList(listID, ownerID: ownerID, on: connection)
      var query = PostgresQuery(
        unsafeSQL: "SELECT id FROM listEntry WHERE listId = $1 AND \(column) = $2")
      query.binds.append(listID, context: .default)
      query.binds.append(targetID, context: .default)
      if let existing = try await rows(query, on: connection, { try $0[0].decode(Int64.self) })
        .first
      {
        return (existing, false)
      }
      let count =
        try await value(
          Int64.self, "SELECT COUNT(*) FROM listEntry WHERE listId = \(listID)", on: connection)
        ?? 0
      guard count < ListLimits.entries else { throw ListErrors.tooManyEntries }
      let top = try await value(
        Int64.self, "SELECT MAX(position) FROM listEntry WHERE listId = \(listID)",
        on: connection)
      var insert = PostgresQuery(
        unsafeSQL: """
          INSERT INTO listEntry (listId, \(column), note, position, createdAt)
          VALUES ($1, $2, $3, $4, $5) RETURNING id
          """)
      insert.binds.append(listID, context: .default)
      insert.binds.append(targetID, context: .default)
      insert.binds.append(note, context: .default)
      insert.binds.append((top ?? 0) + ListLimits.spacing, context: .default)
      insert.binds.append(Self.millis(now), context: .default)
      guard let id = try await rows(insert, on: connection, { try $0[0].decode(Int64.self) }).first
      else { throw AppError(.internalServerError, "the new entry has no id") }
      try await changed(listID: listID, ownerID: ownerID, now: now, on: connection)
      if case .post(let postID) = target {
        try await ringAuthor(ofPost: postID, savedBy: ownerID, now: now, on: connection)
      }
      return (id, true)
    }
    return (try await entry(id: id, viewerID: ownerID), created)
  }

  func setNote(_ note: String, entryID: Int64, listID: Int64, ownerID: Int64, now: Date)
    async throws -> ListEntry
  {
    try await transaction { [self] connection in
      _ = try await lockList(listID, ownerID: ownerID, on: connection)
      let updated = try await count(
        """
        UPDATE listEntry SET note = \(note) WHERE id = \(entryID) AND listId = \(listID)
        RETURNING 1
        """, on: connection)
      guard updated == 1 else { throw AppError.notFound("entry") }
      try await changed(listID: listID, ownerID: ownerID, now: now, on: connection)
    }
    return try await entry(id: entryID, viewerID: ownerID)
  }

  func removeEntry(_ entryID: Int64, listID: Int64, ownerID: Int64, now: Date) async throws {
    try await transaction { [self] connection in
      _ = try await lockList(listID, ownerID: ownerID, on: connection)
      let removed = try await count(
        "DELETE FROM listEntry WHERE id = \(entryID) AND listId = \(listID) RETURNING 1",
        on: connection)
      guard removed == 1 else { throw AppError.notFound("entry") }
      try await changed(listID: listID, ownerID: ownerID, now: now, on: connection)
    }
  }

  func move(_ entryID: Int64, after: Int64?, listID: Int64, ownerID: Int64, now: Date)
    async throws -> Int64
  {
    try await transaction { [self] connection in
      _ = try await lockList(listID, ownerID: ownerID, on: connection)
      let mover = ListMover(storage: self, connection: connection, listID: listID)
      _ = try await mover.position(entryID)
      if after == entryID { throw ListErrors.afterItself }
      var target = try await mover.positionAfter(after, moving: entryID)
      if target == nil {
        try await mover.renumber()
        target = try await mover.positionAfter(after, moving: entryID)
      }
      if let target {
        try await connection.query(
          "UPDATE listEntry SET position = \(target) WHERE id = \(entryID)", logger: logger)
      }
      return try await changed(listID: listID, ownerID: ownerID, now: now, on: connection)
    }
  }

  func savedPlaces(_ target: SaveTarget, ownerID: Int64) async throws -> SavedPlaces {
    let (column, id) =
      switch target {
      case .post(let id): ("postId", id)
      case .restaurant(let id): ("restaurantId", id)
      }
    var query = PostgresQuery(
      unsafeSQL: """
        SELECT listEntry.listId, listEntry.id FROM listEntry
        JOIN pocketList ON pocketList.id = listEntry.listId
        WHERE pocketList.ownerId = $1 AND listEntry.\(column) = $2
        ORDER BY listEntry.listId
        """)
    query.binds.append(ownerID, context: .default)
    query.binds.append(id, context: .default)
    return SavedPlaces(
      items: try await rows(query) { row in
        .init(listID: try row[0].decode(Int64.self), entryID: try row[1].decode(Int64.self))
      })
  }

  // MARK: - Helpers

  /// An entry's row: `id, note, createdAt, postId, restaurantId`.
  struct EntryRow: Sendable {
    var id: Int64
    var note: String
    var createdAt: Int64
    var postID: Int64?
    var restaurantID: Int64?

    init(_ row: PostgresRandomAccessRow) throws {
      id = try row[0].decode(Int64.self)
      note = try row[1].decode(String.self)
      createdAt = try row[2].decode(Int64.self)
      postID = try row[3].decode(Int64?.self)
      restaurantID = try row[4].decode(Int64?.self)
    }
  }

  /// Bumps the list's version and tells its owner's devices.
  /// - Returns: The new version.
  @discardableResult
  /// Rings the bell of a saved post's author (SQLite's `ringAuthor`).
  private func ringAuthor(
    ofPost postID: Int64, savedBy ownerID: Int64, now: Date, on connection: PostgresConnection
  ) async throws {
    guard
      let authorID = try await value(
        Int64.self, "SELECT authorId FROM post WHERE id = \(postID)", on: connection),
      authorID != ownerID, try await !Self.isBlocked(self, connection, ownerID, by: authorID)
    else { return }
    try await Self.appendChange(
      connection, logger: logger, kind: .notification, postID: postID, authorID: authorID,
      now: now, actorID: authorID)
  }

  private func changed(
    listID: Int64, ownerID: Int64, now: Date, on connection: PostgresConnection
  ) async throws -> Int64 {
    let version = try await value(
      Int64.self,
      "UPDATE pocketList SET version = version + 1 WHERE id = \(listID) RETURNING version",
      on: connection)
    try await Self.appendChange(
      connection, logger: logger, kind: .list, postID: listID, authorID: ownerID, now: now,
      actorID: ownerID)
    return version ?? 0
  }

  private func entry(id: Int64, viewerID: Int64?) async throws -> ListEntry {
    guard
      let row = try await rows(
        "SELECT id, note, createdAt, postId, restaurantId FROM listEntry WHERE id = \(id)",
        { try EntryRow($0) }
      ).first
    else { throw AppError.notFound("entry") }
    return try await entry(row, viewerID: viewerID)
  }

  private func entry(_ row: EntryRow, viewerID: Int64?) async throws -> ListEntry {
    var post: Post?
    var restaurant: Restaurant?
    var cover: PostPhoto?
    if let postID = row.postID {
      post = try await self.post(id: postID, viewerID: viewerID)
    } else if let restaurantID = row.restaurantID {
      restaurant = try await self.restaurant(id: restaurantID, viewerID: viewerID)
      cover = try await restaurantCover(restaurantID, viewerID: viewerID)
    }
    return ListEntry(
      id: row.id, note: row.note, savedAt: Self.date(row.createdAt), post: post,
      restaurant: restaurant, cover: cover)
  }
}

/// The position arithmetic of a move on PostgreSQL, inside the move's transaction (the same
/// rules as SQLite's: see `SQLiteStorage.positionAfter`).
private struct ListMover {
  let storage: PostgresStorage
  let connection: PostgresConnection
  let listID: Int64

  func position(_ id: Int64) async throws -> Int64 {
    guard
      let found = try await storage.value(
        Int64.self, "SELECT position FROM listEntry WHERE id = \(id) AND listId = \(listID)",
        on: connection)
    else { throw AppError.notFound("entry") }
    return found
  }

  func positionAfter(_ after: Int64?, moving: Int64) async throws -> Int64? {
    guard let after else {
      let top = try await storage.value(
        Int64.self,
        "SELECT MAX(position) FROM listEntry WHERE listId = \(listID) AND id <> \(moving)",
        on: connection)
      let current = try await position(moving)
      guard let top else { return current }
      return current > top ? current : top + ListLimits.spacing
    }
    let upper = try await position(after)
    let lower = try await storage.value(
      Int64.self,
      """
      SELECT position FROM listEntry WHERE listId = \(listID) AND id <> \(moving)
        AND position < \(upper) ORDER BY position DESC LIMIT 1
      """, on: connection)
    guard let lower else { return upper - ListLimits.spacing }
    let current = try await position(moving)
    if current < upper && current > lower { return current }
    guard upper - lower >= 2 else { return nil }
    return lower + (upper - lower) / 2
  }

  func renumber() async throws {
    try await connection.query(
      """
      UPDATE listEntry SET position = ranked.position FROM (
        SELECT id, (COUNT(*) OVER () - ROW_NUMBER() OVER (ORDER BY position DESC, id DESC) + 1)
          * \(ListLimits.spacing) AS position
        FROM listEntry WHERE listId = \(listID)) AS ranked
      WHERE listEntry.id = ranked.id
      """, logger: storage.logger)
  }
}
