import Foundation
import GRDB
import LotsCore

extension SQLiteStorage {
  /// Reads one page of a feed and the change-log sequence of the snapshot it was read from.
  /// - Parameters:
  ///   - viewerID: The signed-in viewer, whose blocks apply; nil for anonymous.
  ///   - cursor: The position after the previous page, nil for the first page.
  ///   - limit: 1–100 items.
  func page(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, now: Date)
    async throws -> FeedPage
  {
    if feed == .inspire { return try await inspirePage(viewerID, cursor, limit, now) }
    let query = FeedSelect(feed, viewerID: viewerID, cursor: cursor, limit: limit, .posts)
    var items: [Post] = []
    let end = try readPage(query, feed: feed, limit: limit) { row in
      items.append(Self.post(row.row))
    }
    return FeedPage(items: items, nextCursor: end.cursor, sequence: end.sequence)
  }

  /// Reads which posts a page holds, in order, with their like counts and the viewer's likes:
  /// the same rows as ``page(_:viewerID:cursor:limit:now:)``, without reading or decoding the
  /// parts of a post that never change. Not for the inspire feed.
  func entries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int) throws
    -> FeedEntries?
  {
    precondition(feed != .inspire, "the inspire feed is ranked from a snapshot")
    let query = FeedSelect(feed, viewerID: viewerID, cursor: cursor, limit: limit, .entries)
    var entries: [FeedEntries.Entry] = []
    let end = try readPage(query, feed: feed, limit: limit) { row in
      entries.append(.init(column: row.int64))
    }
    return FeedEntries(entries: entries, nextCursor: end.cursor, sequence: end.sequence)
  }

  /// Runs a page's SELECT and hands each of its first `limit` rows to `body`.
  ///
  /// The SELECT carries the change-log sequence in every row, so one statement reads the rows
  /// and the sequence from one snapshot without a transaction (BEGIN and COMMIT were a
  /// measurable share of a page). An empty page has no row to carry it: the SELECT runs again
  /// with the sequence, inside one transaction.
  ///
  /// - Returns: The next page's cursor (nil on the last page) and the snapshot's sequence.
  private func readPage(
    _ query: FeedSelect, feed: FeedQuery, limit: Int, _ body: (FeedRow) -> Void
  ) throws -> (cursor: String?, sequence: Int64) {
    let end = try readStatementNow { db in
      try Self.readRows(db, query, feed: feed, limit: limit, body)
    }
    if let end { return end }
    return try readNow { db in
      let sequence = try Self.currentSequence(db)
      // Rows committed between the two reads belong to this snapshot and are handed over too.
      let end = try Self.readRows(db, query, feed: feed, limit: limit, body)
      return end ?? (nil, sequence)
    }
  }

  /// The rows of `query`, or nil when there are none.
  private static func readRows(
    _ db: Database, _ query: FeedSelect, feed: FeedQuery, limit: Int, _ body: (FeedRow) -> Void
  ) throws -> (cursor: String?, sequence: Int64)? {
    // Cached: the SQL depends only on the feed kind, the columns and whether there is a cursor.
    let statement = try db.cachedStatement(sql: query.sql)
    // A cursor decodes each row in place; fetchAll copied every row, column names included,
    // which was a measurable share of a page (malloc, retain/release, generic metadata).
    let rows = try Row.fetchCursor(statement, arguments: query.arguments)
    let sortKey = query.sortKeyColumn
    var count = 0
    var last: (key: Int64, id: Int64)?
    var sequence: Int64?
    while let row = try rows.next() {
      if count == limit {
        let cursor = last.map { FeedCursor.keyset(feed: feed.name, key: $0.key, id: $0.id).token }
        return sequence.map { (cursor, $0) }
      }
      let feedRow = FeedRow(row: row, statement: statement.sqliteStatement)
      body(feedRow)
      count += 1
      last = (feedRow.int64(sortKey), feedRow.int64(0))
      if sequence == nil { sequence = feedRow.int64(sortKey + 1) }
    }
    return sequence.map { (nil, $0) }
  }
}
