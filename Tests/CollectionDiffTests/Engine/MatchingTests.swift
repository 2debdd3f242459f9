import CollectionDiff
import PropertyTesting
import Testing

/// The matching engine's two less travelled paths: hash partitions (large middles) and the
/// exact re-match after a tag collision.
@Suite struct MatchingTests {
  /// An identity whose hash is always the same, so every tag collides.
  struct Colliding: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  struct CollidingItem: Diffable, Equatable {
    var id: Colliding
    var version = 0
    var diffIdentifier: Colliding { id }
  }

  @Test(arguments: [20_000, 70_000])
  func largeMiddlesArePartitionedAndStayValid(count: Int) throws {
    var rng = SplitMix64(seed: UInt64(count))
    var old = Array(0..<count).items
    old[count / 2] = old[count / 3]  // a repeated identity across partitions' input order
    let new = RandomPairs.edit(old.shuffled(using: &rng).prefix(count / 10) + old, &rng)
    let changeset = Changeset(from: old, to: new)
    try BatchUpdateValidator.check(changeset, from: old, to: new)
    let expected = ExpectedDiff(old: old, new: new)
    #expect(changeset.moves.count == expected.moves)
    #expect(
      changeset.duplicates == Duplicates(old: expected.oldDuplicates, new: expected.newDuplicates))
  }

  @Test func collidingTagsFallBackToComparingIdentities() {
    let ids = (0..<300).map { Colliding(value: $0) }
    let old = ids.map { CollidingItem(id: $0) }
    var new = Array(old.reversed().dropFirst(7))
    new.insert(CollidingItem(id: Colliding(value: 999)), at: 10)
    new[20].version = 1
    let changeset = Changeset(from: old, to: new)
    #expect(changeset.deletes == Array(293..<300))
    #expect(changeset.inserts == [10])
    #expect(changeset.moves.count == 292)  // 293 survivors in reverse order: one stays
    #expect(changeset.reconfigures == [20])
  }
}
