import CollectionLayout

/// A list's first screen, laid out on the server by the same layouts the page runs as
/// WebAssembly (lists.js: `FEEDS`, `columnsFor`, `CAPTION`): Main's waterfall, the grid of
/// Likes and profiles, Inspire's mosaic; so the cells the server writes are where the page's
/// engine will put them, to the bit.
struct FirstScreenLayout: Sendable {
  /// The frames of the items, in order, and the height of the whole list.
  struct Frames: Equatable, Sendable {
    /// x, y, width and height of each item (CSS pixels).
    var items: [(x: Double, y: Double, width: Double, height: Double)]
    /// The content's width and height.
    var width: Double
    var height: Double

    static func == (lhs: Frames, rhs: Frames) -> Bool {
      lhs.width == rhs.width && lhs.height == rhs.height
        && lhs.items.elementsEqual(rhs.items) { $0 == $1 }
    }
  }

  /// A cell's caption under its photo (lists.js `CAPTION`).
  static let caption = 76.0

  /// The widest the mosaic is (app.css: `#feed[data-layout="mosaic"]`'s `max-width`).
  static let mosaicWidth = 960.0

  /// A waterfall's or grid's column count for a list `width` points wide (lists.js
  /// `columnsFor`).
  static func columns(width: Double) -> Int {
    max(2, min(6, Int((width / 260).rounded(.toNearestOrAwayFromZero))))
  }

  /// The width a list of `kind` is laid out in for `hint`: the list's own, but the mosaic's
  /// box is at most ``mosaicWidth`` wide, scroll bar included.
  static func width(of kind: FirstScreenList.Kind, in hint: ViewportHint) -> Double {
    guard kind == .mosaic else { return hint.width }
    return max(0, min(hint.width + hint.gutter, mosaicWidth) - hint.gutter)
  }

  /// The frames of photos of `sizes` (pixels: only their ratio counts) in a list of `kind` for
  /// `hint`, rounded to `hint.scale`'s pixel grid; `extra` more below each caption (a pocket
  /// list's note and tools).
  /// - Complexity: O(n · c) for n photos and c columns.
  static func frames(
    of sizes: [(width: Double, height: Double)], in hint: ViewportHint,
    kind: FirstScreenList.Kind, extra: Double = 0
  ) -> Frames {
    let width = width(of: kind, in: hint)
    let items = sizes.map { LayoutItem(width: $0.width, height: $0.height) }
    let context = LayoutContext(
      viewport: Size(width: width, height: 0), displayScale: hint.scale,
      sections: [LayoutSection(items: items)])
    switch kind {
    case .waterfall:
      var options = WaterfallLayout.Options()
      options.columnCount = columns(width: width)
      options.extraHeight = caption + extra
      return frames(of: WaterfallLayout(options: options), items.count, context)
    case .grid:
      var options = GridLayout.Options()
      options.columns = .count(columns(width: width))
      options.aspectRatio = 1
      options.extraHeight = caption + extra
      return frames(of: GridLayout(options: options), items.count, context)
    case .mosaic:
      return frames(of: MosaicLayout(), items.count, context)
    }
  }

  /// The frames of `count` items of `layout` prepared with `context`.
  private static func frames(
    of layout: some Layout, _ count: Int, _ context: LayoutContext
  ) -> Frames {
    var layout = layout
    layout.prepare(context)
    let frames = (0..<count).map { index in
      let frame =
        layout.attributes(of: .cell, at: ItemPath(section: 0, item: index), offset: .zero)?
        .frame ?? .zero
      return (x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
    }
    let size = layout.contentSize
    return Frames(items: frames, width: size.width, height: size.height)
  }
}
