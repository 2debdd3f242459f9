import LiveCollection
import PropertyTesting

/// The server's truth for one user: posts, the user's blocked authors, and the event log, with
/// consistent pages read at the current sequence number.
struct SimulatedServer {
  /// The author the simulated user posts as; never blocked.
  static let me = 99

  var posts: [Int: Post] = [:]
  var blocked = Set<Int>()
  var log: [LiveEvent<Post>] = []
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

  mutating func publish(_ event: (Int) -> LiveEvent<Post>) {
    log.append(event(log.count + 1))
  }

  /// One random change by other users (or the operator).
  mutating func mutate(_ rng: inout SplitMix64) {
    let roll = Int.random(in: 0..<100, using: &rng)
    let existing = posts.keys.randomElement(using: &rng)
    switch roll {
    case 0..<40:
      let post = newPost(author: Int.random(in: 0..<6, using: &rng), &rng)
      posts[post.id] = post
      publish { .insert(post, sequence: $0) }
    case 40..<70 where existing != nil:
      posts[existing!]!.likes += 1
      let post = posts[existing!]!
      publish { .update(post, sequence: $0) }
    case 70..<90 where existing != nil:
      posts[existing!] = nil
      publish { .delete(existing!, sequence: $0) }
    case 90..<92:
      let author = Int.random(in: 0..<6, using: &rng)
      blocked.insert(author)
      publish { .hideAuthor(author, sequence: $0) }
    case 92:
      publish { .reset(sequence: $0) }
    default: break
    }
  }

  /// A page of at most `limit` visible posts after `cursor`, read now.
  func page(after cursor: Int?, limit: Int) -> (items: [Post], next: Int?, snapshot: Int) {
    let rest = truth.filter { post in cursor.map { post.key > $0 } ?? true }
    let items = Array(rest.prefix(limit))
    return (items, rest.count > limit ? items.last?.key : nil, sequence)
  }

  /// The events after `sequence`, as a resumed stream replays them.
  func events(after sequence: Int) -> [LiveEvent<Post>] {
    Array(log[min(max(sequence, 0), log.count)...])
  }
}
