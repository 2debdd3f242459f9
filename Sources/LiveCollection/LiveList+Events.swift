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
      let entry = entry(id)
      entry.record = nil
      entry.local = nil
      setHeld(entry, false)
      entry.isDeleted = true
      return refresh(id)
    case .hideAuthor(let author):
      let before = items
      hide(author)
      return changes(since: before)
    case .showAuthor(let author):
      hiddenAuthors.removeAll { $0 == author }
      needsResync = true
      return Changeset()
    case .reset:
      needsResync = true
      return Changeset()
    }
  }

  private mutating func receive(_ item: Item, sequence: Int) -> Changeset<Int> {
    let id = item.diffIdentifier
    let entry = entry(id)
    let isNew = entry.record == nil && entry.shownKey == nil
    entry.local = nil
    let known = entry.record != nil && entry.sequence >= sequence
    if !known && !entry.isDeleted && !isHidden(item.author) {
      if isNew, let anchor, item.sortKey < anchor, isLoaded(item.sortKey) {
        guard newItemCount < heldLimit else {
          droppedHeld = true
          return Changeset()
        }
        setHeld(entry, true)
      }
      entry.record = item
      entry.sequence = sequence
    }
    return refresh(id)
  }

  mutating func hide(_ author: Item.Author) {
    if !isHidden(author) { hiddenAuthors.append(author) }
    rebuild(Sweep(hiding: author))
  }

  /// Holds or releases an entry, keeping ``newItemCount``.
  mutating func setHeld(_ entry: Entry, _ held: Bool) {
    if entry.isHeld != held { newItemCount += held ? 1 : -1 }
    entry.isHeld = held
  }
}
