/// A layout: turns a `LayoutContext` into the geometry of every element, and answers the
/// questions a scrolling view asks every frame.
///
/// Layouts are value types with no I/O. A view (UIKit, the browser, a test) prepares a layout
/// once, applies incremental updates as the data changes, and queries it while scrolling.
public protocol Layout {
  /// The context of the last `prepare(_:)` or `apply(_:)`.
  ///
  /// - Complexity: O(1) for the layouts of this module, which store it.
  var context: LayoutContext { get }

  /// Computes the geometry of every element for a context, from scratch.
  ///
  /// - Complexity: O(*n*) for *n* items in the vertical layouts, which store a frame per item
  ///   (``WaterfallLayout``: O(*n* · *c*) for *c* columns, since each item looks for the
  ///   shortest column). O(1) in the scroll-driven layouts (``SnapToCenterLayout``,
  ///   ``InfiniteLayout``, ``CarouselLayout``, ``StackLayout``), which store nothing per item
  ///   and compute a frame when it is asked for.
  mutating func prepare(_ context: LayoutContext)

  /// Applies an incremental update, recomputing only what it can move.
  ///
  /// - Complexity: That of updating the context (``LayoutContext/apply(_:)``: O(*k*) to append
  ///   *k* items or sections, O(*s*) to insert or delete elsewhere among *s* items or
  ///   sections), plus, in the vertical layouts: O(*k*) to append *k* items to the last
  ///   section; O(*m*) for an insert, delete, move or replacement followed by *m* items (to
  ///   the end of the content; the waterfall first walks back about *c* items to rebuild its
  ///   columns);
  ///   O(1) for a change of the viewport's height only; O(*n*) for a change of its width, which
  ///   lays out all *n* items again. In the scroll-driven layouts, O(1) plus the context's
  ///   update.
  mutating func apply(_ update: LayoutUpdate)

  /// The size of the whole scrollable content.
  ///
  /// - Complexity: O(1).
  var contentSize: Size { get }

  /// The attributes of every element whose frame intersects `rect` when the content is
  /// scrolled to `offset` (layouts such as pinned headers or a carousel depend on it).
  ///
  /// The order is unspecified; a frame intersects when the interiors overlap (see
  /// `Rect.intersects(_:)`).
  ///
  /// - Complexity: O(log *n* + *k*) in the vertical layouts: binary searches over an index of
  ///   64-item chunks and over the sections, then a test of the *k* elements in the chunks the
  ///   rect reaches (the visible ones plus about two chunks, as items trend downwards). O(*k*)
  ///   for *k* elements in the rect in the scroll-driven layouts, whatever the item count.
  func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes]

  /// The attributes of one element at a scroll offset, or `nil` if it does not exist.
  ///
  /// - Complexity: O(1).
  func attributes(of kind: ElementKind, at path: ItemPath, offset: Point) -> LayoutAttributes?

  /// Where scrolling should come to rest, given where it would rest on its own and the
  /// velocity (points per second) when the finger lifted.
  ///
  /// - Complexity: O(1).
  func targetContentOffset(proposed: Point, velocity: Point) -> Point
}

extension Layout {
  /// Where scrolling comes to rest: by default wherever it would on its own.
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    proposed
  }

  /// The attributes of every element whose frame intersects `rect`, scrolled to `rect.origin`.
  ///
  /// - Complexity: That of ``attributes(in:offset:)``: O(log *n* + *k*) in the vertical layouts,
  ///   O(*k*) in the scroll-driven ones.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    attributes(in: rect, offset: rect.origin)
  }

  /// The attributes of a cell at rest (content offset zero).
  ///
  /// - Complexity: That of ``attributes(of:at:offset:)``: O(1) in the layouts of this module.
  public func attributes(at path: ItemPath) -> LayoutAttributes? {
    attributes(of: .cell, at: path, offset: .zero)
  }
}
