/// The Instagram-style mosaic of the LOTs "inspire" page: three columns of square cells with
/// spacing 10, in groups of six where the first cell spans 2×2 (width and height
/// 2·side + spacing) and the other five fill the remaining 1×1 slots of the group's 3×3 block,
/// left to right, top to bottom; the group repeats down the page.
///
/// Options: the big cell can alternate sides every other group, and any pattern of spans can
/// replace the default one. Item sizes are ignored: every cell is square.
public struct MosaicLayout: Layout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet { core.replace(MosaicPlacer(options: options)) }
  }

  private var core: VerticalLayoutCore

  /// Creates a mosaic; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    core = VerticalLayoutCore(MosaicPlacer(options: options))
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
