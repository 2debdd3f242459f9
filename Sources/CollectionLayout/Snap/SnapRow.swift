/// A laid-out row: its slots (`SlotLine`), how they map to frames (`RowFrame`), the pixel grid,
/// and the number of distinct items, so that slot j shows item j mod `itemCount` (a finite
/// row has one slot per item; an infinite one repeats them).
///
/// Everything a snapping layout answers while scrolling is here, in O(1) per element.
struct SnapRow: Hashable, Sendable {
  var line: SlotLine
  var frame: RowFrame
  var grid: PixelGrid
  var itemCount: Int

  static let empty = SnapRow(
    line: SlotLine(
      origin: 0, pitch: 0, itemLength: 0, count: 0, viewportLength: 0, contentLength: 0),
    frame: RowFrame(
      axis: .horizontal, isMirrored: false, itemLength: 0, itemThickness: 0, crossStart: 0,
      crossLength: 0, contentLength: 0, viewportLength: 0),
    grid: PixelGrid(scale: 0), itemCount: 0)

  /// The content size, rounded to pixels.
  var contentSize: Size {
    let size = frame.contentSize
    return Size(width: grid.round(size.width), height: grid.round(size.height))
  }

  /// The item shown in a slot.
  @inline(__always)
  func item(ofSlot slot: Int) -> Int {
    itemCount > 0 ? slot % itemCount : 0
  }

  /// The attributes of the item in a slot, frame rounded to pixels.
  @inline(__always)
  func attributes(ofSlot slot: Int) -> LayoutAttributes {
    LayoutAttributes(
      path: ItemPath(section: 0, item: item(ofSlot: slot)),
      frame: grid.round(frame.frame(start: line.start(of: slot))))
  }

  /// The attributes of every slot whose rounded frame intersects `rect`.
  ///
  /// - Complexity: O(k) for k slots overlapping the rect.
  func attributes(in rect: Rect) -> [LayoutAttributes] {
    // Pixel rounding may move an edge by half a pixel: widen the search, then test exactly.
    let margin = grid.scale > 0 ? 1 / grid.scale : 0
    let (low, high) = frame.interval(of: rect, margin: margin)
    let slots = line.slots(overlapping: low, high)
    var result: [LayoutAttributes] = []
    result.reserveCapacity(slots.count)
    for slot in slots {
      let attributes = attributes(ofSlot: slot)
      if attributes.frame.intersects(rect) { result.append(attributes) }
    }
    return result
  }

  /// The slot nearest the viewport's centre at a content offset.
  func focusedSlot(at offset: Point) -> Int? {
    line.focusedSlot(at: frame.logicalOffset(of: offset))
  }

  /// The content offset that centres a slot (clamped to the content), keeping the offset
  /// across the axis.
  func offset(centring slot: Int, cross: Point) -> Point {
    frame.offset(logical: line.clampedOffset(line.centringOffset(of: slot)), cross: cross)
  }

  /// Where a scroll comes to rest (see `SlotLine.targetOffset`), or the proposal clamped to
  /// the content when `snaps` is false.
  func targetOffset(proposed: Point, velocity: Point, rate: Double, snaps: Bool) -> Point {
    let logical = frame.logicalOffset(of: proposed)
    let target =
      snaps
      ? line.targetOffset(
        proposed: logical, velocity: frame.logicalVelocity(of: velocity), rate: rate)
      : line.clampedOffset(logical)
    return frame.offset(logical: target, cross: proposed)
  }
}
