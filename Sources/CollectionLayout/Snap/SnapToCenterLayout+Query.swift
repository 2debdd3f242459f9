extension SnapToCenterLayout {
  /// The items whose frames intersect `rect` (the offset does not change them).
  ///
  /// - Complexity: O(k) for k items in the rect, whatever the item count.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    row.attributes(in: rect)
  }

  /// The attributes of one cell of section 0; `nil` for headers, footers and missing items.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    guard kind == .cell, path.section == 0, path.item >= 0, path.item < row.itemCount else {
      return nil
    }
    return row.attributes(ofSlot: path.item)
  }

  /// Where a scroll comes to rest: the item nearest the viewport's centre at the proposed
  /// offset plus the projected deceleration of `velocity` (see `Options.decelerationRate`)
  /// is centred; if centring it would pull back against the velocity, the next item in the
  /// velocity's direction is centred instead. Always clamped to the content.
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    row.targetOffset(
      proposed: proposed, velocity: velocity, rate: options.decelerationRate, snaps: true)
  }

  /// The item whose centre is nearest the viewport's centre at `offset`.
  ///
  /// - Complexity: O(1).
  public func focusedItem(at offset: Point) -> ItemPath? {
    row.focusedSlot(at: offset).map { ItemPath(section: 0, item: $0) }
  }

  /// The offset that centres `path` (clamped to the content); `offset` only supplies the
  /// coordinate across the axis. A missing item gives the clamped `offset`.
  ///
  /// - Complexity: O(1).
  public func contentOffset(focusing path: ItemPath, near offset: Point) -> Point {
    guard path.section == 0, path.item >= 0, path.item < row.itemCount else {
      return row.targetOffset(proposed: offset, velocity: .zero, rate: 0, snaps: false)
    }
    return row.offset(centring: path.item, cross: offset)
  }
}
