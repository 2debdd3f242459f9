import CollectionLayout
import Testing

/// Hostile input never crashes and never yields NaN; each case documents what it becomes.
@Suite struct HostileInputTests {
  static let hostile: [Double] = [0, -1, .nan, .infinity, -.infinity]

  @Test(arguments: hostile)
  func hostilePhotoSizesBecomeSquares(value: Double) {
    var layout = WaterfallLayout()
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 210, height: 100),
        sections: [LayoutSection(items: [LayoutItem(width: value, height: 50)])]))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.frame.height == 100)
  }

  @Test func extremeAspectRatiosAreCapped() {
    #expect(LayoutItem(width: 1, height: 1e300).aspectRatio == 100)
    #expect(LayoutItem(width: 1e300, height: 1).aspectRatio == 0.01)
  }

  @Test(arguments: hostile)
  func hostileViewportWidthLaysOutInZeroWidth(value: Double) {
    var layout = WaterfallLayout()
    layout.prepare(
      LayoutContext(
        viewport: Size(width: value, height: value),
        sections: [LayoutSection(items: [LayoutItem(width: 1, height: 1)])]))
    #expect(layout.contentSize == Size(width: 0, height: 0))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.frame == .zero)
  }

  @Test func zeroAndNegativeColumnCountsBecomeOne() {
    for count in [0, -3, Int.min] {
      var options = WaterfallLayout.Options()
      options.columnCount = count
      #expect(options.columnCount(forSection: 0) == 1)
    }
    var options = WaterfallLayout.Options()
    options.columnCount = .max
    #expect(options.columnCount(forSection: 0) == 1024)
  }

  @Test func emptySectionsAndNoSections() {
    var layout = WaterfallLayout()
    layout.prepare(LayoutContext(viewport: Size(width: 100, height: 100)))
    #expect(layout.contentSize == Size(width: 100, height: 0))
    #expect(layout.attributes(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    layout.prepare(
      LayoutContext(viewport: Size(width: 100, height: 100), sections: [LayoutSection()]))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(layout.attributes(at: ItemPath(section: 5, item: -1)) == nil)
  }

  @Test func oneMillionItems() {
    let items = (0..<1_000_000).map { LayoutItem(width: 300, height: Double(200 + $0 % 300)) }
    var layout = WaterfallLayout()
    layout.options.columnCount = 5
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 1000, height: 800), sections: [LayoutSection(items: items)]))
    let height = layout.contentSize.height
    #expect(height.isFinite && height > 0)
    let visible = layout.attributes(in: Rect(x: 0, y: height / 2, width: 1000, height: 800))
    #expect(!visible.isEmpty && visible.count < 100)
    #expect(layout.allocatedBytes / 1_000_000 <= 48)
  }
}
