/// The position of an item in a sectioned collection, ordered section first (the platform's
/// index path, without Foundation).
public struct ItemPosition: Hashable, Comparable {
  /// The section's index.
  public var section: Int
  /// The item's index within its section.
  public var item: Int

  /// Creates a position.
  ///
  /// - Complexity: O(1).
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders positions by section, then by item.
  ///
  /// - Complexity: O(1).
  public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}
