import Foundation
import LotsCore

/// What search needs from storage. Posts are indexed when they are made (their folded
/// caption, restaurant and area: ``SearchQuery/document(caption:restaurant:area:)``) and leave
/// the index with the post.
protocol SearchStore: Sendable {
  /// A page of the posts matching every word as a prefix, newest first, as the viewer may see
  /// them; the cursor is the last post's id.
  func searchPosts(_ query: SearchQuery, viewerID: Int64?, before: Int64?, limit: Int)
    async throws -> FeedPage
  /// People whose names start with the query's words run together, but not those the viewer
  /// blocks; at most `limit`.
  func searchPeople(_ query: SearchQuery, viewerID: Int64?, limit: Int) async throws -> [User]
}
