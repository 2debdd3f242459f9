extension SectionedChangeset {
  /// Computes the changeset that turns the sections `old` into `new`, with the fewest moves.
  ///
  /// Sections are diffed by identity like a flat collection. Items are matched by identity across
  /// all sections at once, so an item can move from one surviving section to another. Within a
  /// surviving section, a longest run of items that came from the same section and kept their
  /// order stays; every other matched item is one move. The duplicate policy of ``Duplicates``
  /// applies to sections and to items (the first occurrence across all sections wins).
  ///
  /// - Complexity: O(*n* + *m*) expected time for *n* old and *m* new items and sections, plus
  ///   O(*k* log *k*) for the moves among the *k* matched items.
  @inlinable
  public init<Section: DiffableSection>(from old: [Section], to new: [Section]) {
    self.init()
    let sectionMatching = Matching(old: old, new: new)
    sections = Changeset(matching: sectionMatching, old: old, new: new)
    sections.reloads = []
    let oldFlat = FlatItems(old)
    let newFlat = FlatItems(new)
    let matching = Matching(old: oldFlat.items, new: newFlat.items)
    items.duplicates = Duplicates(
      old: matching.oldDuplicates.map { oldFlat.position(of: $0) },
      new: matching.newDuplicates.map { newFlat.position(of: $0) })
    var movedSections = Set<Int>()
    for move in sections.moves { movedSections.insert(move.to) }

    for (s, section) in old.enumerated() where sectionMatching.newIndex(forOld: s) != nil {
      for i in 0..<section.items.count {
        let flat = oldFlat.starts[s] + i
        let survives = matching.newIndex(forOld: flat).map {
          sectionMatching.oldIndex(forNew: newFlat.position(of: $0).section) != nil
        }
        if survives != true { items.deletes.append(ItemPath(section: s, item: i)) }
      }
    }
    for t in 0..<new.count {
      guard let s = sectionMatching.oldIndex(forNew: t) else { continue }
      diffItems(
        inNewSection: t, oldSection: s, sectionMoved: movedSections.contains(t),
        context: ItemContext(
          matching: matching, sectionMatching: sectionMatching, oldFlat: oldFlat,
          newFlat: newFlat))
    }
  }

  /// Emits the inserts, moves and content changes of the items of one surviving section.
  @inlinable
  mutating func diffItems<Item: Diffable>(
    inNewSection t: Int, oldSection s: Int, sectionMoved: Bool, context: ItemContext<Item>
  ) {
    let start = context.newFlat.starts[t]
    let count = context.newFlat.starts[t + 1] - start
    // The old position of each item, or nil for an insert, and the order of those that come
    // from this same section, whose longest increasing run stays.
    var sources: [ItemPath?] = []
    var sameSection: [Int32] = []
    for j in 0..<count {
      var source: ItemPath? = nil
      if let flat = context.matching.oldIndex(forNew: start + j) {
        let position = context.oldFlat.position(of: flat)
        if context.sectionMatching.newIndex(forOld: position.section) != nil {
          source = position
          if position.section == s { sameSection.append(Int32(position.item)) }
        }
      }
      sources.append(source)
    }
    let stays = longestIncreasingSubsequence(sameSection)
    var run = 0
    for j in 0..<count {
      let to = ItemPath(section: t, item: j)
      guard let from = sources[j] else {
        items.inserts.append(to)
        continue
      }
      var stay = false
      if from.section == s {
        stay = stays[run]
        run += 1
      }
      if !stay { items.moves.append(Move(from: from, to: to)) }
      let oldItem = context.oldFlat.items[context.oldFlat.starts[from.section] + from.item]
      if !oldItem.isContentEqual(to: context.newFlat.items[start + j]) {
        items.reconfigures.append(to)
        if stay && !sectionMoved { items.reloads.append(from) }
      }
    }
  }
}

/// What the per-section item diff needs to know about the whole diff.
@usableFromInline
struct ItemContext<Item: Diffable> {
  @usableFromInline var matching: Matching
  @usableFromInline var sectionMatching: Matching
  @usableFromInline var oldFlat: FlatItems<Item>
  @usableFromInline var newFlat: FlatItems<Item>

  @inlinable
  init(
    matching: Matching, sectionMatching: Matching, oldFlat: FlatItems<Item>,
    newFlat: FlatItems<Item>
  ) {
    self.matching = matching
    self.sectionMatching = sectionMatching
    self.oldFlat = oldFlat
    self.newFlat = newFlat
  }
}
