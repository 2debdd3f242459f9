/// A section of a sectioned collection: an identity, header content, and diffable items.
///
/// ``Diffable/isContentEqual(to:)`` of a section compares only what the section itself shows
/// (a header, a footer), never its items: the diff compares those one by one.
public protocol DiffableSection: Diffable {
  /// The type of the section's items.
  associatedtype Item: Diffable

  /// The section's items, in order.
  var items: [Item] { get }
}
