import CollectionDiff
import LiveCollection
import Testing

/// The LiveCollection example of the documentation, line for line, with its results asserted
/// (`scripts/docs` checks that every line of an article's code is here).
@Suite struct DocExamplesTests {
  // Article: Sources/LiveCollection/LiveCollection.docc/DiffingAndLiveLists.md
  @Test func liveFeed() {
    struct Post: LiveItem, Equatable {
      var id: Int
      var createdAt: Int
      var author: String
      var likes = 0
      var diffIdentifier: Int { id }
      var sortKey: Int { -createdAt }  // newest first: a newer post has a lower key
    }
    var feed = LiveList<Post>()
    let firstPage = feed.applyPage(
      [Post(id: 3, createdAt: 300, author: "ana"), Post(id: 2, createdAt: 200, author: "ben")],
      after: nil, nextCursor: -200, snapshotSequence: 41)
    // firstPage.inserts == [0, 1]; feed.lastSequence == 41: resume the stream after event 41
    #expect(firstPage.inserts == [0, 1] && feed.lastSequence == 41)

    let liked = feed.apply(
      .update(Post(id: 2, createdAt: 200, author: "ben", likes: 1), sequence: 42, previous: 41))
    // liked.reloads == [1] and liked.reconfigures == [1]: refresh post 2's cell
    #expect(liked.reloads == [1] && liked.reconfigures == [1])
    let posted = feed.apply(
      .insert(Post(id: 4, createdAt: 400, author: "ana"), sequence: 43, previous: 42))
    // posted.inserts == [0]: the new post on top
    #expect(posted.inserts == [0])
    let replayed = feed.apply(
      .insert(Post(id: 4, createdAt: 400, author: "ana"), sequence: 43, previous: 42))
    // replayed.isEmpty: a resumed stream may repeat event 43; it is ignored
    #expect(replayed.isEmpty)

    let nextPage = feed.applyPage(
      [Post(id: 1, createdAt: 100, author: "ben")], after: feed.nextCursor, nextCursor: nil,
      snapshotSequence: 43)
    // nextPage.inserts == [3]; feed.isComplete: there is no page after this one
    #expect(nextPage.inserts == [3] && feed.isComplete)

    let mine = feed.applyLocalChange(Post(id: 3, createdAt: 300, author: "ana", likes: 1))
    // mine.reconfigures == [1]: the user's like shows before the server confirms it
    #expect(mine.reconfigures == [1])
    let blocked = feed.apply(.hideAuthor("ben", sequence: 44, previous: 43))
    // blocked.deletes == [2, 3]: everything by ben disappears
    #expect(blocked.deletes == [2, 3])
    #expect(feed.items.map(\.id) == [4, 3])

    let gap = feed.apply(.delete(4, sequence: 46, previous: 45))
    // gap.isEmpty and feed.needsResync: event 45 was missed, so read the first page again
    #expect(gap.isEmpty && feed.needsResync)
    let reloaded = feed.resync(
      firstPage: [Post(id: 3, createdAt: 300, author: "ana", likes: 1)], nextCursor: nil,
      snapshotSequence: 47)
    // reloaded.deletes == [0]: post 4 is gone; the stream resumes after event 47
    #expect(reloaded.deletes == [0] && reloaded.inserts.isEmpty)
    #expect(!feed.needsResync && feed.lastSequence == 47)
    #expect(feed.items == [Post(id: 3, createdAt: 300, author: "ana", likes: 1)])
  }
}
