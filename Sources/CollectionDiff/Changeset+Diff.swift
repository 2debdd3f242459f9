extension Changeset where Index == Int {
  /// Computes the changeset that turns `old` into `new`, with the fewest moves.
  ///
  /// Elements are matched by ``Diffable/diffIdentifier`` (Heckel's algorithm: a common prefix
  /// and suffix by position, the rest through a flat hash table). Unmatched old elements are
  /// deleted, unmatched new ones inserted. Of the matched elements, a longest subsequence that
  /// keeps its relative order stays; every other one is exactly one move, so moving one element
  /// of a thousand reports one move. Matched elements whose content differs
  /// (``Diffable/isContentEqual(to:)``) are listed in `reconfigures`, and in `reloads` when they
  /// did not move (see ``stages``). A repeated identity is handled as described in
  /// ``Duplicates``.
  ///
  /// - Parameters:
  ///   - old: The collection as the renderer shows it now.
  ///   - new: The collection it should show.
  /// - Complexity: O(*n* + *m*) expected time for *n* old and *m* new elements, plus
  ///   O(*k* log *k*) for the moves among the *k* matched elements of the changed middle (O(*k*)
  ///   when they keep their order). Temporary memory is under 64 bytes per element of the changed
  ///   middle (about 50 for typical edits), none for the common prefix and suffix.
  @inlinable
  public init<Element: Diffable>(from old: [Element], to new: [Element]) {
    self.init(matching: Matching(old: old, new: new), old: old, new: new)
  }

  @inlinable
  init<Element: Diffable>(matching: Matching, old: [Element], new: [Element]) {
    self.init()
    let base = matching.prefix
    for i in 0..<base where !old[i].isContentEqual(to: new[i]) {
      reloads.append(i)
      reconfigures.append(i)
    }
    for (i, j) in matching.oldToNew.enumerated() where j < 0 { deletes.append(base + i) }
    var survivors: [Int32] = []
    survivors.reserveCapacity(matching.newToOld.count)
    for (j, i) in matching.newToOld.enumerated() {
      if i < 0 { inserts.append(base + j) } else { survivors.append(i) }
    }
    let stays = longestIncreasingSubsequence(survivors)
    var survivor = 0
    for (j, i) in matching.newToOld.enumerated() where i >= 0 {
      let from = base + Int(i)
      let stay = stays[survivor]
      survivor += 1
      if !stay { moves.append(Move(from: from, to: base + j)) }
      if !old[from].isContentEqual(to: new[base + j]) {
        reconfigures.append(base + j)
        if stay { reloads.append(from) }
      }
    }
    let oldTail = old.count - matching.suffix
    let newTail = new.count - matching.suffix
    for k in 0..<matching.suffix where !old[oldTail + k].isContentEqual(to: new[newTail + k]) {
      reloads.append(oldTail + k)
      reconfigures.append(newTail + k)
    }
    duplicates = Duplicates(old: matching.oldDuplicates, new: matching.newDuplicates)
  }

  /// The bytes of temporary memory that diffing `old` and `new` allocates besides the result,
  /// from the capacities of the buffers involved; the benchmark reports it per element.
  ///
  /// - Complexity: That of the diff itself.
  @_spi(Benchmarks) public static func temporaryByteCount<Element: Diffable>(
    from old: [Element], to new: [Element]
  ) -> Int {
    let matching = Matching(old: old, new: new)
    let survivors = matching.newToOld.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    // Survivor list (reserved for the whole middle), then per survivor: predecessor link, tail
    // position and tail value (both reserved for all) and membership flag.
    let subsequence = matching.newToOld.count * 4 + survivors * (4 + 4 + 4 + 1)
    return matching.tableBytes + matching.oldToNew.capacity * 4 + matching.newToOld.capacity * 4
      + subsequence
  }
}
