extension InfiniteLayout {
  /// Applies an update and returns the content offset that keeps the item focused at `offset`
  /// focused, in the middle cycle when the items repeat (a resize can switch repeating on or
  /// off, and the old offset means nothing in the new content). Without a focused item that
  /// still exists, the initial offset.
  ///
  /// - Complexity: that of `apply(_:)` plus O(1).
  public mutating func apply(_ update: LayoutUpdate, keepingFocusAt offset: Point) -> Point {
    let focused = focusedItem(at: offset)
    apply(update)
    guard let focused, focused.section == 0, focused.item < row.itemCount else {
      return initialContentOffset
    }
    return row.offset(centring: homeSlot + focused.item, cross: offset)
  }
}
