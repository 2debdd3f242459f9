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
    guard advance(to: event.sequence, previous: event.previous) else { return Changeset() }
    switch event.change {
    case .insert(let item), .update(let item): return receive(item, sequence: event.sequence)
    case .delete(let id): return remove(id)
    case .hideAuthor(let author): return hideAuthor(author)
    case .showAuthor(let author): showAuthor(author)
    case .reset: needsResync = true
    }
    return Changeset()
  }

  /// The first half of ``apply(_:)``, which the WebAssembly bridge calls directly (building a
  /// ``LiveEvent`` there cost a kilobyte of the module): whether an event with these sequence
  /// numbers is to be applied. It records the sequence when it is; it sets ``needsResync`` when
  /// the event follows lost ones; a duplicate, an event before the first page and any event
  /// while ``needsResync`` is set are ignored.
  ///
  /// - Complexity: O(1).
  package mutating func advance(to sequence: Int, previous: Int) -> Bool {
    guard !needsResync, let last = lastSequence, sequence > last else { return false }
    guard previous == last else {
      needsResync = true
      return false
    }
    lastSequence = sequence
    return true
  }

  /// A deletion the stream reported (after ``advance(to:previous:)``).
  ///
  /// - Complexity: O(*n*) for *n* visible items.
  package mutating func remove(_ id: Item.DiffIdentifier) -> Changeset<Int> {
    let entry = entry(id)
    entry.record = nil
    entry.local = nil
    setHeld(entry, false)
    entry.isDeleted = true
    return refresh(id)
  }

  /// An unblock the stream reported (after ``advance(to:previous:)``): the author's items come
  /// back with a reload.
  ///
  /// - Complexity: O(*b*) for *b* blocked authors.
  package mutating func showAuthor(_ author: Item.Author) {
    hiddenAuthors.removeAll { $0 == author }
    needsResync = true
  }

  /// An insert or update the stream reported (after ``advance(to:previous:)``).
  ///
  /// - Complexity: O(*n*) for *n* visible items.
  package mutating func receive(_ item: Item, sequence: Int) -> Changeset<Int> {
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
