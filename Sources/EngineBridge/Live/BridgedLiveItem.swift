import CollectionDiff
import LiveCollection

/// Where a live item sorts: two numbers compared in order (the feed's is the negated creation
/// time, then the negated id, so that newer sorts first).
package struct BridgedKey: Comparable, Hashable {
  package var primary: Double
  package var secondary: Double

  package init(primary: Double, secondary: Double) {
    self.primary = primary
    self.secondary = secondary
  }

  /// Never inlined: sorting, searching and paging compare keys, and one copy keeps the module
  /// small.
  @inline(never)
  package static func < (a: BridgedKey, b: BridgedKey) -> Bool {
    a.primary != b.primary ? a.primary < b.primary : a.secondary < b.secondary
  }
}

/// An item of a live list that JavaScript keeps: its identity, key, author and a content
/// version, all numbers (identities and authors compared by their bits, so even NaN identities
/// diff without surprise); JS holds the item's data and bumps the version when the content
/// changes. `lots_diff` diffs these too, with key and author unused.
package struct BridgedLiveItem: LiveItem {
  package var id: UInt64
  package var key: BridgedKey
  package var authorID: UInt64
  package var version: UInt64

  package var diffIdentifier: UInt64 { id }
  package var sortKey: BridgedKey { key }
  package var author: UInt64 { authorID }

  package func isContentEqual(to other: BridgedLiveItem) -> Bool { version == other.version }

  /// An item with every field given.
  package init(id: UInt64, key: BridgedKey, authorID: UInt64, version: UInt64) {
    self.id = id
    self.key = key
    self.authorID = authorID
    self.version = version
  }

  /// An element to diff: an identity and a content version.
  package init(identity: UInt64, version: UInt64) {
    self.init(
      id: identity, key: BridgedKey(primary: 0, secondary: 0), authorID: 0, version: version)
  }

  /// Values per item in the input buffer: id, key (2), author, version.
  package static let stride = 5

  /// Reads one item.
  package static func read(_ input: inout InputReader) -> BridgedLiveItem {
    BridgedLiveItem(
      id: input.next().bitPattern,
      key: BridgedKey(primary: input.next(), secondary: input.next()),
      authorID: input.next().bitPattern, version: input.next().bitPattern)
  }
}

/// A live list JS created, behind a class reference for the handle table.
package final class LiveBox {
  package var list = LiveList<BridgedLiveItem>()
  package init() {}
}

/// The live lists JS has created, by handle: at most 64 at once.
nonisolated(unsafe) package let liveLists = HandleTable<LiveBox>(capacity: 64)
