import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: FeedStore {
  /// Reads one page of a feed and the change-log sequence of the snapshot it was read from, in
  /// one statement (one snapshot): the sequence is the newest committed, and with the change
  /// log appended in commit order every change at or below it is in the page and none above.
  /// - Parameters:
  ///   - viewerID: The signed-in viewer, whose blocks apply; nil for anonymous.
  ///   - cursor: The position after the previous page, nil for the first page.
  ///   - limit: 1–100 items.
  func page(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, now: Date)
    async throws -> FeedPage
  {
    if feed == .inspire { return try await inspirePage(viewerID, cursor, limit, now) }
    var items: [Post] = []
    let (next, sequence) = try await readPage(
      feed, viewerID: viewerID, cursor: cursor, limit: limit
    ) { row in
      let post = try Self.post(row, at: 1)
      items.append(post)
      return post.id
    }
    return FeedPage(items: items, nextCursor: next, sequence: sequence)
  }

  /// The columns of an entry (``FeedEntries/Entry``) before `likedByMe` and the sort key, in
  /// the order ``readEntries`` reads them.
  static let entryColumns = "post.id, post.likeCount, post.editedAt, post.commentCount"

  /// Not read without suspending on PostgreSQL: the feed reader asks ``readEntries``.
  func entries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int) throws
    -> FeedEntries?
  {
    nil
  }

  /// The same rows as `page` with only each post's id, like count and the viewer's like: when
  /// every post of the page was rendered before, nothing else is read, decoded or written. They
  /// come as one two-dimensional array (``feedPageSQL(_:wholePosts:)``).
  func readEntries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int)
    async throws -> FeedEntries?
  {
    precondition(feed != .inspire, "the inspire feed is ranked from a snapshot")
    let statement = Self.feedPageStatement(
      FeedPageKind(feed), wholePosts: false,
      Self.pageBindings(feed, viewerID: viewerID, cursor: cursor, limit: limit))
    guard let row = try await prepared(statement).first?.makeRandomAccess() else {
      throw AppError(.internalServerError, "a feed page's entries came without their row")
    }
    let sequence = try row[0].decode(Int64.self)
    // A row per post (``FeedEntries/Entry/init(column:)``'s columns, then the sort key), newest
    // first by the statement's own ORDER BY, one more than the page when there is a next.
    let width = 6
    let table = try BinaryArray.int64Rows(row[1], width: width)
    let posts = min(limit, table.count / width)
    let entries = (0..<posts).map { post in
      FeedEntries.Entry(column: { table[post * width + $0] })
    }
    let next =
      table.count / width > limit
      ? FeedCursor.keyset(
        feed: feed.name, key: table[(posts - 1) * width + 5], id: table[(posts - 1) * width]
      ).token : nil
    return FeedEntries(entries: entries, nextCursor: next, sequence: sequence)
  }

  /// A page's binds: the viewer (0 when anonymous), the author's or restaurant's id for those
  /// feeds, the cursor's sort key and post id (the largest for the first page: one statement's
  /// text for both), then one row more than `limit` (whether there is a next page).
  private static func pageBindings(
    _ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int
  ) -> PostgresBindings {
    var bindings = PostgresBindings()
    bindings.append(viewerID ?? 0, context: .default)
    switch feed {
    case .main, .inspire, .likes: break
    case .user(let id), .restaurant(let id): bindings.append(id, context: .default)
    }
    let (key, id) =
      if case .keyset(_, let key, let id)? = cursor { (key, id) } else { (Int64.max, Int64.max) }
    bindings.append(key, context: .default)
    bindings.append(id, context: .default)
    bindings.append(Int64(limit + 1), context: .default)
    return bindings
  }

  /// Runs a page's SELECT of whole posts and hands each of its first `limit` rows to `body`,
  /// which returns the row's post id.
  /// - Returns: The next page's cursor (nil on the last page) and the snapshot's sequence.
  private func readPage(
    _ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int,
    _ body: (PostgresRandomAccessRow) throws -> Int64
  ) async throws -> (next: String?, sequence: Int64) {
    let statement = Self.feedPageStatement(
      FeedPageKind(feed), wholePosts: true,
      Self.pageBindings(feed, viewerID: viewerID, cursor: cursor, limit: limit))
    let sortKeyColumn = 24
    var sequence: Int64 = 0
    var count = 0
    var last: (key: Int64, id: Int64)?
    var more = false
    for row in try await prepared(statement) {
      let row = row.makeRandomAccess()
      sequence = try row[0].decode(Int64.self)
      guard try row[1].decode(Int64?.self) != nil else { continue }
      guard count < limit else {
        more = true
        continue
      }
      let id = try body(row)
      count += 1
      last = (try row[sortKeyColumn].decode(Int64.self), id)
    }
    let next =
      more ? last.map { FeedCursor.keyset(feed: feed.name, key: $0.key, id: $0.id).token } : nil
    return (next, sequence)
  }
}
