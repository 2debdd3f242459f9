import LotsCore
import Synchronization

/// Rendered posts by id, so that a feed page reads only ids and counts from the database.
///
/// Entries never go stale: a post's rendered parts never change, and post ids are never reused
/// (AUTOINCREMENT), so a deleted post's entry is only never asked for again. Once `capacity`
/// posts are held, each new one replaces an arbitrary old one.
final class PostJSONCache: Sendable {
  private let rendered = Mutex<[Int64: PostJSON]>([:])
  private let capacity: Int

  init(capacity: Int = 10_000) {
    precondition(capacity > 0, "a cache holds at least one post")
    self.capacity = capacity
  }

  /// The rendered posts of `page`, in its order; nil unless every one is held.
  /// - Complexity: O(n) for n entries, under one lock.
  func posts(of page: FeedEntries) -> [PostJSON]? {
    rendered.withLock { posts in
      var found: [PostJSON] = []
      found.reserveCapacity(page.entries.count)
      for entry in page.entries {
        guard let post = posts[entry.id] else { return nil }
        found.append(post)
      }
      return found
    }
  }

  /// Renders and keeps those of `items` not held yet.
  /// - Complexity: O(n) lookups, then the missing posts rendered outside the lock and inserted
  ///   under it.
  func store(_ items: [Post]) {
    let missing = rendered.withLock { posts in items.filter { posts[$0.id] == nil } }
    let new = missing.map { ($0.id, PostJSON($0)) }
    rendered.withLock { posts in
      for (id, post) in new where posts[id] == nil {
        if posts.count >= capacity { posts.remove(at: posts.startIndex) }
        posts[id] = post
      }
    }
  }

  /// How many posts are held.
  var count: Int { rendered.withLock { $0.count } }
}
