import CollectionDiff
import LiveCollection
import Testing

@Suite struct LiveListEventsTests {
  @Test func eventsAtOrBelowTheLastSequenceAreIgnored() {
    var feed = list([1, 2], snapshot: 3)
    #expect(feed.apply(.delete(1, sequence: 3, previous: 2)).isEmpty)
    #expect(feed.apply(.delete(1, sequence: 4, previous: 3)).deletes == [0])
    #expect(feed.apply(.insert(post(1), sequence: 4, previous: 3)).isEmpty)
    #expect(feed.ids == [2] && feed.lastSequence == 4)
  }

  @Test func aGapOrAResetNeedsResyncAndStopsApplying() {
    var gap = list([1, 2], snapshot: 3)
    _ = gap.apply(.delete(1, sequence: 5, previous: 4))
    #expect(gap.needsResync && gap.ids == [1, 2])
    #expect(gap.apply(.delete(1, sequence: 4, previous: 3)).isEmpty)
    var reset = list([1], snapshot: 0)
    _ = reset.apply(.reset(sequence: 1, previous: 0))
    #expect(reset.needsResync)
  }

  @Test func insertAboveTheFirstVisibleItemIsHeldWhileScrolledDown() {
    var feed = list([2, 3, 4], snapshot: 0)
    feed.updateFirstVisibleIndex(1)
    #expect(feed.apply(.insert(post(1), sequence: 1, previous: 0)).isEmpty)
    #expect(feed.newItemCount == 1 && feed.ids == [2, 3, 4])
    let below = feed.apply(.insert(Post(id: 9, key: 35), sequence: 2, previous: 1))
    #expect(below.inserts == [2])
    let shown = feed.showNewItems()
    #expect(shown.inserts == [0] && feed.newItemCount == 0)
    #expect(feed.ids == [1, 2, 3, 9, 4])
  }

  @Test func insertAtTheTopIsShownAtOnceWhenNotScrolled() {
    var feed = list([2, 3], snapshot: 0)
    feed.updateFirstVisibleIndex(0)
    #expect(feed.apply(.insert(post(1), sequence: 1, previous: 0)).inserts == [0])
    #expect(feed.newItemCount == 0)
  }

  @Test func updateReconfiguresInPlace() {
    var feed = list([1, 2], snapshot: 0)
    let changes = feed.apply(.update(post(2, likes: 1), sequence: 1, previous: 0))
    #expect(changes == Changeset(reloads: [1], reconfigures: [1]))
  }

  @Test func hidingAnAuthorRemovesTheirItemsAndFutureInserts() {
    var feed = LiveList<Post>()
    let page = [post(1, author: 7), post(2), post(3, author: 7)]
    _ = feed.applyPage(page, after: nil, nextCursor: nil, snapshotSequence: 0)
    let changes = feed.apply(.hideAuthor(7, sequence: 1, previous: 0))
    #expect(changes.deletes == [0, 2] && feed.ids == [2])
    _ = feed.apply(.insert(post(4, author: 7), sequence: 2, previous: 1))
    #expect(feed.ids == [2])
  }

  /// Two unblocks in a row: the first asks for a reload, whose page (read after both) has the
  /// second author's items too, and shows them although their `showAuthor` was never applied.
  @Test func aResyncForgetsBlocksThePageNoLongerHas() {
    var feed = LiveList<Post>()
    let page = [post(1, author: 7), post(2), post(3, author: 8)]
    _ = feed.applyPage(page, after: nil, nextCursor: nil, snapshotSequence: 0)
    _ = feed.apply(.hideAuthor(7, sequence: 1, previous: 0))
    _ = feed.apply(.hideAuthor(8, sequence: 2, previous: 1))
    #expect(feed.ids == [2])
    _ = feed.apply(.showAuthor(7, sequence: 3, previous: 2))
    #expect(feed.needsResync)
    let reloaded = feed.resync(firstPage: page, nextCursor: nil, snapshotSequence: 4)
    #expect(feed.ids == [1, 2, 3] && reloaded.inserts.count == 2)
    // Blocks after the reload's snapshot come as events again.
    _ = feed.apply(.hideAuthor(8, sequence: 5, previous: 4))
    #expect(feed.ids == [1, 2])
  }
}
