import CollectionLayout

/// Main's waterfall, laid out on the server by the same `WaterfallLayout` the page runs as
/// WebAssembly (lists.js: `columnsFor`, `CAPTION`), so the cells the server writes are where
/// the page's engine will put them, to the bit.
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

  /// A waterfall's column count for a list `width` points wide (lists.js `columnsFor`).
  static func columns(width: Double) -> Int {
    max(2, min(6, Int((width / 260).rounded(.toNearestOrAwayFromZero))))
  }

  /// The frames of photos of `sizes` (pixels: only their ratio counts) in a list `hint.width`
  /// wide, rounded to `hint.scale`'s pixel grid.
  /// - Complexity: O(n · c) for n photos and c columns.
  static func frames(
    of sizes: [(width: Double, height: Double)], in hint: ViewportHint
  ) -> Frames {
    var options = WaterfallLayout.Options()
    options.columnCount = columns(width: hint.width)
    options.extraHeight = caption
    var layout = WaterfallLayout(options: options)
    let items = sizes.map { LayoutItem(width: $0.width, height: $0.height) }
    layout.prepare(
      LayoutContext(
        viewport: Size(width: hint.width, height: 0), displayScale: hint.scale,
        sections: [LayoutSection(items: items)]))
    let frames = items.indices.map { index in
      let frame =
        layout.attributes(of: .cell, at: ItemPath(section: 0, item: index), offset: .zero)?
        .frame ?? .zero
      return (x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
    }
    let size = layout.contentSize
    return Frames(items: frames, width: size.width, height: size.height)
  }
}
