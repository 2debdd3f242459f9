/// The frames of every item of a layout, flat over all sections, as struct-of-arrays
/// (34 bytes per item: four Doubles and a 16-bit tag), with a `VerticalIndex` over them.
///
/// Frames are stored exactly as computed, left-to-right and unrounded; mirroring and pixel
/// rounding happen when attributes are read, so an incremental update can resume from stored
/// values and reproduce a full recompute bit for bit.
struct FrameStore: Sendable {
  private(set) var minX: [Double] = []
  private(set) var minY: [Double] = []
  private(set) var width: [Double] = []
  private(set) var height: [Double] = []
  /// A small per-item value the placer needs to resume (the waterfall's column).
  private(set) var tag: [UInt16] = []
  private(set) var index = VerticalIndex()

  /// The number of frames.
  var count: Int { minY.count }

  /// Bytes of memory reserved for frames and index.
  var allocatedBytes: Int {
    (minX.capacity + minY.capacity + width.capacity + height.capacity) * 8
      + tag.capacity * 2 + index.allocatedBytes
  }

  mutating func reserveCapacity(_ capacity: Int) {
    minX.reserveCapacity(capacity)
    minY.reserveCapacity(capacity)
    width.reserveCapacity(capacity)
    height.reserveCapacity(capacity)
    tag.reserveCapacity(capacity)
    index.reserveCapacity(capacity)
  }

  @inline(__always)
  mutating func append(x: Double, y: Double, width w: Double, height h: Double, tag t: UInt16 = 0)
  {
    index.append(index: minY.count, minY: y, maxY: y + h)
    minX.append(x)
    minY.append(y)
    width.append(w)
    height.append(h)
    tag.append(t)
  }

  /// The frame of item `i`.
  @inline(__always)
  func frame(_ i: Int) -> Rect {
    Rect(x: minX[i], y: minY[i], width: width[i], height: height[i])
  }

  /// The bottom edge of item `i`.
  @inline(__always)
  func maxY(_ i: Int) -> Double { minY[i] + height[i] }

  /// Forgets every frame from `count` on.
  mutating func truncate(to count: Int) {
    guard count < minY.count else { return }
    minX.removeSubrange(count...)
    minY.removeSubrange(count...)
    width.removeSubrange(count...)
    height.removeSubrange(count...)
    tag.removeSubrange(count...)
    let tops = minY
    let heights = height
    index.truncate(to: count, minY: { tops[$0] }, maxY: { tops[$0] + heights[$0] })
  }

  /// The indices of the items that may intersect the band of y (a superset).
  func candidates(minY low: Double, maxY high: Double) -> Range<Int> {
    index.candidates(minY: low, maxY: high, count: count)
  }
}
