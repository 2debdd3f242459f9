/// A layout with a focused item: the one whose centre is nearest the centre of the viewport
/// (LNZ's `FocusedContaining`, as a query rather than a stored, delegate-notifying property).
public protocol FocusingLayout: Layout {
  /// The item focused when the content is scrolled to `offset`, or `nil` when there are no
  /// items.
  ///
  /// - Complexity: O(1) for the rows here (the slot under the centre is computed, not searched).
  func focusedItem(at offset: Point) -> ItemPath?

  /// The content offset that centres `path` (clamped to the content), choosing, where an item
  /// appears more than once (an infinite row), the appearance nearest `offset`.
  ///
  /// - Complexity: O(1) for the rows here.
  func contentOffset(focusing path: ItemPath, near offset: Point) -> Point
}

extension FocusingLayout {
  /// Applies an update and returns the content offset that keeps the item focused at `offset`
  /// focused (rotation or a resized window must not lose the user's place). Returns the
  /// offset clamped to the content when nothing was focused or the item no longer exists.
  ///
  /// - Complexity: that of `apply(_:)` plus two O(1) focus queries for the layouts here.
  public mutating func apply(_ update: LayoutUpdate, keepingFocusAt offset: Point) -> Point {
    let focused = focusedItem(at: offset)
    apply(update)
    guard let focused, attributes(of: .cell, at: focused, offset: offset) != nil else {
      return targetContentOffset(proposed: offset, velocity: .zero)
    }
    return contentOffset(focusing: focused, near: offset)
  }
}
