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

  /// Shows the held inserts ("N new").
  ///
  /// - Returns: The changeset that inserts them.
  /// - Complexity: O(*n* log *n*) for *n* known items.
  public mutating func showNewItems() -> Changeset<Int> {
    step { list in
      list.held.removeAll()
      list.rebuild()
    }
  }

  /// Whether paging has reached `key`.
  func isLoaded(_ key: Item.SortKey) -> Bool {
    if isComplete { return true }
    guard let nextCursor else { return false }
    return key <= nextCursor
  }

  /// The version of an item to show, if it is to be shown.
  func visibleItem(_ id: Item.DiffIdentifier) -> Item? {
    if let change = local[id], !isSettled(change) { return change.item }
    guard let record = records[id], !held.contains(id), isLoaded(record.item.sortKey) else {
      return nil
    }
    return record.item
  }

  /// Recomputes where one item is shown after a change of what is known about it, and reports
  /// just that: a single-item step needs no copy of the list and no diff.
  ///
  /// - Complexity: O(log *n*) to find it plus O(*n*) to shift the array.
  mutating func refresh(_ id: Item.DiffIdentifier) -> Changeset<Int> {
    var removed: (index: Int, item: Item)? = nil
    if let key = shown.removeValue(forKey: id) {
      var index = lowerBound(key)
      if index >= items.count || items[index].diffIdentifier != id {
        // Only if keys were not unique, against the contract; stay correct anyway.
        index = items.firstIndex { $0.diffIdentifier == id } ?? index
      }
      removed = (index, items.remove(at: index))
    }
    guard let item = visibleItem(id) else {
      return removed.map { Changeset(deletes: [$0.index]) } ?? Changeset()
    }
    let index = lowerBound(item.sortKey)
    items.insert(item, at: index)
    shown[id] = item.sortKey
    guard let removed else { return Changeset(inserts: [index]) }
    let changed = !removed.item.isContentEqual(to: item)
    if removed.index == index {
      return changed ? Changeset(reloads: [index], reconfigures: [index]) : Changeset()
    }
    // Every other item keeps its order, so one move is the minimal diff.
    return Changeset(
      moves: [Move(from: removed.index, to: index)], reconfigures: changed ? [index] : [])
  }

  /// Recomputes the whole visible list, after a page or a block.
  ///
  /// - Complexity: O(*n* log *n*) for *n* known items.
  mutating func rebuild() {
    var result: [Item] = []
    for (id, change) in local where isSettled(change) { local[id] = nil }
    for id in records.keys where local[id] == nil {
      if let item = visibleItem(id) { result.append(item) }
    }
    for change in local.values { result.append(change.item) }
    result.sort { $0.sortKey < $1.sortKey }
    items = result
    shown.removeAll(keepingCapacity: true)
    for item in result { shown[item.diffIdentifier] = item.sortKey }
  }

  /// Whether the list has applied the event that carries a local change's outcome.
  func isSettled(_ change: LocalChange) -> Bool {
    guard let confirmedAt = change.confirmedAt, let lastSequence else { return false }
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
