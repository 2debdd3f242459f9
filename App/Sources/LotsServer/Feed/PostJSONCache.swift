import LotsCore
import Synchronization

/// Rendered posts by id, so that a feed page reads only ids and counts from the database.
///
/// A held post is used only for the edit a page names (``FeedEntries/Entry/version``): an
/// edited post is a miss until its new rendering replaces the old. Post ids are never reused
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
        guard let post = posts[entry.id], post.version == entry.version else { return nil }
        found.append(post)
      }
      return found
    }
  }

  /// Renders and keeps those of `items` not held yet, or held at an older edit.
  /// - Complexity: O(n) lookups, then the missing posts rendered outside the lock and inserted
  ///   under it.
  func store(_ items: [Post]) {
    let missing = rendered.withLock { posts in
      items.filter { (posts[$0.id]?.version ?? -1) < PostJSON.version($0.editedAt) }
    }
    let new = missing.map { ($0.id, PostJSON($0)) }
    rendered.withLock { posts in
      for (id, post) in new where (posts[id]?.version ?? -1) < post.version {
        if posts[id] == nil, posts.count >= capacity { posts.remove(at: posts.startIndex) }
        posts[id] = post
      }
    }
  }

  /// How many posts are held.
  var count: Int { rendered.withLock { $0.count } }
}
