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
      feed, viewerID: viewerID, cursor: cursor, limit: limit, wholePosts: true
    ) { row in
      let post = try Self.post(row, at: 1)
      items.append(post)
      return post.id
    }
    return FeedPage(items: items, nextCursor: next, sequence: sequence)
  }

  /// The columns of an entry (``FeedEntries/Entry``) before `likedByMe`.
  static let entryColumns = "post.id, post.likeCount, post.editedAt, post.commentCount"

  /// Not read without suspending on PostgreSQL: the feed reader asks ``readEntries``.
  func entries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int) throws
    -> FeedEntries?
  {
    nil
  }

  /// The same rows as `page` with only each post's id, like count and the viewer's like: when
  /// every post of the page was rendered before, nothing else is read, decoded or written.
  func readEntries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int)
    async throws -> FeedEntries?
  {
    precondition(feed != .inspire, "the inspire feed is ranked from a snapshot")
    var entries: [FeedEntries.Entry] = []
    let (next, sequence) = try await readPage(
      feed, viewerID: viewerID, cursor: cursor, limit: limit, wholePosts: false
    ) { row in
      let id = try row[1].decode(Int64.self)
      entries.append(
        .init(
          id: id, likeCount: Int(try row[2].decode(Int64.self)),
          likedByMe: try row[5].decode(Bool.self),
          commentCount: Int(try row[4].decode(Int64.self)), version: try row[3].decode(Int64.self))
      )
      return id
    }
    return FeedEntries(entries: entries, nextCursor: next, sequence: sequence)
  }

  /// Runs a page's SELECT (whole posts, or id and like count) and hands each of its first
  /// `limit` rows to `body`, which returns the row's post id.
  /// - Returns: The next page's cursor (nil on the last page) and the snapshot's sequence.
  private func readPage(
    _ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, wholePosts: Bool,
    _ body: (PostgresRandomAccessRow) throws -> Int64
  ) async throws -> (next: String?, sequence: Int64) {
    var bindings = PostgresBindings()
    bindings.append(viewerID ?? 0, context: .default)
    switch feed {
    case .main, .inspire, .likes: break
    case .user(let id), .restaurant(let id): bindings.append(id, context: .default)
    }
    // The first page is after the largest key: one statement's text for both.
    let (key, id) =
      if case .keyset(_, let key, let id)? = cursor { (key, id) } else { (Int64.max, Int64.max) }
    bindings.append(key, context: .default)
    bindings.append(id, context: .default)
    bindings.append(Int64(limit + 1), context: .default)
    let statement = Self.feedPageStatement(
      FeedPageKind(feed), wholePosts: wholePosts, bindings)
    let sortKeyColumn = wholePosts ? 24 : 6
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
