import Foundation
import LotsCore
import NIOCore

/// Reads feed pages as JSON: the one place that decides how. The main, user and likes feeds
/// read only ids and counts when every post of the page was rendered before (a profile of the
/// main feed under load put half of a page's time in reading, decoding and writing the parts
/// of posts that never change); otherwise, and for the ranked inspire feed, whole posts, which
/// are then kept rendered.
struct FeedReader: Sendable {
  let store: any FeedStore
  let renderedPosts: PostJSONCache

  /// The JSON of one page of `feed` as `viewerID` sees it.
  func page(
    _ feed: FeedQuery, viewerID: Int64?, cursor: FeedCursor?, limit: Int, now: Date
  ) async throws -> ByteBuffer {
    if feed != .inspire {
      var entries = try store.entries(feed, viewerID: viewerID, cursor: cursor, limit: limit)
      if entries == nil {
        entries = try await store.readEntries(
          feed, viewerID: viewerID, cursor: cursor, limit: limit)
      }
      if let entries, let posts = renderedPosts.posts(of: entries) {
        return JSONWriter.buffer { $0.write(entries, posts) }
      }
    }
    let page = try await store.page(
      feed, viewerID: viewerID, cursor: cursor, limit: limit, now: now)
    renderedPosts.store(page.items)
    return JSONWriter.buffer { $0.write(page) }
  }
}
