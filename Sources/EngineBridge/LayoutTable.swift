/// The layouts JS has created, by handle: at most `capacity` at once.
package enum LayoutTable {
  package static let capacity = 256
  nonisolated(unsafe) static var table = HandleTable<LayoutBox>(capacity: capacity)

  /// Stores a box and returns its handle, or 0 when `capacity` layouts exist already.
  package static func add(_ box: LayoutBox) -> Int32 { table.add(box) }

  /// Never inlined: every export looks a box up, and each inlined copy carried the table's
  /// lazy initialisation.
  @inline(never)
  package static func box(_ handle: Int32) -> LayoutBox? { table.box(handle) }

  /// Frees a handle for reuse.
  package static func remove(_ handle: Int32) {
    // A movement holds its box: ending it frees the box with its handle.
    table.box(handle)?.movement = nil
    table.remove(handle)
  }
}
