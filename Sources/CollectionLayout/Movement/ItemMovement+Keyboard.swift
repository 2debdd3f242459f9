extension ItemMovement {
  /// Moves the item one step with the keyboard (an arrow key while the item is picked up).
  ///
  /// Left and right move it one index back or forward in its section (mirrored in a
  /// right-to-left layout, so that left is always towards the left edge of a row); up and
  /// down move it to the index of the item shown nearest above or below its placeholder in the
  /// current reflow: among the items entirely above (below) it, those in the same column
  /// (overlapping it horizontally) first, then the nearest vertically, then the nearest
  /// horizontally, then the lowest index. A step past either end of the section, or up from the
  /// top row, keeps the target: a step never leaves the section.
  ///
  /// - Returns: The new target.
  /// - Complexity: Left and right: that of ``move(to:)``. Up and down: O(log *n* + *k*) in the
  ///   vertical layouts for the items near the placeholder (bands of growing height, each one a
  ///   query; O(*n*) at worst, when no item above or below shares a column), plus that of
  ///   ``move(to:)``.
  @discardableResult
  public mutating func step(_ direction: MovementDirection) -> ItemPath {
    switch direction {
    case .left: return move(to: target.item + (isRightToLeft ? 1 : -1))
    case .right: return move(to: target.item + (isRightToLeft ? -1 : 1))
    case .up, .down:
      guard let index = nearestItem(below: direction == .down) else { return target }
      return move(to: index)
    }
  }

  /// The index of the item shown nearest below (or above) the placeholder, by the rule of
  /// ``step(_:)``, or `nil` when there is none.
  func nearestItem(below: Bool) -> Int? {
    let from = placeholderFrame
    // Pixel rounding may leave a neighbour's edge a fraction of a point inside this frame.
    let tolerance = 0.5
    let size = layout.contentSize
    var reach = max(from.height, 1)
    var best: (score: (Int, Double, Double, Int), index: Int)?
    // Bands double in height until one holds an item in the same column or reaches the edge
    // of the content; 64 doublings outgrow any finite content.
    for _ in 0..<64 {
      let band = Rect(
        x: -1, y: below ? from.maxY - tolerance : from.minY - reach, width: size.width + 2,
        height: reach + tolerance)
      best = nil
      for element in layout.attributes(in: band)
      where element.kind == .cell && element.path.section == origin.section
        && element.path.item != target.item
      {
        let frame = element.frame
        let beyond =
          below
          ? frame.minY >= from.maxY - tolerance && frame.midY > from.midY
          : frame.maxY <= from.minY + tolerance && frame.midY < from.midY
        guard beyond else { continue }
        let sharesColumn = frame.minX < from.maxX && from.minX < frame.maxX
        let gap = below ? frame.minY - from.maxY : from.minY - frame.maxY
        let score = (
          sharesColumn ? 0 : 1, max(gap, 0), abs(frame.midX - from.midX), element.path.item
        )
        if best.map({ score < $0.score }) ?? true { best = (score, element.path.item) }
      }
      let reachedEdge = below ? band.maxY >= size.height : band.minY <= 0
      if best?.score.0 == 0 || reachedEdge { break }
      reach *= 2
    }
    return best?.index
  }
}
