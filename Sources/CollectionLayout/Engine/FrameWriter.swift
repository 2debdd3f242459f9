/// Writes a run of new frames straight into a `FrameStore`'s pre-grown storage, so that a
/// placer pays no per-item array bookkeeping (see `FrameStore.append(count:_:)`).
struct FrameWriter {
  let minX: UnsafeMutablePointer<Double>
  let minY: UnsafeMutablePointer<Double>
  let width: UnsafeMutablePointer<Double>
  let height: UnsafeMutablePointer<Double>
  let tag: UnsafeMutablePointer<UInt16>
  let capacity: Int
  private(set) var count = 0

  init(
    minX: UnsafeMutablePointer<Double>, minY: UnsafeMutablePointer<Double>,
    width: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>,
    tag: UnsafeMutablePointer<UInt16>, capacity: Int
  ) {
    self.minX = minX
    self.minY = minY
    self.width = width
    self.height = height
    self.tag = tag
    self.capacity = capacity
  }

  /// Writes the next frame.
  @inline(__always)
  mutating func write(x: Double, y: Double, width w: Double, height h: Double, tag t: UInt16 = 0) {
    precondition(count < capacity, "more frames written than announced")
    minX[count] = x
    minY[count] = y
    width[count] = w
    height[count] = h
    tag[count] = t
    count += 1
  }
}
