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
///   (``newItemCount``) until ``showNewItems()``; past ``heldLimit`` held inserts, later ones are
///   dropped and ``showNewItems()`` asks for a resync instead, so a tab left open for hours
///   keeps bounded memory; an insert past the loaded pages is kept aside and shown when paging
///   reaches it;
/// - optimistic local changes show at once and give way to the server's next event for the item.
public struct LiveList<Item: LiveItem> {
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
  public package(set) var needsResync = false
  /// How many inserted items wait above the first visible item ("N new").
  public internal(set) var newItemCount = 0
  /// The most inserts held at once; later ones are dropped until the next resync.
  public var heldLimit = 1_000

  var hasFirstPage = false
  /// Pages read before this sequence (the first page's snapshot) are stale.
  var firstSnapshot = Int.min
  var table = Table()
  /// Blocked authors: a few, so a list.
  var hiddenAuthors: [Item.Author] = []
  /// Whether held inserts were dropped past ``heldLimit``.
  var droppedHeld = false
  /// The sort key of the first visible item while the user is scrolled down.
  var anchor: Item.SortKey?

  /// What ``rebuild(_:)`` changes in every entry on its way.
  struct Sweep {
    /// Forget what the server held (a resync).
    var forgetsRecords = false
    /// Show the held inserts.
    var releasesHeld = false
    /// Drop everything by a blocked author.
    var hiding: Item.Author?
  }

  /// Creates an empty list; apply the first page next.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// The change of `items` since `before`, as one changeset, for steps that rebuild the list.
  ///
  /// Never inlined: one call of the diff keeps the WebAssembly module small.
  ///
  /// - Complexity: O(*n*) for *n* items before and after.
  @inline(never)
  func changes(since before: [Item]) -> Changeset<Int> {
    Changeset(from: before, to: items)
  }

  /// The entry of an identity, or nil.
  ///
  /// - Complexity: O(1) expected.
  func entry(ifKnown id: Item.DiffIdentifier) -> Entry? {
    table[id]
  }

  /// The entry of an identity, made if the list knew nothing of it, in a table of this list's
  /// own.
  ///
  /// - Complexity: O(1) expected, or O(*n*) for *n* entries when the table was shared.
  @inline(never)
  mutating func entry(_ id: Item.DiffIdentifier) -> Entry {
    makeTableUnique()
    if let entry = table[id] { return entry }
    let entry = Entry(id: id)
    table.add(entry)
    return entry
  }

  /// Copies the table if another list shares it; call before changing any entry.
  ///
  /// - Complexity: O(1), or O(*n*) for *n* entries when the table was shared.
  mutating func makeTableUnique() {
    if !isKnownUniquelyReferenced(&table) { table = table.copy() }
  }

  /// Whether an author is blocked.
  func isHidden(_ author: Item.Author) -> Bool {
    hiddenAuthors.contains(author)
  }
}
