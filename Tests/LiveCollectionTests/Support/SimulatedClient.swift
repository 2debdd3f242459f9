import CollectionDiff
import LiveCollection
import PropertyTesting

/// A client that drives a ``LiveList`` from a ``SimulatedServer`` over a flaky stream (drops,
/// duplicates, reordering, reconnects with resume), with pages that arrive late and optimistic
/// likes and posts; it checks every step's changeset on the way.
struct SimulatedClient {
  /// A request in flight: a page, or the outcome of a local change.
  enum Pending {
    /// A page, and the user's block list read with it (the app loads it with the first page).
    case page(after: Int?, items: [Post], next: Int?, snapshot: Int, blocked: Set<Int>)
    case like(Post)
    case post(Post)
  }

  var list = LiveList<Post>()
  var stream: [LiveEvent<Post>] = []
  /// The open stream's position in the server's log and the last sequence it sent; nil while
  /// disconnected.
  var session: (cursor: Int, last: Int)?
  /// How often the list asked to resync.
  var resyncs = 0

  var connected: Bool { session != nil }
  var inFlight: [(due: Int, request: Pending)] = []
  var pageRequested = false
  var failures: [String] = []

  /// Applies one step and checks that its changeset turns the old list into the new.
  mutating func check(_ name: String, _ body: (inout LiveList<Post>) -> Changeset<Int>) {
    let before = list.items
    let changeset = body(&list)
    if let problem = ChangesetReplay.problem(changeset, from: before, to: list.items) {
      failures.append("\(name): \(problem): \(changeset) from \(before) to \(list.items)")
    }
    let keys = list.items.map(\.key)
    if zip(keys, keys.dropFirst()).contains(where: { $0 >= $1 }) {
      failures.append("\(name): items out of order \(list.items)")
    }
  }

  /// Reconnects the stream, resuming after the last applied event.
  mutating func reconnect(_ server: SimulatedServer) {
    guard let last = list.lastSequence else { return }
    stream = []
    session = (last, last)
    pull(server)
  }

  /// Queues what the open stream sends of the server's new changes.
  mutating func pull(_ server: SimulatedServer) {
    guard let open = session else { return }
    let sent = server.stream(after: open.cursor, previous: open.last)
    stream += sent.events
    session = (sent.cursor, sent.last)
  }

  /// Reloads the first page and the user's block list, then resumes the stream.
  mutating func resync(_ server: SimulatedServer) {
    resyncs += 1
    let page = server.page(after: nil, limit: 8)
    check("resync") {
      $0.resync(firstPage: page.items, nextCursor: page.next, snapshotSequence: page.snapshot)
    }
    for author in server.blocked { check("block list") { $0.hideAuthor(author) } }
    inFlight.removeAll { if case .page = $0.request { true } else { false } }
    pageRequested = false
    reconnect(server)
  }

  /// Delivers up to a few events, some dropped, repeated or swapped.
  mutating func deliver(_ rng: inout SplitMix64) {
    for _ in 0..<Int.random(in: 0...4, using: &rng) where !stream.isEmpty {
      let roll = Int.random(in: 0..<100, using: &rng)
      if roll < 2 {
        stream.removeFirst()
        continue
      }
      if roll < 5 && stream.count > 1 { stream.swapAt(0, 1) }
      let event = roll < 8 ? stream[0] : stream.removeFirst()
      check("event \(event.sequence)") { $0.apply(event) }
    }
  }
}
