import CollectionLayout

/// Values per element in the output buffer after a query: section, item, kind (0 cell,
/// 1 header, 2 footer), x, y, width, height, zIndex, alpha, scale, translateX, translateY,
/// translateZ, rotateX, perspective.
let elementStride = 15

/// Creates a layout of `kind` (0 waterfall, 1 mosaic, 2 grid, 3 snap, 4 infinite, 5 carousel,
/// 6 stack) from `count` options in the input buffer; returns its handle, or 0 for an unknown
/// kind or when `LayoutTable.capacity` layouts exist already.
@_expose(wasm, "lots_layout_create")
@_cdecl("lots_layout_create")
public func lotsLayoutCreate(_ kind: Int32, _ count: Int32) -> Int32 {
  var input = InputReader(count: count)
  switch kind {
  case 0: return LayoutTable.add(Box(LayoutOptions.waterfall(&input)))
  case 1: return LayoutTable.add(Box(LayoutOptions.mosaic(&input)))
  case 2: return LayoutTable.add(Box(LayoutOptions.grid(&input)))
  case 3:
    return LayoutTable.add(FocusBox(SnapToCenterLayout(options: ScrollLayoutOptions.row(&input))))
  case 4:
    let options = ScrollLayoutOptions.infinite(&input)
    return LayoutTable.add(RecentringBox(InfiniteLayout(options: options)))
  case 5:
    let options = ScrollLayoutOptions.carousel(&input)
    return LayoutTable.add(RecentringBox(CarouselLayout(options: options)))
  case 6: return LayoutTable.add(StackBox(StackLayout(options: ScrollLayoutOptions.stack(&input))))
  default: return 0
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
  var context = LayoutContext(
    viewport: Size(width: input.next(), height: input.next()),
    contentInsets: LayoutOptions.insets(&input), displayScale: input.next(),
    direction: input.nextBool() ? .rightToLeft : .leftToRight)
  // Int is 32 bits on wasm32: compare by division so that hostile counts cannot overflow.
  let sectionCount = input.nextInt()
  guard sectionCount >= 0 && sectionCount <= input.remaining / 3 else { return -1 }
  var counts: [Int] = []
  for _ in 0..<sectionCount {
    let items = input.nextInt()
    let header = input.next()
    let footer = input.next()
    counts.append(max(items, 0))
    context.sections.append(
      LayoutSection(
        headerHeight: header.isNaN ? nil : header, footerHeight: footer.isNaN ? nil : footer))
  }
  var total = 0
  for items in counts {
    guard items <= StagedItems.items.count - total else { return -1 }
    total += items
  }
  guard total == StagedItems.items.count else { return -1 }
  var start = 0
  for (section, items) in counts.enumerated() {
    context.sections[section].items = StagedItems.take(from: start, count: items)
    start += items
  }
  box.prepare(context)
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
/// (`elementStride` values each) and returns how many, or -1 for a bad handle.
@_expose(wasm, "lots_layout_query")
@_cdecl("lots_layout_query")
public func lotsLayoutQuery(
  _ handle: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  _ offsetX: Double, _ offsetY: Double
) -> Int32 {
  guard let box = LayoutTable.box(handle) else { return -1 }
  let elements = box.attributes(
    in: Rect(x: x, y: y, width: width, height: height), offset: Point(x: offsetX, y: offsetY))
  Buffers.reserveOutput(elements.count * elementStride)
  for (index, element) in elements.enumerated() {
    write(element, at: index * elementStride)
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
  let elementKind: ElementKind = kind == 1 ? .header : kind == 2 ? .footer : .cell
  guard
    let element = box.attributes(
      of: elementKind, at: ItemPath(section: Int(section), item: Int(item)),
      offset: Point(x: offsetX, y: offsetY))
  else { return 0 }
  Buffers.reserveOutput(elementStride)
  write(element, at: 0)
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

func write(_ element: LayoutAttributes, at base: Int) {
  let out = Buffers.output + base
  out[0] = Double(element.path.section)
  out[1] = Double(element.path.item)
  out[2] = element.kind == .cell ? 0 : element.kind == .header ? 1 : 2
  out[3] = element.frame.minX
  out[4] = element.frame.minY
  out[5] = element.frame.width
  out[6] = element.frame.height
  out[7] = Double(element.zIndex)
  out[8] = element.alpha
  out[9] = element.transform.scale
  out[10] = element.transform.translateX
  out[11] = element.transform.translateY
  out[12] = element.transform.translateZ
  out[13] = element.transform.rotateX
  out[14] = element.transform.perspective
}
