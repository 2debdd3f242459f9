extension SlotLine {
  /// The distance a scroll view decelerating from `velocity` (points per second) travels when
  /// its speed is multiplied by `rate` every millisecond (UIScrollView's model):
  /// Σ v·rateᵏ·1 ms = v / 1000 · rate / (1 − rate). A rate outside (0, 1) projects nothing.
  static func projectedDistance(velocity: Double, rate: Double) -> Double {
    // Faster than any finger (10^9 pt/s) is hostile input; capping it keeps sums finite.
    let velocity = min(max(velocity.sanitizedCoordinate, -1e9), 1e9)
    guard rate.isFinite, rate > 0, rate < 1 else { return 0 }
    return velocity / 1000 * rate / (1 - rate)
  }

  /// The slot a scroll comes to rest on: the one whose rest offset (centring offset clamped
  /// to the content) is nearest the projected offset; if that would pull back against the
  /// velocity, the next slot in the velocity's direction instead.
  ///
  /// Choosing among clamped offsets, rather than by centres alone, makes snapping idempotent
  /// at the edges, where items that cannot be centred share the edge as their rest offset.
  ///
  /// - Parameters:
  ///   - proposed: the offset where the scroll would rest on its own.
  ///   - velocity: points per second along the axis when the finger lifted.
  ///   - rate: the deceleration rate per millisecond used to project the velocity.
  func targetSlot(proposed: Double, velocity: Double, rate: Double) -> Int? {
    let velocity = velocity.sanitizedCoordinate
    let projected = clampedOffset(
      min(max(proposed.sanitizedCoordinate, -1e15), 1e15)
        + Self.projectedDistance(velocity: velocity, rate: rate))
    guard let nearest = slot(nearestCentre: projected + viewportLength / 2) else { return nil }
    // The nearest rest offset brackets `projected` with the nearest centre, so it is a
    // neighbour of the nearest centre's slot.
    var slot = nearest
    var distance = abs(restOffset(of: nearest) - projected)
    for neighbour in stride(from: nearest - 1, through: nearest + 1, by: 2)
    where neighbour >= 0 && neighbour < count {
      let candidate = abs(restOffset(of: neighbour) - projected)
      if candidate < distance {
        slot = neighbour
        distance = candidate
      }
    }
    let correction = restOffset(of: slot) - projected
    // A tolerance keeps a slot that is already centred (to rounding error) from being skipped.
    let tolerance = 1e-9 * max(1, abs(projected))
    if velocity > 0 && correction < -tolerance && slot < count - 1 {
      slot += 1
    } else if velocity < 0 && correction > tolerance && slot > 0 {
      slot -= 1
    }
    return slot
  }

  /// Where the content rests with `slot` focused: its centring offset clamped to the content.
  @inline(__always)
  func restOffset(of slot: Int) -> Double { clampedOffset(centringOffset(of: slot)) }

  /// The offset a scroll comes to rest at: `targetSlot` centred, clamped to the content; the
  /// proposal clamped when there is no slot.
  func targetOffset(proposed: Double, velocity: Double, rate: Double) -> Double {
    guard let slot = targetSlot(proposed: proposed, velocity: velocity, rate: rate) else {
      return clampedOffset(proposed)
    }
    return restOffset(of: slot)
  }
}
