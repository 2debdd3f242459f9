/// A grid of equal cells with a fixed aspect ratio, like `UICollectionViewFlowLayout` with a
/// fixed item size: the Bounty list of the seed app is two columns, both spacings 10, and
/// height = width × 10/7 + 65 (`GridLayout.Options.bounty`).
///
/// The column count is fixed or follows a minimum item width; item sizes are ignored.
public struct GridLayout: Layout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { core.replace(GridPlacer(options: options), pinsHeaders: options.pinsSectionHeaders) }
  }

  private var core: VerticalLayoutCore

  /// Creates a grid; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    core = VerticalLayoutCore(
      GridPlacer(options: options), pinsHeaders: options.pinsSectionHeaders)
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public var context: LayoutContext { core.context }

  /// Lays out every item from scratch.
  ///
  /// - Complexity: O(n) for n items.
  public mutating func prepare(_ context: LayoutContext) { core.prepare(context) }

  /// Applies an incremental update, recomputing from the first item it can move.
  ///
  /// - Complexity: O(k) to append k items; O(m) for m items after a change; O(n) for a width
  ///   change.
  public mutating func apply(_ update: LayoutUpdate) { core.apply(update) }

  /// The content size.
  public var contentSize: Size { core.contentSize }

  /// The elements intersecting `rect`.
  ///
  /// - Complexity: O(log n + k) for k elements near the rect.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    core.attributes(in: rect, offset: offset)
  }

  /// The attributes of one element.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    core.attributes(of: kind, at: path, offset: offset)
  }
}
