import CollectionDiff
import LiveCollection

/// A LiveList feed tick: insert events arriving at the front of a long, fully loaded feed, each
/// applied and turned into a changeset on its own, as the stream delivers them.
enum LiveListBenchmarks {
  struct FeedPost: LiveItem, Equatable {
    var id: Int
    var sortKey: Int
    var author: Int { 0 }
    var diffIdentifier: Int { id }
  }

  static func run() {
    let count = 100_000
    var loaded = LiveList<FeedPost>()
    let page = (0..<count).map { FeedPost(id: $0, sortKey: $0) }
    _ = loaded.applyPage(page, after: nil, nextCursor: nil, snapshotSequence: 0)
    // Each run applies 1,000 insert events (1% of the feed) at the front, one changeset each.
    var list = loaded
    var sequence = 0
    let result = Harness.measureEach("LiveList: 1 insert event at the front of 100k", batch: 1000)
    {
      for _ in 0..<1000 {
        sequence += 1
        let post = FeedPost(id: -sequence, sortKey: -sequence)
        blackHole(list.apply(.insert(post, sequence: sequence, previous: sequence - 1)))
      }
    }
    Harness.report(result)
  }
}
