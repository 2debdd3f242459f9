import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  func listPage(
    _ access: ListAccess, viewerID: Int64?, cursor: FeedCursor?, limit: Int
  ) async throws -> ListPage? {
    try readNow { db in
      let row: Row?
      var owner = false
      switch access {
      case .owner(let listID, let ownerID):
        owner = true
        row = try Row.fetchOne(
          db,
          sql: """
            SELECT id, name, kind, shareToken, version, createdAt FROM pocketList
            WHERE id = ? AND ownerId = ?
            """, arguments: [listID, ownerID])
      case .shared(let token):
        // Not to someone its owner blocks.
        row = try Row.fetchOne(
          db,
          sql: """
            SELECT id, name, kind, shareToken, version, createdAt, ownerId FROM pocketList
            WHERE shareToken = ?1 AND ownerId NOT IN
              (SELECT blockerId FROM block WHERE blockedId = ?2)
            """, arguments: [token, viewerID ?? 0])
        owner = row.map { ($0[6] as Int64) == viewerID } ?? false
      }
      guard let row else { return nil }
      let list = try Self.list(row, db, viewerID: viewerID, owner: owner)
      var arguments: [(any DatabaseValueConvertible)?] = [viewerID ?? 0, list.id]
      var after = ""
      if case .keyset(_, let key, let id)? = cursor {
        after = "AND (listEntry.position, listEntry.id) < (?3, ?4)"
        arguments += [key, id]
      }
      arguments.append(limit + 1)
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, note, createdAt, postId, restaurantId, position FROM listEntry
          WHERE \(Self.visibleEntries) \(after)
          ORDER BY position DESC, id DESC LIMIT ?\(arguments.count)
          """, arguments: StatementArguments(arguments))
      let items = try rows.prefix(limit).map { try Self.entry($0, db, viewerID: viewerID) }
      let next =
        rows.count > limit
        ? rows.dropLast().last.map {
          FeedCursor.keyset(feed: "list", key: $0[5], id: $0[0]).token
        } : nil
      return ListPage(list: list, items: items, nextCursor: next)
    }
  }

  func save(
    _ target: SaveTarget, note: String, listID: Int64, ownerID: Int64, now: Date
  ) async throws -> (entry: ListEntry, created: Bool) {
    try await write { db in
      try Self.ensureWantToTry(db, ownerID: ownerID)
      _ = try Self.kind(db, listID: listID, ownerID: ownerID)
      let column: String
      switch target {
      case .post(let id):
        guard try Self.fetchPost(db, id: id, viewerID: ownerID) != nil else {
          throw AppError.notFound("post")
        }
        column = "postId"
      case .restaurant(let id):
        guard
          try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM restaurant WHERE id = ?)", arguments: [id])
            == true
        else { throw AppError.notFound("restaurant") }
        column = "restaurantId"
      }
      let targetID: Int64 =
        switch target {
        case .post(let id), .restaurant(let id): id
        }
      if let existing = try Row.fetchOne(
        db,
        sql: """
          SELECT id, note, createdAt, postId, restaurantId FROM listEntry
          WHERE listId = ? AND \(column) = ?
          """, arguments: [listID, targetID])
      {
        return (try Self.entry(existing, db, viewerID: ownerID), false)
      }
      let count = try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM listEntry WHERE listId = ?", arguments: [listID])!
      guard count < ListLimits.entries else { throw ListErrors.tooManyEntries }
      let top = try Int64.fetchOne(
        db, sql: "SELECT MAX(position) FROM listEntry WHERE listId = ?", arguments: [listID])
      try db.execute(
        sql: """
          INSERT INTO listEntry (listId, \(column), note, position, createdAt)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [
          listID, targetID, note, (top ?? 0) + ListLimits.spacing, Self.millis(now),
        ])
      let id = db.lastInsertedRowID
      try Self.changed(db, listID: listID, ownerID: ownerID, now: now)
      if case .post(let postID) = target {
        try Self.ringAuthor(db, ofPost: postID, savedBy: ownerID, now: now)
      }
      return (try Self.entry(db, id: id, viewerID: ownerID), true)
    }
  }

  func setNote(_ note: String, entryID: Int64, listID: Int64, ownerID: Int64, now: Date)
    async throws -> ListEntry
  {
    try await write { db in
      _ = try Self.kind(db, listID: listID, ownerID: ownerID)
      try db.execute(
        sql: "UPDATE listEntry SET note = ? WHERE id = ? AND listId = ?",
        arguments: [note, entryID, listID])
      guard db.changesCount == 1 else { throw AppError.notFound("entry") }
      try Self.changed(db, listID: listID, ownerID: ownerID, now: now)
      return try Self.entry(db, id: entryID, viewerID: ownerID)
    }
  }

  func removeEntry(_ entryID: Int64, listID: Int64, ownerID: Int64, now: Date) async throws {
    try await write { db in
      _ = try Self.kind(db, listID: listID, ownerID: ownerID)
      try db.execute(
        sql: "DELETE FROM listEntry WHERE id = ? AND listId = ?", arguments: [entryID, listID])
      guard db.changesCount == 1 else { throw AppError.notFound("entry") }
      try Self.changed(db, listID: listID, ownerID: ownerID, now: now)
    }
  }

  func move(_ entryID: Int64, after: Int64?, listID: Int64, ownerID: Int64, now: Date)
    async throws -> Int64
  {
    try await write { db in
      _ = try Self.kind(db, listID: listID, ownerID: ownerID)
      func position(_ id: Int64) throws -> Int64 {
        guard
          let found = try Int64.fetchOne(
            db, sql: "SELECT position FROM listEntry WHERE id = ? AND listId = ?",
            arguments: [id, listID])
        else { throw AppError.notFound("entry") }
        return found
      }
      _ = try position(entryID)
      if after == entryID { throw ListErrors.afterItself }
      var target = try Self.positionAfter(db, after, listID: listID, moving: entryID, position)
      if target == nil {
        try Self.renumber(db, listID: listID)
        target = try Self.positionAfter(db, after, listID: listID, moving: entryID, position)
      }
      if let target {
        try db.execute(
          sql: "UPDATE listEntry SET position = ? WHERE id = ?", arguments: [target, entryID])
      }
      return try Self.changed(db, listID: listID, ownerID: ownerID, now: now)
    }
  }

  func savedPlaces(_ target: SaveTarget, ownerID: Int64) async throws -> SavedPlaces {
    let (column, id) =
      switch target {
      case .post(let id): ("postId", id)
      case .restaurant(let id): ("restaurantId", id)
      }
    return try readNow { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT listEntry.listId, listEntry.id FROM listEntry
          JOIN pocketList ON pocketList.id = listEntry.listId
          WHERE pocketList.ownerId = ? AND listEntry.\(column) = ?
          ORDER BY listEntry.listId
          """, arguments: [ownerID, id])
      return SavedPlaces(items: rows.map { .init(listID: $0[0], entryID: $0[1]) })
    }
  }

  // MARK: - Helpers

  /// Where an entry goes to sit right after `after` (first when nil), the moving entry aside;
  /// nil when the gap there is too narrow (renumber, then ask again). The current position
  /// when it is there already.
  private static func positionAfter(
    _ db: Database, _ after: Int64?, listID: Int64, moving: Int64,
    _ position: (Int64) throws -> Int64
  ) throws -> Int64? {
    guard let after else {
      let top = try Int64.fetchOne(
        db, sql: "SELECT MAX(position) FROM listEntry WHERE listId = ? AND id <> ?",
        arguments: [listID, moving])
      guard let top else { return try position(moving) }
      let current = try position(moving)
      return current > top ? current : top + ListLimits.spacing
    }
    let upper = try position(after)
    let lower = try Int64.fetchOne(
      db,
      sql: """
        SELECT position FROM listEntry WHERE listId = ? AND id <> ? AND position < ?
        ORDER BY position DESC LIMIT 1
        """, arguments: [listID, moving, upper])
    guard let lower else { return upper - ListLimits.spacing }
    let current = try position(moving)
    if current < upper && current > lower { return current }
    guard upper - lower >= 2 else { return nil }
    return lower + (upper - lower) / 2
  }

  /// Spaces a list's positions evenly again, in its order.
  private static func renumber(_ db: Database, listID: Int64) throws {
    let ids = try Int64.fetchAll(
      db, sql: "SELECT id FROM listEntry WHERE listId = ? ORDER BY position DESC, id DESC",
      arguments: [listID])
    for (rank, id) in ids.enumerated() {
      try db.execute(
        sql: "UPDATE listEntry SET position = ? WHERE id = ?",
        arguments: [Int64(ids.count - rank) * ListLimits.spacing, id])
    }
  }

  /// Rings the bell of a saved post's author (their notifications derive the save itself),
  /// unless they saved it, or they block the one who did.
  private static func ringAuthor(
    _ db: Database, ofPost postID: Int64, savedBy ownerID: Int64, now: Date
  )
    throws
  {
    guard
      let authorID = try Int64.fetchOne(
        db, sql: "SELECT authorId FROM post WHERE id = ?", arguments: [postID]),
      authorID != ownerID, try !isBlocked(db, ownerID, by: authorID)
    else { return }
    try appendChange(
      db, kind: .notification, postID: postID, authorID: authorID, now: now, actorID: authorID)
  }

  /// Bumps the list's version and tells its owner's devices.
  /// - Returns: The new version.
  @discardableResult
  private static func changed(_ db: Database, listID: Int64, ownerID: Int64, now: Date) throws
    -> Int64
  {
    try db.execute(
      sql: "UPDATE pocketList SET version = version + 1 WHERE id = ?", arguments: [listID])
    try appendChange(
      db, kind: .list, postID: listID, authorID: ownerID, now: now, actorID: ownerID)
    return try Int64.fetchOne(
      db, sql: "SELECT version FROM pocketList WHERE id = ?", arguments: [listID])!
  }

  private static func entry(_ db: Database, id: Int64, viewerID: Int64?) throws -> ListEntry {
    let row = try Row.fetchOne(
      db, sql: "SELECT id, note, createdAt, postId, restaurantId FROM listEntry WHERE id = ?",
      arguments: [id])!
    return try entry(row, db, viewerID: viewerID)
  }

  /// An entry from its row (`id, note, createdAt, postId, restaurantId`).
  private static func entry(_ row: Row, _ db: Database, viewerID: Int64?) throws -> ListEntry {
    var post: Post?
    var restaurant: Restaurant?
    var cover: PostPhoto?
    if let postID = row[3] as Int64? {
      post = try fetchPost(db, id: postID, viewerID: viewerID)
    } else if let restaurantID = row[4] as Int64? {
      restaurant = try fetchRestaurant(db, id: restaurantID, viewerID: viewerID)
      cover = try restaurantCover(db, restaurantID, viewerID: viewerID)
    }
    return ListEntry(
      id: row[0], note: row[1], savedAt: date(row[2]), post: post, restaurant: restaurant,
      cover: cover)
  }
}
