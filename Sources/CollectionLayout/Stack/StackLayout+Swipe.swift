extension StackLayout {
  /// What to do with an item when a horizontal swipe on it ends.
  public enum SwipeDecision: Hashable, Sendable {
    /// Animate it off to the left and delete it.
    case delete
    /// Animate it back into the stack.
    case restore
  }

  /// The attributes of an item dragged horizontally by `dx` at `offset`: its stacked
  /// attributes moved by `dx`, fading linearly to transparent at one item width.
  ///
  /// - Complexity: O(1).
  public func attributes(of path: ItemPath, draggedBy dx: Double, offset: Point)
    -> LayoutAttributes?
  {
    guard var attributes = attributes(of: .cell, at: path, offset: offset) else { return nil }
    let dx = min(max(dx.sanitizedCoordinate, -.maximumScrollLength), .maximumScrollLength)
    attributes.frame.origin.x += dx
    attributes.alpha = itemWidth > 0 ? 1 - min(abs(dx) / itemWidth, 1) : 1
    return attributes
  }

  /// Whether a swipe released after `dx` points with `velocity` points per second deletes the
  /// item: when dx < −itemWidth/2 or velocity < −1000 (only leftwards swipes delete).
  ///
  /// - Complexity: O(1).
  public func swipeDecision(translation dx: Double, velocity: Double) -> SwipeDecision {
    dx < -itemWidth / 2 || velocity < Self.deleteVelocity ? .delete : .restore
  }
}
