import CollectionLayout
import EngineBridge

/// The focused item's index at a content offset, -1 when none (or for layouts without focus),
/// or -2 for a bad handle.
@_expose(wasm, "lots_layout_focused_item")
@_cdecl("lots_layout_focused_item")
public func lotsLayoutFocusedItem(_ handle: Int32, _ x: Double, _ y: Double) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -2 }
  return Int32(truncatingIfNeeded: box.focusedItem(at: Point(x: x, y: y)))
}

/// Writes the offset that centres `item` (its appearance nearest the given offset) into the
/// output buffer. Returns 0 or -1.
@_expose(wasm, "lots_layout_focus_offset")
@_cdecl("lots_layout_focus_offset")
public func lotsLayoutFocusOffset(_ handle: Int32, _ item: Int32, _ x: Double, _ y: Double)
  -> Int32
{
  guard let box = LayoutTable.box(handle) else { return -1 }
  writePoint(box.contentOffset(focusing: Int(item), near: Point(x: x, y: y)))
  return 0
}

/// Resizes the viewport and writes the offset that keeps the focused item focused (or the
/// given offset for layouts without focus). Returns 0 or -1.
@_expose(wasm, "lots_layout_resize_keeping_focus")
@_cdecl("lots_layout_resize_keeping_focus")
public func lotsLayoutResizeKeepingFocus(
  _ handle: Int32, _ width: Double, _ height: Double, _ x: Double, _ y: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  writePoint(box.resize(Size(width: width, height: height), keepingFocusAt: Point(x: x, y: y)))
  return 0
}

/// Writes the initial offset of an infinite layout (its middle cycle) into the output buffer.
@_expose(wasm, "lots_layout_initial_offset")
@_cdecl("lots_layout_initial_offset")
public func lotsLayoutInitialOffset(_ handle: Int32) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  writePoint(box.initialContentOffset)
  return 0
}

/// Writes the equivalent offset in the middle cycle (for an invisible re-centring jump).
@_expose(wasm, "lots_layout_recentred_offset")
@_cdecl("lots_layout_recentred_offset")
public func lotsLayoutRecentredOffset(_ handle: Int32, _ x: Double, _ y: Double) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  writePoint(box.recentredOffset(Point(x: x, y: y)))
  return 0
}

/// Writes the stack item dragged horizontally by `dx` as one element; returns 1, 0 when it
/// does not exist (or the layout is not a stack), -1 for a bad handle.
@_expose(wasm, "lots_stack_dragged")
@_cdecl("lots_stack_dragged")
public func lotsStackDragged(
  _ handle: Int32, _ item: Int32, _ dx: Double, _ x: Double, _ y: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  guard let element = box.dragged(item: Int(item), by: dx, offset: Point(x: x, y: y)) else {
    return 0
  }
  Buffers.reserveOutput(AttributeRow.stride)
  AttributeRow.write(element, at: 0)
  return 1
}

/// Whether a swipe released after `dx` points at `velocity` points per second deletes the
/// stack item: 1 delete, 0 restore, -1 bad handle.
@_expose(wasm, "lots_stack_swipe_deletes")
@_cdecl("lots_stack_swipe_deletes")
public func lotsStackSwipeDeletes(_ handle: Int32, _ dx: Double, _ velocity: Double) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  return box.deletesOnSwipe(translation: dx, velocity: velocity) ? 1 : 0
}

func writePoint(_ point: Point) {
  Buffers.output[0] = point.x
  Buffers.output[1] = point.y
}
