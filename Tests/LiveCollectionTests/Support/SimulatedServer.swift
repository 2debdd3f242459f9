import LiveCollection
import PropertyTesting

/// The server's truth for one user: posts, the user's blocked authors, and the event log, with
/// consistent pages read at the current sequence number, and the user's stream: the log
/// filtered as the real server filters it (nothing about blocked authors' posts), so its
/// sequence numbers have gaps by design, each event naming the one before it.
struct SimulatedServer {
  /// The author the simulated user posts as; never blocked.
  static let me = 99

  var posts: [Int: Post] = [:]
  var blocked = Set<Int>()
  /// Every change in sequence order (sequence = index + 1), with the author of the post it
  /// concerns (nil for the user's own block and for resets).
  var log: [(change: LiveEvent<Post>.Change, author: Int?)] = []
  var nextID = 1
  private var newestKey = 0
  private var usedKeys = Set<Int>()

  var sequence: Int { log.count }

  init(initialPosts: Int, _ rng: inout SplitMix64) {
    for _ in 0..<initialPosts {
      let post = newPost(author: Int.random(in: 0..<6, using: &rng), &rng)
      posts[post.id] = post
    }
  }

  /// The posts the user should see, in order.
  var truth: [Post] {
    posts.values.filter { !blocked.contains($0.author) }.sorted { $0.key < $1.key }
  }

  /// A new post: usually the newest, sometimes backdated between older posts.
  mutating func newPost(author: Int, _ rng: inout SplitMix64) -> Post {
    defer { nextID += 1 }
    newestKey -= Int.random(in: 1...3, using: &rng) * 1_000_000
    var key = newestKey
    if Int.random(in: 0..<5, using: &rng) == 0, let old = usedKeys.randomElement(using: &rng) {
      key = old + Int.random(in: 1..<1_000_000, using: &rng)
    }
    if !usedKeys.insert(key).inserted { key = newestKey }
    usedKeys.insert(key)
    return Post(id: nextID, key: key, author: author)
  }

  mutating func publish(_ change: LiveEvent<Post>.Change, author: Int?) {
    log.append((change, author))
  }

  /// One random change by other users (or the operator).
  mutating func mutate(_ rng: inout SplitMix64) {
    let roll = Int.random(in: 0..<100, using: &rng)
    let existing = posts.keys.randomElement(using: &rng)
    switch roll {
    case 0..<40:
      let post = newPost(author: Int.random(in: 0..<6, using: &rng), &rng)
      posts[post.id] = post
      publish(.insert(post), author: post.author)
    case 40..<70 where existing != nil:
      posts[existing!]!.likes += 1
      let post = posts[existing!]!
      publish(.update(post), author: post.author)
    case 70..<90 where existing != nil:
      let author = posts[existing!]!.author
      posts[existing!] = nil
      publish(.delete(existing!), author: author)
    case 90..<92:
      let author = Int.random(in: 0..<6, using: &rng)
      blocked.insert(author)
      publish(.hideAuthor(author), author: nil)
    case 92:
      publish(.reset, author: nil)
    default: break
    }
  }

  /// A page of at most `limit` visible posts after `cursor`, read now.
  func page(after cursor: Int?, limit: Int) -> (items: [Post], next: Int?, snapshot: Int) {
    let rest = truth.filter { post in cursor.map { post.key > $0 } ?? true }
    let items = Array(rest.prefix(limit))
    return (items, rest.count > limit ? items.last?.key : nil, sequence)
  }

  /// The user's stream from log position `cursor` on, the first event naming `previous`:
  /// changes about blocked authors' posts are left out. Returns the events, the log position
  /// reached, and the sequence of the last event sent (`previous` when none was).
  func stream(after cursor: Int, previous: Int) -> (
    events: [LiveEvent<Post>], cursor: Int, last: Int
  ) {
    var events: [LiveEvent<Post>] = []
    var last = previous
    for index in min(max(cursor, 0), log.count)..<log.count {
      let entry = log[index]
      if let author = entry.author, blocked.contains(author) { continue }
      events.append(LiveEvent(entry.change, sequence: index + 1, previous: last))
      last = index + 1
    }
    return (events, log.count, last)
  }
}
