import CollectionLayout
import EngineBridge
import Testing

/// The positional format the wasm module reads: each descriptor read from a buffer of values.
@Suite struct PositionalOptionsTests {
  /// Reads a descriptor from `values` as `lots_layout_create` would.
  static func read<Descriptor: LayoutDescriptor>(
    _ descriptor: Descriptor.Type, _ values: [Double]
  ) -> Descriptor.Made {
    values.withUnsafeBufferPointer { buffer in
      var input = InputReader(buffer.baseAddress!, count: buffer.count)
      return Descriptor.read(&input)
    }
  }

  @Test func waterfallReadsChromeThenItsOwnOptionsThenPerSectionCounts() {
    let chrome: [Double] = [1, 2, 3, 4, 40, 30, 5, 6, 7, 8, 9, 10, 11, 12]
    let own: [Double] = [3, 12, 14, 2, 500, 7, 1, 2, 4, 5]
    let options = Self.read(WaterfallDescriptor.self, chrome + own).options
    #expect(options.sectionInset == Insets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(options.headerHeight == 40 && options.footerHeight == 30)
    #expect(options.headerInset == Insets(top: 5, left: 6, bottom: 7, right: 8))
    #expect(options.footerInset == Insets(top: 9, left: 10, bottom: 11, right: 12))
    #expect(options.columnCount == 3)
    #expect(options.minimumColumnSpacing == 12 && options.minimumInteritemSpacing == 14)
    #expect(options.itemRenderDirection == .rightToLeft)
    #expect(options.minimumContentHeight == 500 && options.extraHeight == 7)
    #expect(options.pinsSectionHeaders)
    #expect(options.columnCounts == [4, 5])
  }

  @Test func unknownChoiceCodesFallBackToTheFirstChoice() {
    let chrome = [Double](repeating: 0, count: 14)
    for code in [-1.0, 3, .nan, .infinity] {
      let layout = Self.read(WaterfallDescriptor.self, chrome + [2, 10, 10, code])
      #expect(layout.options.itemRenderDirection == .shortestFirst)
    }
    #expect(Self.read(SnapDescriptor.self, [1]).options.axis == .vertical)
    #expect(Self.read(SnapDescriptor.self, [7]).options.axis == .horizontal)
  }

  @Test func hostileCountsNeverReadPastTheBuffer() {
    let chrome = [Double](repeating: 0, count: 14)
    // A per-section count of a billion with two values left reads those two.
    let waterfall = Self.read(WaterfallDescriptor.self, chrome + [2, 10, 10, 0, 0, 0, 0, 1e9, 3])
    #expect(waterfall.options.columnCounts == [3])
    // A pattern count larger than the pairs left reads the whole pairs only.
    let mosaic = Self.read(MosaicDescriptor.self, chrome + [3, 10, 0, 50, 2, 2, 1])
    #expect(mosaic.options.pattern == [MosaicLayout.Span(columns: 2, rows: 2)])
    // No pattern keeps the default one.
    let plain = Self.read(MosaicDescriptor.self, chrome + [3, 10, 0, 0])
    #expect(plain.options.pattern == MosaicLayout.Options().pattern)
  }

  @Test func gridColumnsAreACountOrAMinimumWidth() {
    let chrome = [Double](repeating: 0, count: 14)
    #expect(Self.read(GridDescriptor.self, chrome + [4, 0]).options.columns == .count(4))
    #expect(
      Self.read(GridDescriptor.self, chrome + [0, 120]).options.columns == .minimumWidth(120))
  }

  @Test func scrollKindsNestTheirOptions() {
    let row: [Double] = [0, 200, 150, 12, 1, 2, 3, 4, 0, 0.9]
    let carousel = Self.read(CarouselDescriptor.self, row + [0, 1, 1, 300, 0.5, 0.25]).options
    #expect(carousel.infinite.row.itemSize == Size(width: 200, height: 150))
    #expect(carousel.infinite.row.interitemSpacing == 12)
    #expect(!carousel.infinite.row.centerFirstItem)
    #expect(carousel.infinite.row.decelerationRate == 0.9)
    #expect(!carousel.infinite.snapToCenter && carousel.infinite.repeatsItemsOnScreen)
    #expect(carousel.scalingOffset == 300 && carousel.minimumScaleFactor == 0.5)
    #expect(carousel.sideItemAlpha == 0.25)
    let stack = Self.read(StackDescriptor.self, [5, 6, 320, 480, -30]).options
    #expect(stack.sectionInsetTop == 5 && stack.sectionInsetBottom == 6)
    #expect(stack.itemSize == Size(width: 320, height: 480) && stack.zOffset == -30)
  }

  @Test func aShortBufferReadsNaNsAndZerosNeverATrap() {
    let layout = Self.read(WaterfallDescriptor.self, [])
    #expect(layout.options.headerHeight.isNaN)
    #expect(layout.options.columnCount == 0)
    #expect(layout.options.columnCounts.isEmpty)
  }
}
