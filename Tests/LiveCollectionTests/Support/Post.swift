import CollectionDiff
import LiveCollection

/// A feed post: newest first, so a newer post has a lower key.
struct Post: LiveItem, Hashable, CustomStringConvertible {
  var id: Int
  var key: Int
  var author: Int = 0
  var likes = 0

  var diffIdentifier: Int { id }
  var sortKey: Int { key }
  var description: String { "#\(id)@\(key)a\(author)l\(likes)" }
}

extension LiveList where Item == Post {
  var ids: [Int] { items.map(\.id) }
}

/// Post `id` at key `id * 10`, so that tests read in id order.
func post(_ id: Int, author: Int = 0, likes: Int = 0) -> Post {
  Post(id: id, key: id * 10, author: author, likes: likes)
}

/// A list holding the first page `ids` (next cursor after the last, unless `complete`), read at
/// `snapshot`.
func list(_ ids: [Int], snapshot: Int = 0, complete: Bool = false) -> LiveList<Post> {
  var list = LiveList<Post>()
  _ = list.applyPage(
    ids.map { post($0) }, after: nil, nextCursor: complete ? nil : ids.last.map { $0 * 10 },
    snapshotSequence: snapshot)
  return list
}
