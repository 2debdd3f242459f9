import Foundation
import GRDB
import LotsCore

extension AppDatabase {
  /// Reads one page of a feed and the change-log sequence of the snapshot it was read from.
  /// - Parameters:
  ///   - viewerID: The signed-in viewer, whose blocks apply; nil for anonymous.
  ///   - cursor: The position after the previous page, nil for the first page.
  ///   - limit: 1–100 items.
  func page(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, now: Date)
    async throws -> FeedPage
  {
    if feed == .inspire { return try await inspirePage(viewerID, cursor, limit, now) }
    // One SELECT reads the rows and the sequence from one snapshot, so it needs no transaction
    // (BEGIN and COMMIT were a measurable share of a page). An empty page has no row to carry
    // the sequence: it is read again with the sequence inside one transaction.
    let page = try readStatementNow { db in
      try Self.feedPage(db, feed, viewerID, cursor, limit, sequence: nil)
    }
    if let page { return page }
    return try readNow { db in
      let sequence = try Self.currentSequence(db)
      return try Self.feedPage(db, feed, viewerID, cursor, limit, sequence: sequence)
        ?? FeedPage(items: [], nextCursor: nil, sequence: sequence)
    }
  }

  /// The page, or nil when it is empty and no `sequence` is given.
  private static func feedPage(
    _ db: Database, _ feed: FeedQuery, _ viewerID: Int64?, _ cursor: FeedCursor?, _ limit: Int,
    sequence: Int64?
  ) throws -> FeedPage? {
    var filters = [
      "(post.hidden = 0 OR post.authorId = ?1)",
      "post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = ?1)",
    ]
    var arguments: [(any DatabaseValueConvertible)?] = [viewerID ?? 0]
    let sortKey: String
    var join = "JOIN account ON account.id = post.authorId"
    switch feed {
    case .main, .inspire: sortKey = "post.createdAt"
    case .user(let id):
      sortKey = "post.createdAt"
      filters.append("post.authorId = ?\(arguments.count + 1)")
      arguments.append(id)
    case .likes:
      sortKey = "mine.createdAt"
      join += " JOIN postLike AS mine ON mine.postId = post.id AND mine.userId = ?1"
    }
    if case .keyset(_, let key, let id)? = cursor {
      filters.append(
        "(\(sortKey), post.id) < (?\(arguments.count + 1), ?\(arguments.count + 2))")
      arguments += [key, id]
    }
    arguments.append(limit + 1)
    // Cached: the SQL depends only on the feed kind and whether there is a cursor.
    let statement = try db.cachedStatement(
      sql: """
        SELECT \(postColumns),
          EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id
            AND postLike.userId = ?1) AS likedByMe, \(sortKey) AS sortKey,
          (SELECT seq FROM sqlite_sequence WHERE name = 'changeLog') AS sequence
        FROM post \(join) WHERE \(filters.joined(separator: " AND "))
        ORDER BY \(sortKey) DESC, post.id DESC LIMIT ?\(arguments.count)
        """)
    // A cursor decodes each row in place; fetchAll copied every row, column names included,
    // which was a measurable share of a page (malloc, retain/release, generic metadata).
    let rows = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
    var items: [Post] = []
    items.reserveCapacity(limit)
    var last: (key: Int64, id: Int64)?
    var next: String?
    var pageSequence = sequence
    while let row = try rows.next() {
      if items.count == limit {
        if let last {
          next = FeedCursor.keyset(feed: feed.name, key: last.key, id: last.id).token
        }
        break
      }
      items.append(post(row))
      last = (row[17], row[0])
      if pageSequence == nil { pageSequence = row[18] ?? 0 }
    }
    guard let pageSequence else { return nil }
    return FeedPage(items: items, nextCursor: next, sequence: pageSequence)
  }
}
