import CollectionDiff
import LiveCollection
import Testing

@Suite struct LiveListLocalTests {
  @Test func localLikeShowsAtOnceAndRollsBack() {
    var feed = list([1, 2], snapshot: 0)
    #expect(feed.applyLocalChange(post(2, likes: 1)).reconfigures == [1])
    #expect(feed.items[1].likes == 1)
    #expect(feed.discardLocalChange(of: 2).reconfigures == [1])
    #expect(feed.items[1].likes == 0)
  }

  @Test func serverEventReplacesALocalChange() {
    var feed = list([1, 2], snapshot: 0)
    _ = feed.applyLocalChange(post(2, likes: 1))
    _ = feed.apply(.update(post(2, likes: 5), sequence: 1, previous: 0))
    #expect(feed.items[1].likes == 5)
    _ = feed.discardLocalChange(of: 2)
    #expect(feed.items[1].likes == 5)
  }

  @Test func confirmedLocalPostSurvivesALostEventUntilAResyncCoversIt() {
    var feed = list([2, 3], snapshot: 0)
    feed.updateFirstVisibleIndex(1)
    #expect(feed.applyLocalChange(post(1, author: 99)).inserts == [0])
    _ = feed.confirmLocalChange(of: 1, sequence: 2)
    _ = feed.apply(.insert(post(0), sequence: 3, previous: 2))  // sequence 1 and 2 lost: a gap
    #expect(feed.needsResync && feed.ids == [1, 2, 3])
    _ = feed.resync(firstPage: [post(2), post(3)], nextCursor: nil, snapshotSequence: 1)
    #expect(feed.ids == [1, 2, 3])  // not yet covered by the snapshot: still local
    _ = feed.resync(firstPage: [post(2), post(3)], nextCursor: nil, snapshotSequence: 2)
    #expect(feed.ids == [2, 3])  // covered, and the server no longer has it
  }

  @Test func ownPostConfirmedByItsEventIsNotHeld() {
    var feed = list([2, 3], snapshot: 0)
    feed.updateFirstVisibleIndex(1)
    _ = feed.applyLocalChange(post(1, author: 99))
    #expect(feed.apply(.insert(post(1, author: 99), sequence: 1, previous: 0)).isEmpty)
    #expect(feed.ids == [1, 2, 3] && feed.newItemCount == 0)
  }
}
