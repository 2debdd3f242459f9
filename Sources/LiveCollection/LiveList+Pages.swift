import CollectionDiff

extension LiveList {
  /// Merges one page of items read from the server.
  ///
  /// The page covers every item whose sort key lies after `cursor` and up to `nextCursor` (to
  /// the end when `nextCursor` is `nil`), as the server held them at `snapshotSequence`. Items
  /// are keyed by identity, so overlapping pages never duplicate one. An item the list knows
  /// from a newer event keeps that version; an item whose deletion the list has seen is not
  /// brought back. Inserts past the loaded range that arrived as events were kept aside and show
  /// now. A deletion the page implies but the stream has not delivered yet is left to the
  /// stream, which delivers it or reports a gap. The first page also sets ``lastSequence``;
  /// blocked authors are not part of a page: call ``hideAuthor(_:)`` with the user's block list.
  ///
  /// A page is ignored (empty changeset) when it was requested from another cursor than
  /// ``nextCursor``, read before the first page, or arrives while ``needsResync`` is set: it
  /// belongs to a state the list has left.
  ///
  /// - Parameters:
  ///   - page: The items, in any order.
  ///   - cursor: The cursor the page was requested after (`nil` for the first page).
  ///   - nextCursor: The cursor for the page after this one, `nil` at the end.
  ///   - snapshotSequence: The server's sequence number when it read the page.
  /// - Returns: The change of ``items``.
  /// - Complexity: O(*n* log *n*) for *n* known items.
  public mutating func applyPage(
    _ page: [Item], after cursor: Item.SortKey?, nextCursor: Item.SortKey?,
    snapshotSequence: Int
  ) -> Changeset<Int> {
    guard !needsResync, !isComplete, cursor == self.nextCursor, hasFirstPage || cursor == nil,
      snapshotSequence >= firstSnapshot
    else { return Changeset() }
    let before = items
    merge(page, upTo: nextCursor, snapshotSequence: snapshotSequence)
    rebuild()
    return changes(since: before)
  }

  /// Starts over from a freshly read first page after ``needsResync``: forgets what the server
  /// held, any held inserts and the blocked authors; keeps deletions seen and pending local
  /// changes. Blocks are forgotten because the page is read after every block event the list
  /// may have skipped (an unblock after the one that asked for the reload would otherwise hide
  /// that author for good): call ``hideAuthor(_:)`` again with the user's block list where the
  /// server does not leave blocked authors out of its pages.
  ///
  /// - Parameters:
  ///   - firstPage: The first page, read after the list asked for a resync.
  ///   - nextCursor: The cursor for the second page, `nil` if there is none.
  ///   - snapshotSequence: The server's sequence number when it read the page; the stream
  ///     resumes after it.
  /// - Returns: The change of ``items``.
  /// - Complexity: O(*n* log *n*) for *n* items.
  public mutating func resync(
    firstPage: [Item], nextCursor: Item.SortKey?, snapshotSequence: Int
  ) -> Changeset<Int> {
    let before = items
    rebuild(Sweep(forgetsRecords: true))
    hiddenAuthors.removeAll()
    droppedHeld = false
    needsResync = false
    isComplete = false
    hasFirstPage = false
    self.nextCursor = nil
    lastSequence = nil
    merge(firstPage, upTo: nextCursor, snapshotSequence: snapshotSequence)
    rebuild()
    return changes(since: before)
  }

  private mutating func merge(_ page: [Item], upTo upper: Item.SortKey?, snapshotSequence: Int) {
    if !hasFirstPage {
      hasFirstPage = true
      firstSnapshot = snapshotSequence
      lastSequence = snapshotSequence
    }
    for item in page where !isHidden(item.author) {
      let id = item.diffIdentifier
      let entry = entry(id)
      guard !entry.isDeleted, entry.record == nil || entry.sequence < snapshotSequence else {
        continue
      }
      entry.record = item
      entry.sequence = snapshotSequence
    }
    nextCursor = upper
    isComplete = upper == nil
  }
}
