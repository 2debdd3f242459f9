import CollectionLayout
import EngineBridge

/// Creates a layout of `kind` (a descriptor's code: `KIND` in Web/toolkit/abi.js) from `count`
/// options in the input buffer, in the order of that kind's descriptor; returns its handle, or 0 for an unknown
/// kind or when `LayoutTable.capacity` layouts exist already.
@_expose(wasm, "lots_layout_create")
@_cdecl("lots_layout_create")
public func lotsLayoutCreate(_ kind: Int32, _ count: Int32) -> Int32 {
  var creator = LayoutCreator(kind: kind, input: InputReader(count: count))
  LayoutDescriptors.visitAll(&creator)
  guard let box = creator.box else { return 0 }
  return LayoutTable.add(box)
}

/// Makes the layout of one kind code from the input buffer, by visiting every descriptor.
private struct LayoutCreator: LayoutDescriptorVisitor {
  let kind: Int32
  var input: InputReader
  var box: LayoutBox?

  mutating func visit<Descriptor: LayoutDescriptor>(_ descriptor: Descriptor.Type) {
    guard Descriptor.code == kind else { return }
    box = Descriptor.box(Descriptor.read(&input))
  }
}

/// Frees a layout; its handle may be reused.
@_expose(wasm, "lots_layout_destroy")
@_cdecl("lots_layout_destroy")
public func lotsLayoutDestroy(_ handle: Int32) {
  LayoutTable.remove(handle)
}

/// Prepares a layout from a context in the input buffer: viewport width and height, content
/// insets ×4, display scale, right-to-left flag, section count S, then S × (item count,
/// header height, footer height; NaN means the layout's default). The items, all sections'
/// in order, are the staged ones (`lots_items`); their count must be the sum of the sections'.
/// Returns 0, or -1 for a bad handle or buffer.
@_expose(wasm, "lots_layout_prepare")
@_cdecl("lots_layout_prepare")
public func lotsLayoutPrepare(_ handle: Int32, _ count: Int32) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  var input = InputReader(count: count)
  guard StagedContext.prepare(box, from: &input) else { return -1 }
  return 0
}

/// Inserts the `count` staged items (`lots_items`; `count` must be their number) into a
/// section before `index`; `index` equal to the section's count appends a page. Returns 0 or
/// -1.
@_expose(wasm, "lots_layout_insert_items")
@_cdecl("lots_layout_insert_items")
public func lotsLayoutInsertItems(
  _ handle: Int32, _ section: Int32, _ index: Int32, _ count: Int32
) -> Int32 {
  guard let box = LayoutTable.box(handle), let items = box.itemCount(inSection: Int(section)),
    index >= 0, Int(index) <= items, Int(count) == StagedItems.items.count
  else { return -1 }
  box.apply(.insertItems(StagedItems.items, section: Int(section), at: Int(index)))
  return 0
}

/// Deletes `count` items of a section from `index` on. Returns 0 or -1.
@_expose(wasm, "lots_layout_delete_items")
@_cdecl("lots_layout_delete_items")
public func lotsLayoutDeleteItems(
  _ handle: Int32, _ section: Int32, _ index: Int32, _ count: Int32
) -> Int32 {
  guard let box = LayoutTable.box(handle), let items = box.itemCount(inSection: Int(section)),
    index >= 0, count >= 0, Int(count) <= items - Int(index)
  else { return -1 }
  box.apply(.deleteItems(section: Int(section), range: Int(index)..<Int(index + count)))
  return 0
}

/// Changes the viewport size (only a width change re-lays out vertical layouts).
@_expose(wasm, "lots_layout_resize")
@_cdecl("lots_layout_resize")
public func lotsLayoutResize(_ handle: Int32, _ width: Double, _ height: Double) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  box.apply(.resizeViewport(Size(width: width, height: height)))
  return 0
}

/// Writes the content width and height into the output buffer. Returns 0 or -1.
@_expose(wasm, "lots_layout_content_size")
@_cdecl("lots_layout_content_size")
public func lotsLayoutContentSize(_ handle: Int32) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  let size = box.contentSize
  writePoint(Point(x: size.width, y: size.height))
  return 0
}

/// Writes the elements intersecting a rect at a content offset into the output buffer
/// (`AttributeRow.stride` values each) and returns how many, or -1 for a bad handle.
@_expose(wasm, "lots_layout_query")
@_cdecl("lots_layout_query")
public func lotsLayoutQuery(
  _ handle: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  _ offsetX: Double, _ offsetY: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  let elements = box.attributes(
    in: Rect(x: x, y: y, width: width, height: height), offset: Point(x: offsetX, y: offsetY))
  Buffers.reserveOutput(elements.count * AttributeRow.stride)
  for (index, element) in elements.enumerated() {
    AttributeRow.write(element, at: index * AttributeRow.stride)
  }
  return Int32(elements.count)
}

/// Writes one element (kind 0 cell, 1 header, 2 footer) into the output buffer; returns 1, or 0
/// when it does not exist, or -1 for a bad handle.
@_expose(wasm, "lots_layout_element")
@_cdecl("lots_layout_element")
public func lotsLayoutElement(
  _ handle: Int32, _ kind: Int32, _ section: Int32, _ item: Int32, _ offsetX: Double,
  _ offsetY: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  guard
    let element = box.attributes(
      of: AttributeRow.kind(kind), at: ItemPath(section: Int(section), item: Int(item)),
      offset: Point(x: offsetX, y: offsetY))
  else { return 0 }
  Buffers.reserveOutput(AttributeRow.stride)
  AttributeRow.write(element, at: 0)
  return 1
}

/// Writes where scrolling should rest (x, y) into the output buffer. Returns 0 or -1.
@_expose(wasm, "lots_layout_target_offset")
@_cdecl("lots_layout_target_offset")
public func lotsLayoutTargetOffset(
  _ handle: Int32, _ x: Double, _ y: Double, _ velocityX: Double, _ velocityY: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  writePoint(
    box.targetContentOffset(
      proposed: Point(x: x, y: y), velocity: Point(x: velocityX, y: velocityY)))
  return 0
}
