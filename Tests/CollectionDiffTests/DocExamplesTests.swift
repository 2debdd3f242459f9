import CollectionDiff
import Testing

/// The CollectionDiff example of the documentation, line for line, with its results asserted
/// (`scripts/docs` checks that every line of an article's code is here).
@Suite struct DocExamplesTests {
  // Article: Sources/LiveCollection/LiveCollection.docc/DiffingAndLiveLists.md
  @Test func diffingTwoLists() throws {
    struct Photo: Diffable, Equatable {
      var id: Int
      var likes = 0
      var diffIdentifier: Int { id }  // content: `==` (Equatable) compares the likes too
    }
    let old = [Photo(id: 1), Photo(id: 2), Photo(id: 3), Photo(id: 4)]
    let new = [Photo(id: 4, likes: 1), Photo(id: 1), Photo(id: 2), Photo(id: 5)]
    let changes = Changeset(from: old, to: new)
    // deletes [2]: photo 3; inserts [3]: photo 5; moves [Move(from: 3, to: 0)]: photo 4,
    // the one move (photos 1 and 2 keep their order); reconfigures [0]: photo 4's likes
    #expect(changes.deletes == [2] && changes.inserts == [3])
    #expect(changes.moves == [Move(from: 3, to: 0)] && changes.reconfigures == [0])
    let reloads = changes.reloads  // []: UIKit cannot reload a moved item in the same batch
    #expect(reloads.isEmpty)

    // A renderer that reloads rather than reconfigures applies the stages in turn.
    let stages = changes.stages
    // stages[0]: the deletes, inserts and moves; stages[1]: reloads [0], at the new position
    #expect(stages.count == 2)
    #expect(stages[0].moves == changes.moves && stages[0].reconfigures.isEmpty)
    #expect(stages[1] == Changeset(reloads: [0], reconfigures: [0]))
    // And UIKit would accept it: the same lists as the validator's items.
    func items(_ photos: [Photo]) -> [TestItem] {
      photos.map { TestItem(id: $0.id, version: $0.likes) }
    }
    try BatchUpdateValidator.check(changes, from: items(old), to: items(new))
  }
}
