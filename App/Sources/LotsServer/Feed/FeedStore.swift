import Foundation
import LotsCore

/// What the feeds need from storage.
protocol FeedStore: Sendable {
  /// One page of a feed (whole posts) and the change-log sequence of its snapshot.
  func page(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, now: Date)
    async throws -> FeedPage
  /// The same rows as `page` without the parts of posts that never change, read at once on the
  /// calling thread; nil when the backend cannot read without suspending (then the reader asks
  /// for `page`). Not for the inspire feed.
  func entries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int) throws
    -> FeedEntries?
  /// The same as `entries`, for a backend that must suspend to read (PostgreSQL); nil when
  /// the backend has no such read.
  func readEntries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int)
    async throws -> FeedEntries?
}

extension FeedStore {
  /// None: the backend reads entries at once (`entries`), or not at all.
  func readEntries(_ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int)
    async throws -> FeedEntries?
  {
    nil
  }
}
