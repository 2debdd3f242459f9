import CollectionDiff

extension LiveList {
  /// Everything the list knows about one identity. One table of references replaced six
  /// collections of values: it keeps the WebAssembly module within its budget. The table is
  /// copied on write, so lists stay values.
  final class Entry {
    let id: Item.DiffIdentifier
    /// What the server holds, as of `sequence`.
    var record: Item?
    var sequence = Int.min
    /// An optimistic version, and the sequence of the server's event that carries its outcome
    /// once known.
    var local: Item?
    var confirmedAt: Int?
    /// Deleted on the server; identities are never reused, so this is permanent.
    var isDeleted = false
    /// An insert above the first visible item, waiting for ``showNewItems()``.
    var isHeld = false
    /// The sort key under which the item sits in `items`, while shown.
    var shownKey: Item.SortKey?

    init(id: Item.DiffIdentifier) {
      self.id = id
    }

    /// A copy, for a list that stops sharing its table.
    func copy() -> Entry {
      let copy = Entry(id: id)
      copy.record = record
      copy.sequence = sequence
      copy.local = local
      copy.confirmedAt = confirmedAt
      copy.isDeleted = isDeleted
      copy.isHeld = isHeld
      copy.shownKey = shownKey
      return copy
    }
  }

  /// Entries by identity: an open-addressing hash table with linear probing, at most three
  /// quarters full, that only grows (``rebuild(_:)`` makes a new one without the entries no
  /// longer needed). The standard library's Dictionary brought 4 KB of WebAssembly for this one
  /// key and value type.
  final class Table {
    /// The entries at their slots; the count is a power of two.
    private(set) var slots: [Entry?] = Array(repeating: nil, count: 8)
    private var count = 0

    init() {}

    /// The slot of `id`, or the empty slot where it would go.
    ///
    /// - Complexity: O(1) expected.
    private func slot(of id: Item.DiffIdentifier) -> Int {
      let mask = slots.count - 1
      var index = id.hashValue & mask
      while let entry = slots[index], entry.id != id { index = (index + 1) & mask }
      return index
    }

    /// The entry of `id`, or nil.
    ///
    /// - Complexity: O(1) expected.
    subscript(id: Item.DiffIdentifier) -> Entry? {
      slots[slot(of: id)]
    }

    /// Adds an entry whose identity is not in the table.
    ///
    /// - Complexity: O(1) amortized.
    func add(_ entry: Entry) {
      if 4 * (count + 1) > 3 * slots.count {
        let old = slots
        slots = Array(repeating: nil, count: 2 * old.count)
        for case let moved? in old { slots[slot(of: moved.id)] = moved }
      }
      slots[slot(of: entry.id)] = entry
      count += 1
    }

    /// A table of copies of these entries.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    func copy() -> Table {
      let table = Table()
      table.slots = slots.map { $0?.copy() }
      table.count = count
      return table
    }
  }
}
