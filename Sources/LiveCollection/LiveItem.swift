import CollectionDiff

/// An item of a live list: a diffable element with a sort key and an author.
///
/// The list keeps items in ascending `sortKey` order; a newest-first feed uses a key that
/// decreases with time. Keys must be unique (include the identity to break ties) and must not
/// change over an item's life: an update that would move an item is a delete and an insert.
public protocol LiveItem: Diffable {
  /// The type of the sort key, which is also the type of a page cursor.
  associatedtype SortKey: Comparable
  /// The type of an author's identity, for hiding everything by a blocked author.
  associatedtype Author: Hashable

  /// Where the item sorts: lower keys come first.
  var sortKey: SortKey { get }

  /// Who made the item.
  var author: Author { get }
}
