/// Rounds geometry to device pixels with one rule for every layout.
///
/// The rule: every *edge* (min and max on each axis) is rounded to the nearest multiple of
/// `1 / scale`, ties to even; a size is the difference of its rounded edges. Rounding edges
/// rather than sizes keeps adjacent cells adjacent and never opens or closes a gap by more than
/// the spacing asked for. A scale that is not a positive finite number disables rounding.
public struct PixelGrid: Hashable, Sendable {
  /// Pixels per point, or 0 when rounding is disabled.
  public let scale: Double

  /// Creates the grid for a display scale (pixels per point).
  public init(scale: Double) {
    self.scale = scale.isFinite && scale > 0 ? scale : 0
  }

  /// Rounds a coordinate to the grid.
  @inlinable
  public func round(_ value: Double) -> Double {
    guard scale > 0 else { return value }
    return (value * scale).rounded(.toNearestOrEven) / scale
  }

  /// Rounds every edge of a rectangle to the grid.
  @inlinable
  public func round(_ rect: Rect) -> Rect {
    guard scale > 0 else { return rect }
    let minX = round(rect.minX)
    let minY = round(rect.minY)
    return Rect(x: minX, y: minY, width: round(rect.maxX) - minX, height: round(rect.maxY) - minY)
  }
}
