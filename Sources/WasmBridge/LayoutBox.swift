import CollectionLayout

/// A layout behind a class reference: Embedded Swift has no `any Layout`, but class-bound
/// dispatch works, so every kind is boxed in a subclass.
class LayoutBox {
  func prepare(_ context: LayoutContext) {}
  func apply(_ update: LayoutUpdate) {}
  var context: LayoutContext { .empty }
  var contentSize: Size { .zero }
  func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] { [] }
  func attributes(of kind: ElementKind, at path: ItemPath, offset: Point) -> LayoutAttributes? {
    nil
  }
  func targetContentOffset(proposed: Point, velocity: Point) -> Point { proposed }
}

/// The box of one concrete layout.
final class Box<L: Layout>: LayoutBox {
  var layout: L

  init(_ layout: L) { self.layout = layout }

  override func prepare(_ context: LayoutContext) { layout.prepare(context) }
  override func apply(_ update: LayoutUpdate) { layout.apply(update) }
  override var context: LayoutContext { layout.context }
  override var contentSize: Size { layout.contentSize }
  override func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    layout.attributes(in: rect, offset: offset)
  }
  override func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    layout.attributes(of: kind, at: path, offset: offset)
  }
  override func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    layout.targetContentOffset(proposed: proposed, velocity: velocity)
  }
}

/// The layouts JS has created, by handle (index + 1; 0 is never a handle).
enum LayoutTable {
  nonisolated(unsafe) static var boxes: [LayoutBox?] = []

  static func add(_ box: LayoutBox) -> Int32 {
    if let free = boxes.firstIndex(where: { $0 == nil }) {
      boxes[free] = box
      return Int32(free + 1)
    }
    boxes.append(box)
    return Int32(boxes.count)
  }

  static func box(_ handle: Int32) -> LayoutBox? {
    let index = Int(handle) - 1
    guard index >= 0 && index < boxes.count else { return nil }
    return boxes[index]
  }
}
