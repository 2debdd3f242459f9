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

  /// Reads which posts a page holds, in order, with their like counts and the viewer's likes:
  /// the same rows as ``page(_:viewerID:cursor:limit:now:)`` in one SELECT, without reading or
  /// decoding the parts of a post that never change. Not for the inspire feed.
  ///
  /// - Returns: nil when the page is empty (the caller reads it with `page`, which also
  ///   reports the sequence of an empty page).
  func entries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int) throws
    -> FeedEntries?
  {
    precondition(feed != .inspire, "the inspire feed is ranked from a snapshot")
    return try readStatementNow { db in
      let query = FeedSelect(feed, viewerID: viewerID, cursor: cursor, limit: limit, .entries)
      var entries: [FeedEntries.Entry] = []
      entries.reserveCapacity(limit)
      let next = try Self.readPage(db, query, feed: feed, limit: limit) { row in
        entries.append(.init(id: row[0], likeCount: row[1], likedByMe: row[2] ?? false))
      }
      guard let next else { return nil }
      return FeedEntries(entries: entries, nextCursor: next.cursor, sequence: next.sequence)
    }
  }

  /// The page, or nil when it is empty and no `sequence` is given.
  private static func feedPage(
    _ db: Database, _ feed: FeedQuery, _ viewerID: Int64?, _ cursor: FeedCursor?, _ limit: Int,
    sequence: Int64?
  ) throws -> FeedPage? {
    let query = FeedSelect(feed, viewerID: viewerID, cursor: cursor, limit: limit, .posts)
    var items: [Post] = []
    items.reserveCapacity(limit)
    let end = try readPage(db, query, feed: feed, limit: limit) { row in
      items.append(post(row))
    }
    guard let pageSequence = end?.sequence ?? sequence else { return nil }
    return FeedPage(items: items, nextCursor: end?.cursor, sequence: pageSequence)
  }

  /// Runs a page's SELECT and hands each of its first `limit` rows to `body`.
  ///
  /// - Returns: The next page's cursor (nil on the last page) and the sequence, or nil when
  ///   the page is empty.
  private static func readPage(
    _ db: Database, _ query: FeedSelect, feed: FeedQuery, limit: Int, _ body: (Row) -> Void
  ) throws -> (cursor: String?, sequence: Int64)? {
    // Cached: the SQL depends only on the feed kind, the columns and whether there is a cursor.
    let sortKey = query.sortKeyColumn
    let statement = try db.cachedStatement(sql: query.sql)
    // A cursor decodes each row in place; fetchAll copied every row, column names included,
    // which was a measurable share of a page (malloc, retain/release, generic metadata).
    let rows = try Row.fetchCursor(statement, arguments: query.arguments)
    var count = 0
    var last: (key: Int64, id: Int64)?
    var sequence: Int64?
    while let row = try rows.next() {
      if count == limit {
        let cursor = last.map { FeedCursor.keyset(feed: feed.name, key: $0.key, id: $0.id).token }
        return sequence.map { (cursor, $0) }
      }
      body(row)
      count += 1
      last = (row[sortKey], row[0])
      if sequence == nil { sequence = row[sortKey + 1] ?? 0 }
    }
    return sequence.map { (nil, $0) }
  }
}
