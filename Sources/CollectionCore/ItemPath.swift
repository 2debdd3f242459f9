/// The position of an element: its section and its index within the section.
///
/// The layouts' and the diff's counterpart of `IndexPath` (named differently so that it never
/// clashes with Foundation's when both are imported). Headers and footers use `item` 0.
public struct ItemPath: Hashable, Comparable, Sendable {
  /// The section index.
  public var section: Int
  /// The item index within the section.
  public var item: Int

  /// Creates a path from a section and an item index.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then by item.
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}
