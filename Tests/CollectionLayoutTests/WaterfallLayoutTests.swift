import CollectionLayout
import Testing

@Suite struct WaterfallLayoutTests {
  static func photo(_ width: Double, _ height: Double) -> LayoutItem {
    LayoutItem(width: width, height: height)
  }

  static func prepared(
    _ options: WaterfallLayout.Options = .init(), width: Double = 320,
    sections: [LayoutSection], direction: LayoutDirection = .leftToRight
  ) -> WaterfallLayout {
    var layout = WaterfallLayout(options: options)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: width, height: 600), displayScale: 0, direction: direction,
        sections: sections))
    return layout
  }

  static func frame(_ layout: WaterfallLayout, _ item: Int, section: Int = 0) -> Rect {
    layout.attributes(at: ItemPath(section: section, item: item))!.frame
  }

  @Test func shortestColumnFirstWithCHTDefaults() {
    // Given CHT's defaults (2 columns, spacings 10) at 320 points: columns 155 wide.
    let layout = Self.prepared(
      sections: [
        LayoutSection(items: [
          Self.photo(100, 100), Self.photo(100, 200), Self.photo(200, 100), Self.photo(50, 50),
        ])
      ])
    #expect(Self.frame(layout, 0) == Rect(x: 0, y: 0, width: 155, height: 155))
    #expect(Self.frame(layout, 1) == Rect(x: 165, y: 0, width: 155, height: 310))
    #expect(Self.frame(layout, 2) == Rect(x: 0, y: 165, width: 155, height: 77.5))
    #expect(Self.frame(layout, 3) == Rect(x: 0, y: 252.5, width: 155, height: 155))
    // The trailing interitem spacing is not part of the content.
    #expect(layout.contentSize == Size(width: 320, height: 407.5))
  }

  @Test func firstMinimumWinsTies() {
    var options = WaterfallLayout.Options()
    options.columnCount = 3
    options.minimumColumnSpacing = 0
    let layout = Self.prepared(
      options, width: 300, sections: [LayoutSection(items: [Self.photo(1, 1), Self.photo(1, 1)])])
    #expect(Self.frame(layout, 0).minX == 0)
    #expect(Self.frame(layout, 1).minX == 100)
  }

  @Test func renderDirectionsIgnoreHeights() {
    var options = WaterfallLayout.Options()
    options.itemRenderDirection = .rightToLeft
    let items = [Self.photo(1, 5), Self.photo(1, 1), Self.photo(1, 1)]
    let layout = Self.prepared(options, sections: [LayoutSection(items: items)])
    #expect([0, 1, 2].map { Self.frame(layout, $0).minX } == [165, 0, 165])
    options.itemRenderDirection = .leftToRight
    let ltr = Self.prepared(options, sections: [LayoutSection(items: items)])
    #expect([0, 1, 2].map { Self.frame(ltr, $0).minX } == [0, 165, 0])
  }

  @Test func headersFootersInsetsAndExtraHeight() {
    var options = WaterfallLayout.Options()
    options.headerHeight = 40
    options.headerInset = Insets(top: 5, left: 8, bottom: 6, right: 8)
    options.footerHeight = 20
    options.sectionInset = Insets(top: 10, left: 10, bottom: 12, right: 10)
    options.extraHeight = 30
    let layout = Self.prepared(
      options, sections: [LayoutSection(items: [Self.photo(3, 4)]), LayoutSection()])
    let header = layout.attributes(of: .header, at: ItemPath(section: 0, item: 0), offset: .zero)
    #expect(header?.frame == Rect(x: 8, y: 5, width: 304, height: 40))
    // Columns: (320 − 20 − 10) / 2 = 145 wide; the photo is 145 × 4/3 tall plus 30.
    let cell = Self.frame(layout, 0)
    #expect(cell == Rect(x: 10, y: 61, width: 145, height: 145 * (4.0 / 3.0) + 30))
    let footer = layout.attributes(of: .footer, at: ItemPath(section: 0, item: 0), offset: .zero)
    #expect(footer?.frame == Rect(x: 0, y: cell.maxY + 12, width: 320, height: 20))
    // The empty second section subtracts no spacing: header, insets and footer only.
    let second = layout.attributes(of: .header, at: ItemPath(section: 1, item: 0), offset: .zero)
    #expect(second?.frame.minY == footer!.frame.maxY + 5)
    #expect(layout.contentSize.height == footer!.frame.maxY + 5 + 40 + 6 + 10 + 12 + 20)
  }

  @Test func fullSpanItemGoesBelowTheLongestColumn() {
    let items = [
      Self.photo(1, 1), Self.photo(1, 2), LayoutItem(width: 2, height: 1, isFullSpan: true),
      Self.photo(1, 1),
    ]
    let layout = Self.prepared(sections: [LayoutSection(items: items)])
    #expect(Self.frame(layout, 2) == Rect(x: 0, y: 320, width: 320, height: 160))
    #expect(Self.frame(layout, 3) == Rect(x: 0, y: 490, width: 155, height: 155))
  }

  @Test func perSectionColumnCounts() {
    var options = WaterfallLayout.Options()
    options.columnCounts = [1, 4]
    let layout = Self.prepared(
      options,
      sections: [
        LayoutSection(items: [Self.photo(1, 1)]),
        LayoutSection(items: [Self.photo(1, 1)]),
      ])
    #expect(Self.frame(layout, 0).width == 320)
    #expect(Self.frame(layout, 0, section: 1).width == 72.5)
  }

  @Test func rightToLeftMirrors() {
    let layout = Self.prepared(
      sections: [LayoutSection(items: [Self.photo(1, 1)])], direction: .rightToLeft)
    #expect(Self.frame(layout, 0) == Rect(x: 165, y: 0, width: 155, height: 155))
  }

  @Test func pinnedHeaderSticksUntilItsSectionEnds() {
    var options = WaterfallLayout.Options()
    options.headerHeight = 50
    options.pinsSectionHeaders = true
    options.columnCount = 1
    options.minimumInteritemSpacing = 0
    let items = [LayoutItem](repeating: Self.photo(320, 100), count: 5)
    let layout = Self.prepared(
      options, sections: [LayoutSection(items: items), LayoutSection(items: items)])
    func headerY(_ section: Int, at y: Double) -> Double? {
      layout.attributes(in: Rect(x: 0, y: y, width: 320, height: 600), offset: Point(x: 0, y: y))
        .first { $0.kind == .header && $0.path.section == section }?.frame.minY
    }
    #expect(headerY(0, at: 0) == 0)
    #expect(headerY(0, at: 200) == 200)
    // Section 0 ends at 550: its header is pushed up by the next section.
    #expect(headerY(0, at: 530) == 500)
    #expect(headerY(1, at: 700) == 700)
    let header = layout.attributes(in: Rect(x: 0, y: 200, width: 320, height: 600))
      .first { $0.kind == .header }
    #expect(header?.zIndex ?? 0 > 0)
  }

  @Test func heightOnlyViewportChangeKeepsFrames() {
    var layout = Self.prepared(sections: [LayoutSection(items: [Self.photo(1, 1)])])
    let before = Self.frame(layout, 0)
    layout.apply(.resizeViewport(Size(width: 320, height: 100)))
    #expect(Self.frame(layout, 0) == before)
    layout.apply(.resizeViewport(Size(width: 420, height: 100)))
    #expect(Self.frame(layout, 0).width == 205)
  }
}
