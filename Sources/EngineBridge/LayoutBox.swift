import CollectionLayout

/// A layout behind a class reference: Embedded Swift has no `any Layout`, but class-bound
/// dispatch works, so every kind is boxed in a subclass.
package class LayoutBox {
  /// The interactive movement under way (`MovementCommands`). It holds this box through its
  /// `BoxedLayout`: ending it, or removing the box from `LayoutTable`, breaks that cycle.
  package final var movement: ItemMovement<BoxedLayout>?

  /// Prepares the layout; a movement under way ends where it is.
  package final func prepare(_ context: LayoutContext) {
    movement = nil
    reflow(prepare: context)
  }

  /// Applies an update; a movement under way ends where it is.
  package final func apply(_ update: LayoutUpdate) {
    movement = nil
    reflow(update)
  }

  /// Prepares the layout itself, leaving any movement alone (what `BoxedLayout` calls).
  package func reflow(prepare context: LayoutContext) {}
  /// Applies an update to the layout itself, leaving any movement alone.
  package func reflow(_ update: LayoutUpdate) {}
  package var context: LayoutContext { .empty }
  /// The number of items in a section, or nil when there is no such section. Never inlined:
  /// the context read here is released on return, before an update mutates it (a copy held
  /// across the update made it copy every item of the section).
  @inline(never)
  package final func itemCount(inSection section: Int) -> Int? {
    let sections = context.sections
    return section >= 0 && section < sections.count ? sections[section].items.count : nil
  }
  package var contentSize: Size { .zero }
  package func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] { [] }
  package func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    nil
  }
  package func targetContentOffset(proposed: Point, velocity: Point) -> Point { proposed }
  /// The focused item's index at an offset, or -1 (layouts without focus).
  package func focusedItem(at offset: Point) -> Int { -1 }
  /// The offset that centres an item; the offset itself for layouts without focus.
  package func contentOffset(focusing item: Int, near offset: Point) -> Point { offset }
  /// Resizes the viewport and returns the offset that keeps the focused item in place.
  package func resize(_ size: Size, keepingFocusAt offset: Point) -> Point {
    apply(.resizeViewport(size))
    return offset
  }
  /// Where an infinite layout starts, and the invisible jump back to its middle cycle.
  package var initialContentOffset: Point { .zero }
  package func recentredOffset(_ offset: Point) -> Point { offset }
  /// The stack's swipe-to-delete geometry (nothing for other layouts). Its open/close
  /// transition is not exported: no page uses it, and the module has a size budget.
  package func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? { nil }
  package func deletesOnSwipe(translation: Double, velocity: Double) -> Bool { false }
}

/// The box of one concrete layout.
package class Box<L: Layout>: LayoutBox {
  package final var layout: L

  package init(_ layout: L) { self.layout = layout }

  /// Runs `body` on the layout in place. A method called on the stored property itself first
  /// copied the whole layout struct (retaining each of its buffers), which cost both time and
  /// an outlined copy function per layout kind in the module.
  @inline(__always)
  final func inPlace<R>(_ body: (inout L) -> R) -> R { body(&layout) }

  override package func reflow(prepare context: LayoutContext) { layout.prepare(context) }
  override package func reflow(_ update: LayoutUpdate) { layout.apply(update) }
  override package var context: LayoutContext { inPlace { $0.context } }
  override package var contentSize: Size { inPlace { $0.contentSize } }
  override package func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    inPlace { $0.attributes(in: rect, offset: offset) }
  }
  override package func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    inPlace { $0.attributes(of: kind, at: path, offset: offset) }
  }
  override package func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    inPlace { $0.targetContentOffset(proposed: proposed, velocity: velocity) }
  }
}

/// The box of a layout with a focused item.
package class FocusBox<L: FocusingLayout>: Box<L> {
  override package func focusedItem(at offset: Point) -> Int {
    inPlace { $0.focusedItem(at: offset)?.item ?? -1 }
  }
  override package func contentOffset(focusing item: Int, near offset: Point) -> Point {
    inPlace { $0.contentOffset(focusing: ItemPath(section: 0, item: item), near: offset) }
  }
  override package func resize(_ size: Size, keepingFocusAt offset: Point) -> Point {
    movement = nil
    return layout.apply(.resizeViewport(size), keepingFocusAt: offset)
  }
}

/// What the infinite row and the carousel add: a start in the middle cycle and re-centring.
package protocol Recentring: FocusingLayout {
  var initialContentOffset: Point { get }
  func recentredOffset(_ offset: Point) -> Point
}

extension InfiniteLayout: Recentring {}
extension CarouselLayout: Recentring {}

/// The box of an infinite row or a carousel.
package final class RecentringBox<L: Recentring>: FocusBox<L> {
  override package var initialContentOffset: Point { inPlace { $0.initialContentOffset } }
  override package func recentredOffset(_ offset: Point) -> Point {
    inPlace { $0.recentredOffset(offset) }
  }
}

/// The box of the Safari-style stack.
package final class StackBox: Box<StackLayout> {
  override package func dragged(item: Int, by dx: Double, offset: Point) -> LayoutAttributes? {
    inPlace { $0.attributes(of: ItemPath(section: 0, item: item), draggedBy: dx, offset: offset) }
  }
  override package func deletesOnSwipe(translation: Double, velocity: Double) -> Bool {
    inPlace { $0.swipeDecision(translation: translation, velocity: velocity) == .delete }
  }
}
