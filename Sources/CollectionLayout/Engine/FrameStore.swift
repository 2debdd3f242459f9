/// The frames of every item of a layout, flat over all sections, as struct-of-arrays
/// (34 bytes per item: four Doubles and a 16-bit tag), with a `VerticalIndex` over them.
///
/// Frames are stored exactly as computed, left-to-right and unrounded; mirroring and pixel
/// rounding happen when attributes are read, so an incremental update can resume from stored
/// values and reproduce a full recompute bit for bit.
struct FrameStore: Sendable {
  private var buffer = FrameBuffer(capacity: 0)
  private(set) var index = VerticalIndex()

  /// The number of frames.
  var count: Int { buffer.count }

  /// Bytes of memory reserved for frames and index.
  var allocatedBytes: Int {
    buffer.capacity * FrameBuffer.bytesPerItem + index.allocatedBytes
  }

  private mutating func makeUnique(minimumCapacity: Int) {
    let unique = isKnownUniquelyReferenced(&buffer)
    guard !unique || buffer.capacity < minimumCapacity else { return }
    let grown = unique ? max(minimumCapacity, buffer.capacity * 2) : minimumCapacity
    buffer = buffer.copy(capacity: max(grown, buffer.capacity))
  }

  mutating func reserveCapacity(_ capacity: Int) {
    if buffer.capacity < capacity { buffer = buffer.copy(capacity: capacity) }
    index.reserveCapacity(capacity)
  }

  /// Appends `count` frames written by `body` through a `FrameWriter`, then indexes them.
  ///
  /// - Precondition: `body` writes exactly `count` frames.
  /// - Complexity: O(count).
  mutating func append(count: Int, _ body: (inout FrameWriter) -> Void) {
    guard count > 0 else { return }
    let start = buffer.count
    makeUnique(minimumCapacity: start + count)
    var writer = FrameWriter(
      minX: buffer.minX + start, minY: buffer.minY + start, width: buffer.width + start,
      height: buffer.height + start, tag: buffer.tag + start, capacity: count)
    body(&writer)
    precondition(writer.count == count, "fewer frames written than announced")
    buffer.count = start + count
    index.extend(
      from: start, tops: UnsafeBufferPointer(start: buffer.minY, count: buffer.count),
      heights: UnsafeBufferPointer(start: buffer.height, count: buffer.count))
  }

  /// The frame of item `i`.
  @inline(__always)
  func frame(_ i: Int) -> Rect {
    precondition(i >= 0 && i < buffer.count, "frame index out of range")
    return Rect(
      x: buffer.minX[i], y: buffer.minY[i], width: buffer.width[i], height: buffer.height[i])
  }

  /// The bottom edge of item `i`.
  @inline(__always)
  func maxY(_ i: Int) -> Double { frame(i).maxY }

  /// The placer's tag of item `i`.
  @inline(__always)
  func tag(_ i: Int) -> UInt16 {
    precondition(i >= 0 && i < buffer.count, "frame index out of range")
    return buffer.tag[i]
  }

  /// Forgets every frame but keeps the storage for the next layout pass.
  mutating func removeAll() {
    makeUnique(minimumCapacity: 0)
    buffer.count = 0
    index = VerticalIndex()
  }

  /// Forgets every frame from `count` on.
  mutating func truncate(to count: Int) {
    guard count < buffer.count else { return }
    makeUnique(minimumCapacity: 0)
    buffer.count = count
    let storage = buffer
    index.truncate(
      to: count, minY: { storage.minY[$0] }, maxY: { storage.minY[$0] + storage.height[$0] })
  }

  /// The indices of the items that may intersect the band of y (a superset).
  func candidates(minY low: Double, maxY high: Double) -> Range<Int> {
    index.candidates(minY: low, maxY: high, count: count)
  }
}
