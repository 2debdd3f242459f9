/// Maps the logical positions of a `SlotLine` (distances along the scrolling axis from the
/// leading edge) to frames and content offsets for an axis and a writing direction, and back.
///
/// Right-to-left mirrors a horizontal row: the logical start is the right edge of the content.
struct RowFrame: Hashable, Sendable {
  var axis: ScrollAxis
  var isMirrored: Bool
  /// The item's extent along the scrolling axis and across it.
  var itemLength: Double
  var itemThickness: Double
  /// Where items start across the axis (the top inset of a horizontal row).
  var crossStart: Double
  /// The content's extent across the axis.
  var crossLength: Double
  var contentLength: Double
  var viewportLength: Double

  /// The largest offset along the axis; mirroring reflects offsets about half of it.
  var maximumOffset: Double { max(contentLength - viewportLength, 0) }

  /// The content size in points.
  var contentSize: Size {
    axis == .horizontal
      ? Size(width: contentLength, height: crossLength)
      : Size(width: crossLength, height: contentLength)
  }

  /// The frame of an item starting at logical position `start`.
  @inline(__always)
  func frame(start: Double) -> Rect {
    switch axis {
    case .horizontal:
      let x = isMirrored ? contentLength - start - itemLength : start
      return Rect(x: x, y: crossStart, width: itemLength, height: itemThickness)
    case .vertical:
      return Rect(x: crossStart, y: start, width: itemThickness, height: itemLength)
    }
  }

  /// The logical interval a rectangle covers along the axis, widened by `margin` each side.
  func interval(of rect: Rect, margin: Double) -> (low: Double, high: Double) {
    switch axis {
    case .horizontal where isMirrored:
      return (contentLength - rect.maxX - margin, contentLength - rect.minX + margin)
    case .horizontal: return (rect.minX - margin, rect.maxX + margin)
    case .vertical: return (rect.minY - margin, rect.maxY + margin)
    }
  }

  /// The logical offset along the axis of a content offset.
  func logicalOffset(of offset: Point) -> Double {
    switch axis {
    case .horizontal:
      let x = offset.x.sanitizedCoordinate
      return isMirrored ? maximumOffset - x : x
    case .vertical: return offset.y.sanitizedCoordinate
    }
  }

  /// The content offset for a logical offset along the axis, keeping `cross` across it.
  func offset(logical: Double, cross: Point) -> Point {
    switch axis {
    case .horizontal:
      let x = isMirrored ? maximumOffset - logical : logical
      return Point(x: x, y: cross.y.sanitizedCoordinate)
    case .vertical: return Point(x: cross.x.sanitizedCoordinate, y: logical)
    }
  }

  /// The velocity along the axis in logical terms (mirrored rows scroll the other way).
  func logicalVelocity(of velocity: Point) -> Double {
    switch axis {
    case .horizontal: return isMirrored ? -velocity.x : velocity.x
    case .vertical: return velocity.y
    }
  }
}
