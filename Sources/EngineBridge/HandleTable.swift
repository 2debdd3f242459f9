/// Objects JS holds by handle (index + 1; 0 is never a handle): at most `capacity` at once, in
/// one fixed table. A growable array of boxes brought the array growth code of its element type
/// into the module, for a table that a page fills with a handful.
package struct HandleTable<Box: AnyObject> {
  package let capacity: Int
  private let boxes: UnsafeMutablePointer<Box?>

  package init(capacity: Int) {
    self.capacity = capacity
    boxes = .allocate(capacity: capacity)
    boxes.initialize(repeating: nil, count: capacity)
  }

  /// Stores a box and returns its handle, or 0 when `capacity` boxes exist already.
  package func add(_ box: Box) -> Int32 {
    for index in 0..<capacity where boxes[index] == nil {
      boxes[index] = box
      return Int32(index + 1)
    }
    return 0
  }

  /// The box of a handle, or nil.
  package func box(_ handle: Int32) -> Box? {
    index(handle).flatMap { boxes[$0] }
  }

  /// Frees a handle for reuse.
  package func remove(_ handle: Int32) {
    if let index = index(handle) { boxes[index] = nil }
  }

  /// The slot of a handle, or nil for one that was never made.
  private func index(_ handle: Int32) -> Int? {
    let index = Int(handle) - 1
    return index >= 0 && index < capacity ? index : nil
  }
}
