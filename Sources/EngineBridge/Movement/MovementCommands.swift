import CollectionLayout

/// What the wasm module's movement exports do, readable and testable natively: an interactive
/// movement (`ItemMovement`) of one item of a layout, held by the layout's box, which answers
/// queries with the reflowed frames while it lasts. Any other change to the layout (prepare,
/// insert, delete, resize) ends the movement where it is.
package enum MovementCommands {
  /// The keyboard directions by code, in order (`MOVEMENT_DIRECTION` in abi.js).
  package static let directions: [MovementDirection] = [.left, .right, .up, .down]

  /// Begins moving `item` of `section` (a movement under way is cancelled first). Returns
  /// false, beginning nothing, when there is no such item.
  package static func begin(_ box: LayoutBox, section: Int, item: Int, hysteresis: Double)
    -> Bool
  {
    _ = end(box, cancel: true)
    guard let count = box.itemCount(inSection: section), item >= 0, item < count else {
      return false
    }
    box.movement = ItemMovement(
      BoxedLayout(box: box), item: ItemPath(section: section, item: item),
      hysteresis: hysteresis)
    return true
  }

  /// Follows the pointer (content coordinates); returns the target item, or -1 when no
  /// movement is under way.
  package static func update(_ box: LayoutBox, x: Double, y: Double) -> Int {
    guard box.movement != nil else { return -1 }
    return box.movement!.update(pointer: Point(x: x, y: y)).item
  }

  /// One keyboard step (a `directions` code; others do nothing); returns the target item, or
  /// -1 when no movement is under way.
  package static func step(_ box: LayoutBox, direction: Int) -> Int {
    guard box.movement != nil else { return -1 }
    guard direction >= 0 && direction < directions.count else { return box.movement!.target.item }
    return box.movement!.step(directions[direction]).item
  }

  /// Drops the item (or, with `cancel`, puts it back): the layout stays reflowed (or is
  /// restored). Returns where the item is now, or -1 when no movement was under way.
  package static func end(_ box: LayoutBox, cancel: Bool) -> Int {
    guard var movement = box.movement else { return -1 }
    // Released first: the movement holds the box, and the box must not hold it back.
    box.movement = nil
    if cancel { _ = movement.cancel() }
    return movement.target.item
  }
}
