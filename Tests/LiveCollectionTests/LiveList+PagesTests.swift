import CollectionDiff
import LiveCollection
import Testing

@Suite struct LiveListPagesTests {
  @Test func overlappingPagesNeverDuplicate() {
    var feed = list([1, 2, 3])
    let changes = feed.applyPage(
      [post(3), post(4)], after: 30, nextCursor: nil, snapshotSequence: 0)
    #expect(feed.ids == [1, 2, 3, 4])
    #expect(changes.inserts == [3])
    #expect(feed.isComplete)
  }

  @Test func pageNeverResurrectsAnItemDeletedAfterItWasRead() {
    var feed = list([1, 2], snapshot: 5)
    _ = feed.apply(.delete(3, sequence: 6, previous: 5))
    _ = feed.applyPage([post(3), post(4)], after: 20, nextCursor: nil, snapshotSequence: 5)
    #expect(feed.ids == [1, 2, 4])
  }

  @Test func pageKeepsTheNewerVersionFromAnEvent() {
    var feed = list([1], snapshot: 5)
    _ = feed.apply(.update(post(2, likes: 7), sequence: 6, previous: 5))
    #expect(feed.ids == [1])  // past the loaded range: kept aside for paging
    _ = feed.applyPage([post(2, likes: 3)], after: 10, nextCursor: nil, snapshotSequence: 5)
    #expect(feed.items.map(\.likes) == [0, 7])
  }

  @Test func insertPastTheCursorWaitsForItsPage() {
    var feed = list([1, 2], snapshot: 0)
    let changes = feed.apply(.insert(post(5), sequence: 1, previous: 0))
    #expect(changes.isEmpty && feed.ids == [1, 2])
    _ = feed.applyPage([post(3)], after: 20, nextCursor: nil, snapshotSequence: 0)
    #expect(feed.ids == [1, 2, 3, 5])
  }

  @Test func pagesFromALeftStateAreIgnored() {
    var feed = list([1, 2], snapshot: 4)
    let wrongCursor = feed.applyPage([post(9)], after: 90, nextCursor: nil, snapshotSequence: 4)
    let olderThanFirst = feed.applyPage([post(3)], after: 20, nextCursor: nil, snapshotSequence: 3)
    #expect(wrongCursor.isEmpty && olderThanFirst.isEmpty)
    #expect(feed.ids == [1, 2] && !feed.isComplete)
  }

  @Test func resyncStartsOverFromTheFirstPage() {
    var feed = list([1, 2, 3], snapshot: 0)
    _ = feed.apply(.insert(post(0), sequence: 2, previous: 1))
    #expect(feed.needsResync)
    let changes = feed.resync(firstPage: [post(0), post(2)], nextCursor: 20, snapshotSequence: 9)
    #expect(feed.ids == [0, 2] && !feed.needsResync && feed.lastSequence == 9)
    #expect(changes.inserts == [0] && changes.deletes == [0, 2])
  }
}
