import CollectionDiff

extension LiveList {
  /// Shows a change the user just made (a like toggled, a post being uploaded) before the
  /// server confirms it. The server's next event about the item replaces it; call
  /// ``discardLocalChange(of:)`` if the request fails.
  ///
  /// - Parameter item: The item as it should look now; a new identity adds an item.
  /// - Returns: The change of ``items``.
  /// - Complexity: O(*n*) for *n* visible items.
  public mutating func applyLocalChange(_ item: Item) -> Changeset<Int> {
    let id = item.diffIdentifier
    let entry = entry(id)
    entry.local = item
    entry.confirmedAt = nil
    return refresh(id)
  }

  /// Rolls back a local change: the item shows what the server last said, or disappears if the
  /// server never had it.
  ///
  /// - Returns: The change of ``items``.
  /// - Complexity: O(*n*) for *n* visible items.
  public mutating func discardLocalChange(of id: Item.DiffIdentifier) -> Changeset<Int> {
    guard entry(ifKnown: id)?.local != nil else { return Changeset() }
    entry(id).local = nil
    return refresh(id)
  }

  /// Records that the server accepted a local change, with the sequence number of the event
  /// that carries it: the local version stays until the list has applied that event (or a page
  /// read after it), even if the event itself is lost and the list resyncs.
  ///
  /// - Returns: The change of ``items`` (empty unless the event was already applied).
  /// - Complexity: O(*n*) for *n* visible items.
  public mutating func confirmLocalChange(of id: Item.DiffIdentifier, sequence: Int)
    -> Changeset<Int>
  {
    guard entry(ifKnown: id)?.local != nil else { return Changeset() }
    let entry = entry(id)
    entry.confirmedAt = sequence
    if isSettled(entry) { entry.local = nil }
    return refresh(id)
  }

  /// Hides everything by an author at once: the user blocked them here, or the app loaded the
  /// user's block list (after a resync, since a missed `hideAuthor` event is not replayed).
  ///
  /// - Returns: The change of ``items``.
  /// - Complexity: O(*n* log *n*) for *n* known items.
  public mutating func hideAuthor(_ author: Item.Author) -> Changeset<Int> {
    let before = items
    hide(author)
    return changes(since: before)
  }
}
