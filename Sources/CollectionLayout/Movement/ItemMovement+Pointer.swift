extension ItemMovement {
  /// Follows the pointer: the target becomes the index of the item under it, if that changes.
  ///
  /// The rule, chosen so that the target cannot oscillate: the target changes only when the
  /// pointer is inside the frame of another item of the section *in the current reflow*
  /// (over the item's own placeholder, a gap, a header or outside the content it stays), and
  /// only once the pointer has travelled ``hysteresis`` points from where it last changed it.
  /// In the grid and the mosaic, frames depend only on the index, so the item takes the
  /// hovered slot and the pointer is then over its own placeholder: stable by itself. In the
  /// waterfall, frames depend on the heights before them, so the reflow can slide a third
  /// item under a pointer that has not moved; without the travel rule, repeated events at
  /// one point could then flip the target back and forth. With it, a still pointer never
  /// changes the target twice, and any index can still be reached by hovering the item shown
  /// there.
  ///
  /// Hostile pointers are ignored: a NaN or infinite coordinate keeps the target, as does a
  /// pointer far outside the content (it is over no item).
  ///
  /// - Parameter pointer: The pointer in content coordinates (the layout's, scrolled).
  /// - Returns: The target: where the item would land if dropped now.
  /// - Complexity: O(log *n* + *k*) in the vertical layouts to find the item under the
  ///   pointer, plus, when the target changes, that of ``move(to:)``: O(*m*) for the *m* items
  ///   from the lower of the old and new index on.
  @discardableResult
  public mutating func update(pointer: Point) -> ItemPath {
    guard pointer.x.isFinite, pointer.y.isFinite else { return target }
    if let anchor {
      let dx = pointer.x - anchor.x
      let dy = pointer.y - anchor.y
      guard dx * dx + dy * dy >= hysteresis * hysteresis else { return target }
    }
    guard let index = item(under: pointer) else { return target }
    move(to: index)
    anchor = pointer
    return target
  }

  /// The index of the item of the section, other than the carried one, whose frame in the
  /// current reflow contains `point` (the lowest index on a shared edge), or `nil`.
  ///
  /// - Complexity: O(log *n* + *k*) in the vertical layouts.
  func item(under point: Point) -> Int? {
    let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    var found: Int?
    for element in layout.attributes(in: probe)
    where element.kind == .cell && element.path.section == origin.section
      && element.path.item != target.item
    {
      let frame = element.frame
      guard frame.minX <= point.x, point.x < frame.maxX, frame.minY <= point.y,
        point.y < frame.maxY
      else { continue }
      found = min(found ?? element.path.item, element.path.item)
    }
    return found
  }
}
