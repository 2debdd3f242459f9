import CollectionDiff

extension LiveList {
  /// Applies one event from the server's stream.
  ///
  /// An event at or below ``lastSequence`` is a duplicate and ignored, as is every event before
  /// the first page. An event whose `previous` is not ``lastSequence`` follows lost events, and
  /// sets ``needsResync``; so do a `reset` and a `showAuthor`. Gaps in the sequence itself are
  /// normal: the stream is filtered per viewer. Any event about an item replaces a pending local
  /// change of it: the server has confirmed or refused it.
  ///
  /// - Returns: The change of ``items`` (empty when nothing visible changed).
  /// - Complexity: O(*n*) for *n* visible items (O(*n* log *n*) for `hideAuthor`).
  public mutating func apply(_ event: LiveEvent<Item>) -> Changeset<Int> {
    guard !needsResync, let last = lastSequence, event.sequence > last else { return Changeset() }
    guard event.previous == last else {
      needsResync = true
      return Changeset()
    }
    lastSequence = event.sequence
    switch event.change {
    case .insert(let item), .update(let item):
      return receive(item, sequence: event.sequence)
    case .delete(let id):
      records[id] = nil
      local[id] = nil
      held.remove(id)
      tombstones.insert(id)
      return refresh(id)
    case .hideAuthor(let author):
      return step { $0.hide(author) }
    case .showAuthor(let author):
      hiddenAuthors.remove(author)
      needsResync = true
      return Changeset()
    case .reset:
      needsResync = true
      return Changeset()
    }
  }

  private mutating func receive(_ item: Item, sequence: Int) -> Changeset<Int> {
    let id = item.diffIdentifier
    let isNew = records[id] == nil && shown[id] == nil
    local[id] = nil
    let known = records[id].map { $0.sequence >= sequence } ?? false
    if !known && !tombstones.contains(id) && !hiddenAuthors.contains(item.author) {
      records[id] = Record(item: item, sequence: sequence)
      if isNew, let anchor, item.sortKey < anchor, isLoaded(item.sortKey) { held.insert(id) }
    }
    return refresh(id)
  }

  mutating func hide(_ author: Item.Author) {
    hiddenAuthors.insert(author)
    let ids = records.filter { $0.value.item.author == author }.map { $0.key }
    for id in ids {
      records[id] = nil
      held.remove(id)
    }
    for (id, change) in local where change.item.author == author { local[id] = nil }
    rebuild()
  }
}
