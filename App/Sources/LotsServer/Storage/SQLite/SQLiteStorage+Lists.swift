import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// The entries of list `?2` that viewer `?1` may see: restaurants, and posts shown to them.
  static let visibleEntries = """
    listEntry.listId = ?2 AND (listEntry.postId IS NULL OR EXISTS (SELECT 1 FROM post
      WHERE post.id = listEntry.postId
        AND \(visibleToViewer)))
    """

  func lists(ownerID: Int64) async throws -> [PocketList] {
    try await write { db in
      try Self.ensureWantToTry(db, ownerID: ownerID)
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, name, kind, shareToken, version, createdAt FROM pocketList
          WHERE ownerId = ? ORDER BY kind = 'wantToTry' DESC, createdAt DESC, id DESC
          """, arguments: [ownerID])
      return try rows.map { try Self.list($0, db, viewerID: ownerID, owner: true) }
    }
  }

  func createList(ownerID: Int64, name: String, now: Date) async throws -> PocketList {
    try await write { db in
      try Self.ensureWantToTry(db, ownerID: ownerID)
      let count = try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM pocketList WHERE ownerId = ?", arguments: [ownerID])!
      guard count < ListLimits.lists else { throw ListErrors.tooManyLists }
      try Self.checkNameFree(db, name, ownerID: ownerID, except: nil)
      try db.execute(
        sql: """
          INSERT INTO pocketList (ownerId, name, nameKey, kind, createdAt)
          VALUES (?, ?, ?, 'named', ?)
          """, arguments: [ownerID, name, TextFolding.key(name), Self.millis(now)])
      let id = db.lastInsertedRowID
      try Self.appendChange(
        db, kind: .list, postID: id, authorID: ownerID, now: now, actorID: ownerID)
      return try Self.ownList(db, id: id, ownerID: ownerID)
    }
  }

  func renameList(id: Int64, ownerID: Int64, name: String, now: Date) async throws -> PocketList {
    try await write { db in
      let kind = try Self.kind(db, listID: id, ownerID: ownerID)
      guard kind == .named else { throw ListErrors.wantToTryIsFixed }
      try Self.checkNameFree(db, name, ownerID: ownerID, except: id)
      try db.execute(
        sql: "UPDATE pocketList SET name = ?, nameKey = ?, version = version + 1 WHERE id = ?",
        arguments: [name, TextFolding.key(name), id])
      try Self.appendChange(
        db, kind: .list, postID: id, authorID: ownerID, now: now, actorID: ownerID)
      return try Self.ownList(db, id: id, ownerID: ownerID)
    }
  }

  func deleteList(id: Int64, ownerID: Int64, now: Date) async throws {
    try await write { db in
      guard try Self.kind(db, listID: id, ownerID: ownerID) == .named else {
        throw ListErrors.wantToTryIsFixed
      }
      try db.execute(sql: "DELETE FROM pocketList WHERE id = ?", arguments: [id])
      try Self.appendChange(
        db, kind: .list, postID: id, authorID: ownerID, now: now, actorID: ownerID)
    }
  }

  func setShared(_ shared: Bool, id: Int64, ownerID: Int64, now: Date) async throws
    -> PocketList
  {
    try await write { db in
      _ = try Self.kind(db, listID: id, ownerID: ownerID)
      if shared {
        try db.execute(
          sql: "UPDATE pocketList SET shareToken = COALESCE(shareToken, ?) WHERE id = ?",
          arguments: [ShareToken.make(), id])
      } else {
        try db.execute(
          sql: "UPDATE pocketList SET shareToken = NULL WHERE id = ?", arguments: [id])
      }
      try Self.appendChange(
        db, kind: .list, postID: id, authorID: ownerID, now: now, actorID: ownerID)
      return try Self.ownList(db, id: id, ownerID: ownerID)
    }
  }

  // MARK: - Helpers shared with the entries

  /// Makes the owner's "Want to try" if they have none yet.
  static func ensureWantToTry(_ db: Database, ownerID: Int64) throws {
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO pocketList (ownerId, name, nameKey, kind, createdAt)
        VALUES (?, ?, ?, 'wantToTry', 0)
        """,
      arguments: [ownerID, ListLimits.wantToTry, TextFolding.key(ListLimits.wantToTry)])
  }

  /// The kind of the owner's list `listID`.
  /// - Throws: ``AppError`` 404 when it is not theirs (or does not exist).
  static func kind(_ db: Database, listID: Int64, ownerID: Int64) throws -> PocketList.Kind {
    guard
      let kind = try String.fetchOne(
        db, sql: "SELECT kind FROM pocketList WHERE id = ? AND ownerId = ?",
        arguments: [listID, ownerID])
    else { throw AppError.notFound("list") }
    return PocketList.Kind(rawValue: kind) ?? .named
  }

  private static func checkNameFree(
    _ db: Database, _ name: String, ownerID: Int64, except: Int64?
  ) throws {
    let taken = try Int64.fetchOne(
      db, sql: "SELECT id FROM pocketList WHERE ownerId = ? AND nameKey = ?",
      arguments: [ownerID, TextFolding.key(name)])
    if let taken, taken != except { throw ListErrors.nameTaken }
  }

  /// The owner's list `id`, as they see it.
  static func ownList(_ db: Database, id: Int64, ownerID: Int64) throws -> PocketList {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT id, name, kind, shareToken, version, createdAt FROM pocketList
          WHERE id = ? AND ownerId = ?
          """, arguments: [id, ownerID])
    else { throw AppError.notFound("list") }
    return try list(row, db, viewerID: ownerID, owner: true)
  }

  /// A list from its row (`id, name, kind, shareToken, version, createdAt`): its count and
  /// cover as `viewerID` sees them, its token only for its owner.
  static func list(_ row: Row, _ db: Database, viewerID: Int64?, owner: Bool) throws
    -> PocketList
  {
    let id: Int64 = row[0]
    let arguments: StatementArguments = [viewerID ?? 0, id]
    let count = try Int.fetchOne(
      db, sql: "SELECT COUNT(*) FROM listEntry WHERE \(visibleEntries)", arguments: arguments)!
    let first = try Row.fetchOne(
      db,
      sql: """
        SELECT postId, restaurantId FROM listEntry WHERE \(visibleEntries)
        ORDER BY position DESC, id DESC LIMIT 1
        """, arguments: arguments)
    var cover: PostPhoto?
    if let postID = first?[0] as Int64? {
      cover = try fetchPost(db, id: postID, viewerID: viewerID)?.photo
    } else if let restaurantID = first?[1] as Int64? {
      cover = try restaurantCover(db, restaurantID, viewerID: viewerID)
    }
    let token: String? = row[3]
    return PocketList(
      id: id, name: row[1], kind: PocketList.Kind(rawValue: row[2]) ?? .named,
      entryCount: count, shareToken: owner ? token : nil, shared: token != nil,
      version: row[4], createdAt: date(row[5]), cover: cover)
  }

  /// The photo of a restaurant's newest post the viewer may see.
  static func restaurantCover(_ db: Database, _ restaurantID: Int64, viewerID: Int64?) throws
    -> PostPhoto?
  {
    let id = try Int64.fetchOne(
      db,
      sql: """
        SELECT post.id FROM post WHERE post.restaurantId = ?2
          AND \(visibleToViewer)
        ORDER BY post.createdAt DESC, post.id DESC LIMIT 1
        """, arguments: [viewerID ?? 0, restaurantID])
    return try id.flatMap { try fetchPost(db, id: $0, viewerID: viewerID)?.photo }
  }
}
