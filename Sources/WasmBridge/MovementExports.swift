import CollectionLayout
import EngineBridge

/// Begins an interactive movement of one item (drag and drop or the keyboard): until it ends,
/// the layout's queries answer with the other items reflowed around it. `hysteresis` is how
/// far (points) the pointer travels between two changes of target. A movement under way is
/// cancelled first; a prepare, insert, delete or resize ends one where it is. Returns 0, or -1
/// for a bad handle or no such item.
@_expose(wasm, "lots_movement_begin")
@_cdecl("lots_movement_begin")
public func lotsMovementBegin(
  _ handle: Int32, _ section: Int32, _ item: Int32, _ hysteresis: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle),
    MovementCommands.begin(box, section: Int(section), item: Int(item), hysteresis: hysteresis)
  else { return -1 }
  return 0
}

/// Follows the pointer (content coordinates); returns the target item (where the item would
/// land), or -1 for a bad handle or no movement.
@_expose(wasm, "lots_movement_update")
@_cdecl("lots_movement_update")
public func lotsMovementUpdate(_ handle: Int32, _ x: Double, _ y: Double) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  return Int32(truncatingIfNeeded: MovementCommands.update(box, x: x, y: y))
}

/// One keyboard step (`MOVEMENT_DIRECTION` in abi.js); returns the target item, or -1.
@_expose(wasm, "lots_movement_step")
@_cdecl("lots_movement_step")
public func lotsMovementStep(_ handle: Int32, _ direction: Int32) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  return Int32(truncatingIfNeeded: MovementCommands.step(box, direction: Int(direction)))
}

/// Drops the item where it is (`cancel` 0) or puts it back (`cancel` 1); returns the item's
/// index now, or -1 for a bad handle or no movement.
@_expose(wasm, "lots_movement_end")
@_cdecl("lots_movement_end")
public func lotsMovementEnd(_ handle: Int32, _ cancel: Int32) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  return Int32(truncatingIfNeeded: MovementCommands.end(box, cancel: cancel != 0))
}
