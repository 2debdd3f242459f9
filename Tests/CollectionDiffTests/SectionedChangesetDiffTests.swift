import CollectionDiff
import PropertyTesting
import Testing

@Suite struct SectionedChangesetDiffTests {
  @Test func itemMovesAcrossSurvivingSections() throws {
    let old = [TestSection(id: 1, items: [1, 2].items), TestSection(id: 2, items: [3].items)]
    let new = [TestSection(id: 1, items: [2].items), TestSection(id: 2, items: [1, 3].items)]
    let changeset = SectionedChangeset(from: old, to: new)
    #expect(changeset.sections.isEmpty)
    let move = Move(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    #expect(changeset.items.moves == [move])
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func itemsLeavingADeletedSectionAreInserted() throws {
    let old = [TestSection(id: 1, items: [1, 2].items), TestSection(id: 2, items: [3].items)]
    let new = [TestSection(id: 2, items: [3, 1].items)]
    let changeset = SectionedChangeset(from: old, to: new)
    #expect(changeset.sections.deletes == [0])
    #expect(changeset.items.inserts == [ItemPath(section: 0, item: 1)])
    #expect(changeset.items.moves.isEmpty)
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func changedItemInAMovedSectionIsStaged() throws {
    let old = [TestSection(id: 1, items: [1].items), TestSection(id: 2, items: [2].items)]
    let new = [
      TestSection(id: 2, header: 1, items: [TestItem(id: 2, version: 1)]),
      TestSection(id: 1, items: [1].items),
    ]
    let changeset = SectionedChangeset(from: old, to: new)
    #expect(changeset.sections.moves.count == 1 && changeset.sections.reconfigures == [0])
    #expect(changeset.items.reloads.isEmpty)
    #expect(changeset.stages.count == 2)
    try BatchUpdateValidator.check(changeset, from: old, to: new)
  }

  @Test func randomSectionedPairsAreValid() throws {
    let failure = PropertyCases.firstFailure(3_000, base: 1) { rng, _ in
      let (old, new) = Self.pair(&rng)
      let changeset = SectionedChangeset(from: old, to: new)
      do {
        try BatchUpdateValidator.check(changeset, from: old, to: new)
      } catch {
        return "\(error)\nold \(old)\nnew \(new)"
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// Sections with random items from one pool (so items move across sections and repeat),
  /// then sections and items edited.
  static func pair(_ rng: inout SplitMix64) -> (old: [TestSection], new: [TestSection]) {
    let pool = Int.random(in: 1...60, using: &rng)
    func sections(_ ids: [Int]) -> [TestSection] {
      ids.map { id in
        let count = Int.random(in: 0...8, using: &rng)
        let items = (0..<count).map { _ in
          TestItem(
            id: Int.random(in: 0..<pool, using: &rng), version: Int.random(in: 0...1, using: &rng))
        }
        return TestSection(id: id, header: Int.random(in: 0...1, using: &rng), items: items)
      }
    }
    let old = sections(Array(0..<Int.random(in: 0...6, using: &rng)))
    var ids = old.map(\.id).shuffled(using: &rng)
    ids =
      ids.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
      + [10, 11].prefix(
        Int.random(in: 0...2, using: &rng))
    let new = sections(ids.shuffled(using: &rng))
    return (old, new)
  }
}
