import CollectionDiff
import LiveCollection
import Testing

@Suite struct LiveListHeldTests {
  /// A tab left open for hours: inserts above the reader pile up only to `heldLimit`; later
  /// ones are dropped, and showing the held ones asks for a reload that brings them all.
  @Test func heldInsertsAreBoundedAndShowingThemThenResyncs() {
    var feed = list([100, 101, 102], snapshot: 0)
    feed.heldLimit = 3
    feed.updateFirstVisibleIndex(1)
    for sequence in 1...5 {
      let changes = feed.apply(
        .insert(post(100 - sequence), sequence: sequence, previous: sequence - 1))
      #expect(changes.isEmpty)
    }
    #expect(feed.newItemCount == 3 && feed.ids == [100, 101, 102] && !feed.needsResync)
    let shown = feed.showNewItems()
    #expect(shown.inserts == [0, 1, 2] && feed.ids == [97, 98, 99, 100, 101, 102])
    #expect(feed.newItemCount == 0 && feed.needsResync)
    _ = feed.resync(
      firstPage: (95...102).map { post($0) }, nextCursor: 1020, snapshotSequence: 5)
    #expect(feed.ids == Array(95...102) && !feed.needsResync)
  }

  /// Under the limit, showing the held inserts needs no reload.
  @Test func heldInsertsUnderTheLimitShowWithoutAResync() {
    var feed = list([100, 101], snapshot: 0)
    feed.updateFirstVisibleIndex(1)
    _ = feed.apply(.insert(post(99), sequence: 1, previous: 0))
    _ = feed.apply(.delete(99, sequence: 2, previous: 1))
    _ = feed.apply(.insert(post(98), sequence: 3, previous: 2))
    #expect(feed.newItemCount == 1)
    #expect(feed.showNewItems().inserts == [0] && !feed.needsResync && feed.ids == [98, 100, 101])
  }

  /// Lists are values: a copy goes its own way, and the original does not see its changes.
  @Test func aCopiedListIsIndependent() {
    let original = list([1, 2, 3], snapshot: 0)
    var copy = original
    _ = copy.apply(.update(post(2, likes: 5), sequence: 1, previous: 0))
    _ = copy.apply(.delete(3, sequence: 2, previous: 1))
    var again = original
    _ = again.applyPage([post(3, likes: 1)], after: 30, nextCursor: nil, snapshotSequence: 0)
    #expect(copy.ids == [1, 2] && copy.items[1].likes == 5)
    #expect(original.ids == [1, 2, 3] && original.items.map(\.likes) == [0, 0, 0])
    #expect(again.items.map(\.likes) == [0, 0, 0] && again.isComplete)
  }

  /// Thousands of identities through the table: it grows, finds each one, and a resync forgets
  /// what the new first page does not hold.
  @Test func theTableHoldsThousandsAndResyncForgets() {
    var feed = LiveList<Post>()
    let many = (0..<5_000).map { post($0) }
    _ = feed.applyPage(many, after: nil, nextCursor: nil, snapshotSequence: 0)
    #expect(feed.ids == Array(0..<5_000))
    for id in stride(from: 0, to: 5_000, by: 7) {
      _ = feed.apply(.delete(id, sequence: id + 1, previous: feed.lastSequence!))
    }
    #expect(feed.ids == (0..<5_000).filter { $0 % 7 != 0 })
    _ = feed.apply(.reset(sequence: 10_000, previous: feed.lastSequence!))
    _ = feed.resync(firstPage: [post(7), post(8)], nextCursor: 80, snapshotSequence: 10_000)
    #expect(feed.ids == [8])  // 7 stays deleted
  }
}
