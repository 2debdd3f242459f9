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
  /// The stack's swipe-to-delete geometry (nothing for other layouts). Its open/close
  /// transition is not exported: no page uses it, and the module has a size budget.
  func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? { nil }
  func deletesOnSwipe(translation: Double, velocity: Double) -> Bool { false }
}

/// The box of one concrete layout.
class Box<L: Layout>: LayoutBox {
  final var layout: L

  init(_ layout: L) { self.layout = layout }

  /// Runs `body` on the layout in place. A method called on the stored property itself first
  /// copied the whole layout struct (retaining each of its buffers), which cost both time and
  /// an outlined copy function per layout kind in the module.
  @inline(__always)
  final func inPlace<R>(_ body: (inout L) -> R) -> R { body(&layout) }

  override func prepare(_ context: LayoutContext) { layout.prepare(context) }
  override func apply(_ update: LayoutUpdate) { layout.apply(update) }
  override var context: LayoutContext { inPlace { $0.context } }
  override var contentSize: Size { inPlace { $0.contentSize } }
  override func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    inPlace { $0.attributes(in: rect, offset: offset) }
  }
  override func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    inPlace { $0.attributes(of: kind, at: path, offset: offset) }
  }
  override func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    inPlace { $0.targetContentOffset(proposed: proposed, velocity: velocity) }
  }
}

/// The box of a layout with a focused item.
class FocusBox<L: FocusingLayout>: Box<L> {
  override func focusedItem(at offset: Point) -> Int {
    inPlace { $0.focusedItem(at: offset)?.item ?? -1 }
  }
  override func contentOffset(focusing item: Int, near offset: Point) -> Point {
    inPlace { $0.contentOffset(focusing: ItemPath(section: 0, item: item), near: offset) }
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
  override var initialContentOffset: Point { inPlace { $0.initialContentOffset } }
  override func recentredOffset(_ offset: Point) -> Point {
    inPlace { $0.recentredOffset(offset) }
  }
}

/// The box of the Safari-style stack.
final class StackBox: Box<StackLayout> {
  override func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? {
    inPlace { $0.attributes(of: ItemPath(section: 0, item: item), draggedBy: dx, offset: offset) }
  }
  override func deletesOnSwipe(translation: Double, velocity: Double) -> Bool {
    inPlace { $0.swipeDecision(translation: translation, velocity: velocity) == .delete }
  }
}

/// The layouts JS has created, by handle (index + 1; 0 is never a handle): at most `capacity`
/// at once, in one fixed table. A growable array of boxes brought the array growth code of
/// its element type into the module, for a table that a page fills with a handful.
enum LayoutTable {
  static let capacity = 256
  nonisolated(unsafe) static var boxes: UnsafeMutablePointer<LayoutBox?> = {
    let table = UnsafeMutablePointer<LayoutBox?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()

  /// Stores a box and returns its handle, or 0 when `capacity` layouts exist already.
  static func add(_ box: LayoutBox) -> Int32 {
    for index in 0..<capacity where boxes[index] == nil {
      boxes[index] = box
      return Int32(index + 1)
    }
    return 0
  }

  /// Never inlined: every export looks a box up, and each inlined copy carried the table's
  /// lazy initialisation.
  @inline(never)
  static func box(_ handle: Int32) -> LayoutBox? {
    index(handle).flatMap { boxes[$0] }
  }

  /// Frees a handle for reuse.
  static func remove(_ handle: Int32) {
    if let index = index(handle) { boxes[index] = nil }
  }

  /// The table slot of a handle, or nil for one that was never made.
  private static func index(_ handle: Int32) -> Int? {
    let index = Int(handle) - 1
    return index >= 0 && index < capacity ? index : nil
  }
}
