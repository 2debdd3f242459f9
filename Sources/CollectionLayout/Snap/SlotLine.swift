/// The one-dimensional geometry every snapping layout shares: `count` slots of `itemLength`
/// every `pitch` points from `origin` along the scrolling axis, a viewport of `viewportLength`
/// and content of `contentLength`. All positions are logical (before right-to-left mirroring).
///
/// Every query is O(1): the slot nearest a point is a division and a rounding, so a layout of
/// a million items costs no more than one of ten.
struct SlotLine: Hashable, Sendable {
  var origin: Double
  var pitch: Double
  var itemLength: Double
  var count: Int
  var viewportLength: Double
  var contentLength: Double

  /// The largest content offset: the content's end at the viewport's end.
  var maximumOffset: Double { max(contentLength - viewportLength, 0) }

  /// Where slot `slot` starts.
  @inline(__always)
  func start(of slot: Int) -> Double { origin + pitch * Double(slot) }

  /// The offset that puts the centre of `slot` at the centre of the viewport, not clamped.
  @inline(__always)
  func centringOffset(of slot: Int) -> Double {
    start(of: slot) + itemLength / 2 - viewportLength / 2
  }

  /// `value` clamped to the scrollable range; NaN becomes 0.
  func clampedOffset(_ value: Double) -> Double {
    min(max(value.sanitizedCoordinate, 0), maximumOffset)
  }

  /// The slot whose centre is nearest `centre` (ties go to the later slot), or `nil` when
  /// there is none.
  func slot(nearestCentre centre: Double) -> Int? {
    guard count > 0 else { return nil }
    guard pitch > 0 else { return 0 }
    let raw = ((centre.sanitizedCoordinate - origin - itemLength / 2) / pitch)
      .rounded(.toNearestOrAwayFromZero)
    return Int(min(max(raw, 0), Double(count - 1)))
  }

  /// The slot focused at content offset `offset`: the one nearest the viewport's centre.
  func focusedSlot(at offset: Double) -> Int? {
    slot(nearestCentre: offset.sanitizedCoordinate + viewportLength / 2)
  }

  /// The slots whose extent overlaps the open interval (`low`, `high`), as a range that may
  /// be empty.
  func slots(overlapping low: Double, _ high: Double) -> Range<Int> {
    guard count > 0, itemLength > 0, low < high else { return 0..<0 }
    guard pitch > 0 else {
      let overlaps = origin < high && origin + itemLength > low
      return overlaps ? 0..<count : 0..<0
    }
    // First slot with start + itemLength > low; last with start < high.
    let first = ((low - origin - itemLength) / pitch).rounded(.down) + 1
    let last = ((high - origin) / pitch).rounded(.up) - 1
    let lower = min(max(first, 0), Double(count))
    let upper = min(max(last + 1, 0), Double(count))
    guard lower < upper else { return 0..<0 }
    return Int(lower)..<Int(upper)
  }
}
