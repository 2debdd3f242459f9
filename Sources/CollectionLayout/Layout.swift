/// A layout: turns a `LayoutContext` into the geometry of every element, and answers the
/// questions a scrolling view asks every frame.
///
/// Layouts are value types with no I/O. A view (UIKit, the browser, a test) prepares a layout
/// once, applies incremental updates as the data changes, and queries it while scrolling.
public protocol Layout {
  /// The context of the last `prepare(_:)` or `apply(_:)`.
  var context: LayoutContext { get }

  /// Computes the geometry of every element for a context, from scratch.
  mutating func prepare(_ context: LayoutContext)

  /// Applies an incremental update, recomputing only what it can move.
  mutating func apply(_ update: LayoutUpdate)

  /// The size of the whole scrollable content.
  var contentSize: Size { get }

  /// The attributes of every element whose frame intersects `rect` when the content is
  /// scrolled to `offset` (layouts such as pinned headers or a carousel depend on it).
  ///
  /// The order is unspecified; a frame intersects when the interiors overlap (see
  /// `Rect.intersects(_:)`).
  func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes]

  /// The attributes of one element at a scroll offset, or `nil` if it does not exist.
  func attributes(of kind: ElementKind, at path: ItemPath, offset: Point) -> LayoutAttributes?

  /// Where scrolling should come to rest, given where it would rest on its own and the
  /// velocity (points per second) when the finger lifted.
  func targetContentOffset(proposed: Point, velocity: Point) -> Point
}

extension Layout {
  /// Where scrolling comes to rest: by default wherever it would on its own.
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    proposed
  }

  /// The attributes of every element whose frame intersects `rect`, scrolled to `rect.origin`.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    attributes(in: rect, offset: rect.origin)
  }

  /// The attributes of a cell at rest (content offset zero).
  public func attributes(at path: ItemPath) -> LayoutAttributes? {
    attributes(of: .cell, at: path, offset: .zero)
  }
}
