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
      placer = WaterfallPlacer(options: options)
      prepare(context)
    }
  }

  private var engine = VerticalEngine()
  /// Built once per set of options (the mosaic resolves its pattern here), not per update.
  private var placer: WaterfallPlacer

  /// Creates a waterfall with the given options; call `prepare(_:)` before querying.
  public init(options: Options = Options()) {
    self.options = options
    placer = WaterfallPlacer(options: options)
  }

  /// The context of the last `prepare(_:)` or `apply(_:)`.
  public var context: LayoutContext { engine.context }

  /// Lays out every item from scratch.
  ///
  /// - Complexity: O(n · c) for n items and c columns (c is small).
  public mutating func prepare(_ context: LayoutContext) {
    engine.prepare(context, placer: placer)
  }

  /// Applies an incremental update: appending k items costs O(k); inserting, deleting or
  /// resizing item i recomputes from i on; only a width change recomputes everything.
  public mutating func apply(_ update: LayoutUpdate) {
    engine.apply(update, placer: placer)
  }

  /// The content size: the content width and the bottom of the last section, at least
  /// `minimumContentHeight`.
  public var contentSize: Size {
    engine.contentSize(minimumHeight: options.minimumContentHeight)
  }

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
    engine.attributes(
      of: kind, at: path, offset: offset, pinsHeaders: options.pinsSectionHeaders)
  }

  /// Bytes of memory the layout state occupies (frames, index and sections), not counting
  /// the context it was given.
  public var allocatedBytes: Int { engine.allocatedBytes }
}
