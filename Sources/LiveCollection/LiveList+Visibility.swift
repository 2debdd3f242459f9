import CollectionDiff

extension LiveList {
  /// Records where the user is: while the first visible item is not the first item, inserts
  /// that sort above it are held rather than pushing the content down.
  ///
  /// - Parameter index: The index in ``items`` of the first visible item.
  /// - Complexity: O(1).
  public mutating func updateFirstVisibleIndex(_ index: Int) {
    anchor = index > 0 && index < items.count ? items[index].sortKey : nil
  }

  /// Shows the held inserts ("N new"). If inserts were dropped past ``heldLimit``, this also
  /// sets ``needsResync``: reload the first page to show them all.
  ///
  /// - Returns: The changeset that inserts them.
  /// - Complexity: O(*n* log *n*) for *n* known items.
  public mutating func showNewItems() -> Changeset<Int> {
    let before = items
    if droppedHeld { needsResync = true }
    rebuild(Sweep(releasesHeld: true))
    return changes(since: before)
  }

  /// Whether paging has reached `key`.
  func isLoaded(_ key: Item.SortKey) -> Bool {
    if isComplete { return true }
    guard let nextCursor else { return false }
    return key <= nextCursor
  }

  /// The version of an item to show, if it is to be shown.
  func visibleItem(_ entry: Entry) -> Item? {
    if let local = entry.local, !isSettled(entry) { return local }
    guard let record = entry.record, !entry.isHeld, isLoaded(record.sortKey) else { return nil }
    return record
  }

  /// Recomputes where one item is shown after a change of what is known about it, and reports
  /// just that: a single-item step needs no copy of the list and no diff.
  ///
  /// - Complexity: O(log *n*) to find it plus O(*n*) to shift the array.
  mutating func refresh(_ id: Item.DiffIdentifier) -> Changeset<Int> {
    makeTableUnique()
    guard let entry = table[id] else { return Changeset() }
    var removed: (index: Int, item: Item)? = nil
    let item = visibleItem(entry)
    if let key = entry.shownKey {
      var index = lowerBound(key)
      if index >= items.count || items[index].diffIdentifier != id {
        // Only if keys were not unique, against the contract; stay correct anyway.
        index = items.firstIndex { $0.diffIdentifier == id } ?? index
      }
      if let item, !(key < item.sortKey || item.sortKey < key) {
        // Same key, same place (an update): replaced in place, no shift of the array, which
        // at 100k items in wasm cost 0.65 ms per shift.
        let old = items[index]
        items[index] = item
        if old.isContentEqual(to: item) { return Changeset() }
        return Changeset(reloads: [index], reconfigures: [index])
      }
      removed = (index, items.remove(at: index))
    }
    entry.shownKey = item?.sortKey
    guard let item else {
      return removed.map { Changeset(deletes: [$0.index]) } ?? Changeset()
    }
    let index = lowerBound(item.sortKey)
    items.insert(item, at: index)
    guard let removed else { return Changeset(inserts: [index]) }
    let changed = !removed.item.isContentEqual(to: item)
    if removed.index == index {
      return changed ? Changeset(reloads: [index], reconfigures: [index]) : Changeset()
    }
    // Every other item keeps its order, so one move is the minimal diff.
    return Changeset(
      moves: [Move(from: removed.index, to: index)], reconfigures: changed ? [index] : [])
  }

  /// Recomputes the whole visible list, after a page or a block, changing each entry by
  /// `sweep` first: one pass over the table, where a pass per change cost a copy of the loop
  /// in the WebAssembly module. Entries left with nothing to remember (no record, no local
  /// change, no deletion) are forgotten here, not one by one.
  ///
  /// - Complexity: O(*n* log *n*) for *n* known items.
  mutating func rebuild(_ sweep: Sweep = Sweep()) {
    if sweep.forgetsRecords || sweep.releasesHeld { newItemCount = 0 }
    makeTableUnique()
    let kept = Table()
    var result: [Item] = []
    for case let entry? in table.slots {
      if sweep.forgetsRecords { entry.record = nil }
      if sweep.forgetsRecords || sweep.releasesHeld { entry.isHeld = false }
      if let author = sweep.hiding {
        if entry.record?.author == author { entry.record = nil }
        if entry.local?.author == author { entry.local = nil }
        if entry.record == nil { setHeld(entry, false) }
      }
      if isSettled(entry) { entry.local = nil }
      let item = visibleItem(entry)
      entry.shownKey = item?.sortKey
      if let item { result.append(item) }
      if entry.record != nil || entry.local != nil || entry.isDeleted { kept.add(entry) }
    }
    table = kept
    heapSort(&result) { $0.sortKey < $1.sortKey }  // keys are unique: stability is moot
    items = result
  }

  /// Whether the list has applied the event that carries an entry's local change's outcome.
  func isSettled(_ entry: Entry) -> Bool {
    guard let confirmedAt = entry.confirmedAt, let lastSequence else { return false }
    return confirmedAt <= lastSequence
  }

  private func lowerBound(_ key: Item.SortKey) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if items[middle].sortKey < key { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
