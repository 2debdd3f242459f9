/// The Pinterest-style layout of the LOTs main feed: items flow into columns of equal width,
/// each as tall as its photo's aspect ratio asks, each placed in the shortest column.
///
/// Parity with CHTCollectionViewWaterfallLayout (same option names and geometry), plus items
/// that span all columns (`LayoutItem.isFullSpan`), right-to-left mirroring, pixel rounding
/// with one rule (`PixelGrid`), and no interitem spacing subtracted in an empty section.
///
/// ```swift
/// var layout = WaterfallLayout()
/// layout.prepare(LayoutContext(viewport: Size(width: 390, height: 844), sections: [section]))
/// let visible = layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844))
/// ```
public struct WaterfallLayout: Layout, Sendable {
  /// The options; setting them lays everything out again.
  public var options: Options {
    didSet {
      core.replace(
        WaterfallPlacer(options: options), pinsHeaders: options.pinsSectionHeaders,
        minimumContentHeight: options.minimumContentHeight)
    }
  }

  private var core: VerticalLayoutCore

  /// Creates a waterfall with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    core = VerticalLayoutCore(
      WaterfallPlacer(options: options), pinsHeaders: options.pinsSectionHeaders,
      minimumContentHeight: options.minimumContentHeight)
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public var context: LayoutContext { core.context }

  /// Lays out every item from scratch.
  ///
  /// - Complexity: O(n · c) for n items and c columns (c is small).
  public mutating func prepare(_ context: LayoutContext) { core.prepare(context) }

  /// Applies an incremental update, recomputing from the first item it can move.
  ///
  /// - Complexity: O(k) to append k items; O(m) for m items after a change; O(n) for a width
  ///   change.
  public mutating func apply(_ update: LayoutUpdate) { core.apply(update) }

  /// The content size: the content width and the bottom of the last section, at least
  /// `minimumContentHeight`.
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

  /// Bytes of memory the layout state occupies (frames, index and sections), not counting
  /// the context it was given.
  public var allocatedBytes: Int { core.allocatedBytes }
}
