extension InfiniteLayout {
  /// The items whose frames intersect `rect`; when infinite, an item appears once per cycle
  /// the rect covers (at most once for a rect two viewports wide, see `cycleThreshold`).
  ///
  /// - Complexity: O(k) for k slots in the rect, whatever the item count.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    row.attributes(in: rect)
  }

  /// The attributes of one cell of section 0: when infinite, its appearance nearest the
  /// centre of the viewport at `offset`; `nil` for headers, footers and missing items.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    guard kind == .cell, let slot = slot(of: path, near: offset) else { return nil }
    return row.attributes(ofSlot: slot)
  }

  /// Where a scroll comes to rest: as `SnapToCenterLayout.targetContentOffset` when
  /// `snapToCenter`, otherwise the proposal clamped to the content.
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    row.targetOffset(
      proposed: proposed, velocity: velocity, rate: options.row.decelerationRate,
      snaps: options.snapToCenter)
  }

  /// The item whose centre is nearest the viewport's centre at `offset`.
  ///
  /// - Complexity: O(1).
  public func focusedItem(at offset: Point) -> ItemPath? {
    row.focusedSlot(at: offset).map { ItemPath(section: 0, item: row.item(ofSlot: $0)) }
  }

  /// The offset that centres `path`: when infinite, its appearance nearest the item focused
  /// at `offset`, so a programmatic scroll takes the short way round.
  ///
  /// - Complexity: O(1).
  public func contentOffset(focusing path: ItemPath, near offset: Point) -> Point {
    guard let slot = slot(of: path, near: offset) else {
      return row.targetOffset(proposed: offset, velocity: .zero, rate: 0, snaps: false)
    }
    return row.offset(centring: slot, cross: offset)
  }

  /// The slot showing `path` nearest the slot focused at `offset`.
  func slot(of path: ItemPath, near offset: Point) -> Int? {
    let count = row.itemCount
    guard path.section == 0, path.item >= 0, path.item < count else { return nil }
    guard isInfinite, let focused = row.focusedSlot(at: offset) else { return path.item }
    let cycles = (Double(focused - path.item) / Double(count)).rounded(.toNearestOrEven)
    var slot = path.item + Int(cycles) * count
    if slot < 0 { slot += count }
    if slot >= row.line.count { slot -= count }
    return slot
  }
}
