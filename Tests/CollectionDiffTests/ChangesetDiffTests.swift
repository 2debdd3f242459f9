import CollectionDiff
import PropertyTesting
import Testing

@Suite struct ChangesetDiffTests {
  @Test func oneMovedItemOfAThousandIsOneMove() throws {
    let old = Array(0..<1000).items
    var new = old
    new.insert(new.remove(at: 10), at: 900)
    let changeset = Changeset(from: old, to: new)
    #expect(changeset.moves == [Move(from: 10, to: 900)])
    #expect(changeset.deletes.isEmpty && changeset.inserts.isEmpty)
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func reversedListKeepsOneAndMovesTheRest() throws {
    let old = [1, 2, 3, 4, 5].items
    let new = Array(old.reversed())
    let changeset = Changeset(from: old, to: new)
    #expect(changeset.moves.count == 4)
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func contentChangeInPlaceIsReloadAndReconfigure() throws {
    let old = [1, 2, 3].items
    var new = [0, 1, 2, 3].items
    new[3].version = 1
    let changeset = Changeset(from: old, to: new)
    #expect(changeset == Changeset(inserts: [0], reloads: [2], reconfigures: [3]))
    #expect(changeset.stages == [changeset])
  }

  @Test func changedMovedItemIsStagedInASecondBatch() throws {
    let old = [1, 2, 3].items
    let new = [TestItem(id: 3, version: 1), TestItem(id: 1), TestItem(id: 2)]
    let changeset = Changeset(from: old, to: new)
    #expect(changeset.moves == [Move(from: 2, to: 0)])
    #expect(changeset.reloads.isEmpty && changeset.reconfigures == [0])
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[1] == Changeset(reloads: [0], reconfigures: [0]))
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func repeatedIdentitiesAreReportedNotFatal() throws {
    let old = [7, 1, 1, 2].items
    let new = [2, 1, 5, 1, 1].items
    let changeset = Changeset(from: old, to: new)
    #expect(changeset.duplicates == Duplicates(old: [2], new: [3, 4]))
    #expect(changeset.deletes == [0, 2])
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test(arguments: [0, 1, 2, 3, 19, 20, 21])
  func edgeCounts(count: Int) throws {
    var rng = SplitMix64(seed: UInt64(count))
    let old = Array(0..<count).items
    let shapes: [[TestItem]] = [
      [], old, Array(old.reversed()), Array(count..<(2 * count)).items,
      old.map { TestItem(id: $0.id, version: 1) }, RandomPairs.edit(old, &rng),
      old.shuffled(using: &rng),
    ]
    for new in shapes {
      for (from, to) in [(old, new), (new, old)] {
        let changeset = Changeset(from: from, to: to)
        try BatchUpdateValidator.check(changeset, from: from, to: to)
        #expect(changeset.isEmpty == (from == to))
      }
    }
  }

  @Test func tenThousandRandomPairsAreValidAndMinimal() throws {
    let failure = PropertyCases.firstFailure(10_000, base: 1) { rng, _ in
      let (old, new) = RandomPairs.pair(&rng)
      let changeset = Changeset(from: old, to: new)
      let expected = ExpectedDiff(old: old, new: new)
      do {
        try BatchUpdateValidator.check(changeset, from: old, to: new)
      } catch {
        return "\(error)\nold \(old)\nnew \(new)"
      }
      let counts = [changeset.deletes.count, changeset.inserts.count, changeset.moves.count]
      guard counts == [expected.deletes, expected.inserts, expected.moves],
        changeset.duplicates
          == Duplicates(old: expected.oldDuplicates, new: expected.newDuplicates)
      else { return "counts \(counts), expected \(expected)" }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }
}
