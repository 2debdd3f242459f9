import CollectionLayout

/// A layout behind a class reference: Embedded Swift has no `any Layout`, but class-bound
/// dispatch works, so every kind is boxed in a subclass.
class LayoutBox {
  func prepare(_ context: LayoutContext) {}
  func apply(_ update: LayoutUpdate) {}
  var context: LayoutContext { .empty }
  /// The number of items in a section, or nil when there is no such section. Never inlined:
  /// the context read here is released on return, before an update mutates it (a copy held
  /// across the update made it copy every item of the section).
  @inline(never)
  final func itemCount(inSection section: Int) -> Int? {
    let sections = context.sections
    return section >= 0 && section < sections.count ? sections[section].items.count : nil
  }
  var contentSize: Size { .zero }
  func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] { [] }
  func attributes(of kind: ElementKind, at path: ItemPath, offset: Point) -> LayoutAttributes? {
    nil
  }
  func targetContentOffset(proposed: Point, velocity: Point) -> Point { proposed }
  /// The focused item's index at an offset, or -1 (layouts without focus).
  func focusedItem(at offset: Point) -> Int { -1 }
  /// The offset that centres an item; the offset itself for layouts without focus.
  func contentOffset(focusing item: Int, near offset: Point) -> Point { offset }
  /// Resizes the viewport and returns the offset that keeps the focused item in place.
  func resize(_ size: Size, keepingFocusAt offset: Point) -> Point {
    apply(.resizeViewport(size))
    return offset
  }
  /// Where an infinite layout starts, and the invisible jump back to its middle cycle.
  var initialContentOffset: Point { .zero }
  func recentredOffset(_ offset: Point) -> Point { offset }
  /// The stack's swipe-to-delete and open/close geometry (empty for other layouts).
  func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? { nil }
  func deletesOnSwipe(translation: Double, velocity: Double) -> Bool { false }
  func transition(opening item: Int, progress: Double, offset: Point) -> [LayoutAttributes] { [] }
}

/// The box of one concrete layout.
class Box<L: Layout>: LayoutBox {
  final var layout: L

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

/// The box of a layout with a focused item.
class FocusBox<L: FocusingLayout>: Box<L> {
  override func focusedItem(at offset: Point) -> Int {
    layout.focusedItem(at: offset)?.item ?? -1
  }
  override func contentOffset(focusing item: Int, near offset: Point) -> Point {
    layout.contentOffset(focusing: ItemPath(section: 0, item: item), near: offset)
  }
  override func resize(_ size: Size, keepingFocusAt offset: Point) -> Point {
    layout.apply(.resizeViewport(size), keepingFocusAt: offset)
  }
}

/// What the infinite row and the carousel add: a start in the middle cycle and re-centring.
protocol Recentring: FocusingLayout {
  var initialContentOffset: Point { get }
  func recentredOffset(_ offset: Point) -> Point
}

extension InfiniteLayout: Recentring {}
extension CarouselLayout: Recentring {}

/// The box of an infinite row or a carousel.
final class RecentringBox<L: Recentring>: FocusBox<L> {
  override var initialContentOffset: Point { layout.initialContentOffset }
  override func recentredOffset(_ offset: Point) -> Point { layout.recentredOffset(offset) }
}

/// The box of the Safari-style stack.
final class StackBox: Box<StackLayout> {
  override func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? {
    layout.attributes(of: ItemPath(section: 0, item: item), draggedBy: dx, offset: offset)
  }
  override func deletesOnSwipe(translation: Double, velocity: Double) -> Bool {
    layout.swipeDecision(translation: translation, velocity: velocity) == .delete
  }
  override func transition(opening item: Int, progress: Double, offset: Point)
    -> [LayoutAttributes]
  {
    layout.transitionAttributes(
      opening: ItemPath(section: 0, item: item), progress: progress, offset: offset)
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

  /// Never inlined: every export looks a box up, and each inlined copy carried the table's
  /// lazy initialisation.
  @inline(never)
  static func box(_ handle: Int32) -> LayoutBox? {
    let index = Int(handle) - 1
    guard index >= 0 && index < boxes.count else { return nil }
    return boxes[index]
  }
}
