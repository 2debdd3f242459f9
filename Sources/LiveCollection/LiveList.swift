import CollectionDiff

/// An ordered list of items that merges cursor pages and realtime events from the server, and
/// reports each step as one ``/CollectionDiff/Changeset`` for the collection view.
///
/// What it guarantees, whatever order pages and events arrive in:
/// - an item appears at most once, however pages overlap;
/// - a page never brings back an item deleted after the page was read, and never hides an item
///   inserted or updated after it was read (each item remembers the sequence of its last known
///   change, and the newer version wins);
/// - an event at or below ``lastSequence`` is a duplicate and ignored; an event whose
///   `previous` is not ``lastSequence`` (events were lost), a `reset` or a `showAuthor` sets
///   ``needsResync``, and then nothing more is applied until
///   ``resync(firstPage:nextCursor:snapshotSequence:)``; gaps in the sequence numbers
///   themselves are normal, since the stream is filtered per viewer;
/// - an insert that sorts above the first visible item while the user is scrolled down is held
///   (``newItemCount``) until ``showNewItems()``; an insert past the loaded pages is kept aside
///   and shown when paging reaches it;
/// - optimistic local changes show at once and give way to the server's next event for the item.
public struct LiveList<Item: LiveItem> {
  /// What the server is known to hold for one item, and the sequence at which it was known.
  struct Record {
    var item: Item
    var sequence: Int
  }

  /// An optimistic version of an item, and the sequence of the server's event that carries the
  /// outcome, once known.
  struct LocalChange {
    var item: Item
    var confirmedAt: Int?
  }

  /// The items to show, in ascending sort-key order.
  public internal(set) var items: [Item] = []
  /// The sequence number of the last event applied (or of the first page's snapshot): resume the
  /// stream after it. `nil` until the first page.
  public internal(set) var lastSequence: Int?
  /// The cursor to request the next page after; `nil` before the first page.
  public internal(set) var nextCursor: Item.SortKey?
  /// Whether the last page has been applied.
  public internal(set) var isComplete = false
  /// Whether an event was missed or the server reset: reload the first page and call
  /// ``resync(firstPage:nextCursor:snapshotSequence:)``.
  public internal(set) var needsResync = false

  var hasFirstPage = false
  /// Pages read before this sequence (the first page's snapshot) are stale.
  var firstSnapshot = Int.min
  var records: [Item.DiffIdentifier: Record] = [:]
  /// Items known to be deleted; identities are never reused, so this is permanent.
  var tombstones = Set<Item.DiffIdentifier>()
  var hiddenAuthors = Set<Item.Author>()
  var held = Set<Item.DiffIdentifier>()
  var local: [Item.DiffIdentifier: LocalChange] = [:]
  /// The sort key of the first visible item while the user is scrolled down.
  var anchor: Item.SortKey?
  /// The sort key under which each visible item sits in `items`.
  var shown: [Item.DiffIdentifier: Item.SortKey] = [:]

  /// Creates an empty list; apply the first page next.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// How many inserted items wait above the first visible item ("N new").
  ///
  /// - Complexity: O(1).
  public var newItemCount: Int { held.count }

  /// Runs a mutation and reports the change of `items` as one changeset.
  mutating func step(_ body: (inout LiveList) -> Void) -> Changeset<Int> {
    let before = items
    body(&self)
    return Changeset(from: before, to: items)
  }
}
