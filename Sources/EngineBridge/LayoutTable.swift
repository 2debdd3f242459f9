/// The layouts JS has created, by handle (index + 1; 0 is never a handle): at most `capacity`
/// at once, in one fixed table. A growable array of boxes brought the array growth code of
/// its element type into the module, for a table that a page fills with a handful.
package enum LayoutTable {
  package static let capacity = 256
  nonisolated(unsafe) static var boxes: UnsafeMutablePointer<LayoutBox?> = {
    let table = UnsafeMutablePointer<LayoutBox?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()

  /// Stores a box and returns its handle, or 0 when `capacity` layouts exist already.
  package static func add(_ box: LayoutBox) -> Int32 {
    for index in 0..<capacity where boxes[index] == nil {
      boxes[index] = box
      return Int32(index + 1)
    }
    return 0
  }

  /// Never inlined: every export looks a box up, and each inlined copy carried the table's
  /// lazy initialisation.
  @inline(never)
  package static func box(_ handle: Int32) -> LayoutBox? {
    index(handle).flatMap { boxes[$0] }
  }

  /// Frees a handle for reuse.
  package static func remove(_ handle: Int32) {
    if let index = index(handle) { boxes[index] = nil }
  }

  /// The table slot of a handle, or nil for one that was never made.
  private static func index(_ handle: Int32) -> Int? {
    let index = Int(handle) - 1
    return index >= 0 && index < capacity ? index : nil
  }
}
