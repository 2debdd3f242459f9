/// A grid of equal cells with a fixed aspect ratio, like `UICollectionViewFlowLayout` with a
/// fixed item size: the Bounty list of the seed app is two columns, both spacings 10, and
/// height = width × 10/7 + 65 (`GridLayout.Options.bounty`).
///
/// The column count is fixed or follows a minimum item width; item sizes are ignored.
public struct GridLayout: Layout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet {
      placer = GridPlacer(options: options)
      prepare(context)
    }
  }

  private var engine = VerticalEngine()
  /// Built once per set of options (the mosaic resolves its pattern here), not per update.
  private var placer: GridPlacer

  /// Creates a grid; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    placer = GridPlacer(options: options)
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public var context: LayoutContext { engine.context }

  /// Lays out every item from scratch.
  ///
  /// - Complexity: O(n) for n items.
  public mutating func prepare(_ context: LayoutContext) {
    engine.prepare(context, placer: placer)
  }

  /// Applies an incremental update, recomputing from the first item it can move.
  ///
  /// - Complexity: O(k) to append k items; O(m) for m items after a change.
  public mutating func apply(_ update: LayoutUpdate) {
    engine.apply(update, placer: placer)
  }

  /// The content size.
  public var contentSize: Size { engine.contentSize() }

  /// The elements intersecting `rect`.
  ///
  /// - Complexity: O(log n + k) for k elements near the rect.
  public func attributes(in rect: Rect, offset: Point) -> [LayoutAttributes] {
    engine.attributes(in: rect, offset: offset, pinsHeaders: options.pinsSectionHeaders)
  }

  /// The attributes of one element.
  ///
  /// - Complexity: O(1).
  public func attributes(of kind: ElementKind, at path: ItemPath, offset: Point)
    -> LayoutAttributes?
  {
    engine.attributes(of: kind, at: path, offset: offset, pinsHeaders: options.pinsSectionHeaders)
  }
}
