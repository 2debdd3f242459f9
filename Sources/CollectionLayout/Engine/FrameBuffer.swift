/// The raw storage behind a `FrameStore`: five lanes (x, y, width, height, tag) allocated
/// uninitialised, so a layout pass writes each value once and pays no per-item bookkeeping.
///
/// Shared between copies of a `FrameStore` and copied before a mutation when shared
/// (copy-on-write), which is what makes the unchecked `Sendable` sound.
final class FrameBuffer: @unchecked Sendable {
  private(set) var capacity: Int
  var count = 0
  private(set) var minX: UnsafeMutablePointer<Double>
  private(set) var minY: UnsafeMutablePointer<Double>
  private(set) var width: UnsafeMutablePointer<Double>
  private(set) var height: UnsafeMutablePointer<Double>
  private(set) var tag: UnsafeMutablePointer<UInt16>

  /// Bytes per item: four Doubles and a 16-bit tag.
  static let bytesPerItem = 4 * 8 + 2

  init(capacity: Int) {
    self.capacity = max(capacity, 0)
    minX = .allocate(capacity: self.capacity)
    minY = .allocate(capacity: self.capacity)
    width = .allocate(capacity: self.capacity)
    height = .allocate(capacity: self.capacity)
    tag = .allocate(capacity: self.capacity)
  }

  deinit {
    minX.deallocate()
    minY.deallocate()
    width.deallocate()
    height.deallocate()
    tag.deallocate()
  }

  /// A new buffer with the first `count` items of this one and room for `capacity`.
  func copy(capacity newCapacity: Int) -> FrameBuffer {
    let copy = FrameBuffer(capacity: max(newCapacity, count))
    copy.count = count
    copy.minX.update(from: minX, count: count)
    copy.minY.update(from: minY, count: count)
    copy.width.update(from: width, count: count)
    copy.height.update(from: height, count: count)
    copy.tag.update(from: tag, count: count)
    return copy
  }
}
