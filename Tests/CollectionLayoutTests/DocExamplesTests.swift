import CollectionLayout
import Testing

/// The examples of the CollectionLayout documentation catalog, line for line, with their
/// results asserted (`scripts/docs` checks that every line of an article's code is here).
@Suite struct DocExamplesTests {
  // Article: Sources/CollectionLayout/CollectionLayout.docc/Waterfall.md
  @Test func waterfall() {
    var options = WaterfallLayout.Options()
    options.columnCount = 2  // (330 − 10) / 2: columns 160 points wide
    options.headerHeight = 44
    var layout = WaterfallLayout(options: options)
    let photos = [
      LayoutItem(width: 1000, height: 1000),  // square: 160 tall
      LayoutItem(width: 1000, height: 1500),  // portrait: 240 tall
      LayoutItem(width: 2000, height: 1000),  // landscape: 80 tall
      LayoutItem(width: 1000, height: 500, isFullSpan: true),  // across both columns
    ]
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 330, height: 600), sections: [LayoutSection(items: photos)]))

    let landscape = layout.attributes(at: ItemPath(section: 0, item: 2))?.frame
    // Rect(x: 0, y: 214, width: 160, height: 80): in the shorter column, under the square
    #expect(landscape == Rect(x: 0, y: 214, width: 160, height: 80))
    let banner = layout.attributes(at: ItemPath(section: 0, item: 3))?.frame
    // Rect(x: 0, y: 304, width: 330, height: 165): below the longer column
    #expect(banner == Rect(x: 0, y: 304, width: 330, height: 165))
    let size = layout.contentSize  // Size(width: 330, height: 469)
    #expect(size == Size(width: 330, height: 469))

    // The next page: only the new items are placed.
    layout.apply(.insertItems([LayoutItem(width: 1000, height: 1000)], section: 0, at: 4))
    let height = layout.contentSize.height  // 639: the new square starts at y = 479
    #expect(height == 639)

    // Every frame of a scroll: the elements in the visible rect.
    let visible = layout.attributes(in: Rect(x: 0, y: 0, width: 330, height: 200))
    let kinds = visible.map(\.kind)  // [.header, .cell, .cell]: the header, items 0 and 1
    #expect(kinds == [.header, .cell, .cell])
    #expect(visible.map(\.path.item) == [0, 0, 1])
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/Movement.md
  @Test func movement() {
    var options = GridLayout.Options()
    options.columns = .count(3)  // (320 − 2 · 10) / 3: cells 100 points square
    var layout = GridLayout(options: options)
    let photos = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 9)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 320, height: 480), sections: [LayoutSection(items: photos)]))

    var movement = ItemMovement(layout, item: ItemPath(section: 0, item: 0))
    let target = movement.update(pointer: Point(x: 160, y: 160))  // over item 4: the target is 4
    #expect(target == ItemPath(section: 0, item: 4))
    let landing = movement.placeholderFrame  // Rect(x: 110, y: 110, width: 100, height: 100)
    #expect(landing == Rect(x: 110, y: 110, width: 100, height: 100))
    let below = movement.step(.down)  // the arrow key: item 7, shown below
    #expect(below.item == 7)
    let (move, reflowed) = movement.end()  // from item 0 to item 7; apply it to the data
    #expect(
      move == ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 7)))
    #expect(reflowed.attributes(at: ItemPath(section: 0, item: 7))?.frame.minY == 220)
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/Mosaic.md
  @Test func mosaic() {
    var layout = MosaicLayout()  // three columns, spacing 10, the inspire pattern
    let posts = [LayoutItem](repeating: LayoutItem(width: 1080, height: 1350), count: 12)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 320, height: 600), sections: [LayoutSection(items: posts)]))

    let big = layout.attributes(at: ItemPath(section: 0, item: 0))?.frame
    // Rect(x: 0, y: 0, width: 210, height: 210): cells are (320 − 2 × 10) / 3 = 100 wide
    #expect(big == Rect(x: 0, y: 0, width: 210, height: 210))
    let small = layout.attributes(at: ItemPath(section: 0, item: 1))?.frame
    // Rect(x: 220, y: 0, width: 100, height: 100): beside the big cell
    #expect(small == Rect(x: 220, y: 0, width: 100, height: 100))
    let size = layout.contentSize  // Size(width: 320, height: 650): two groups of six
    #expect(size == Size(width: 320, height: 650))

    layout.options.alternatesSides = true  // setting the options lays everything out again
    let mirrored = layout.attributes(at: ItemPath(section: 0, item: 6))?.frame
    // Rect(x: 110, y: 330, width: 210, height: 210): the second group's big cell is on the right
    #expect(mirrored == Rect(x: 110, y: 330, width: 210, height: 210))

    var options = MosaicLayout.Options()
    options.columnCount = 4
    options.pattern = [
      MosaicLayout.Span(columns: 1, rows: 1), MosaicLayout.Span(columns: 3, rows: 2),
      MosaicLayout.Span(columns: 1, rows: 1),
    ]
    var custom = MosaicLayout(options: options)
    custom.prepare(
      LayoutContext(
        viewport: Size(width: 430, height: 600), sections: [LayoutSection(items: posts)]))
    let wide = custom.attributes(at: ItemPath(section: 0, item: 1))?.frame
    // Rect(x: 110, y: 0, width: 320, height: 210): three columns and two rows
    #expect(wide == Rect(x: 110, y: 0, width: 320, height: 210))
    let third = custom.attributes(at: ItemPath(section: 0, item: 2))?.frame
    // Rect(x: 0, y: 110, width: 100, height: 100): the first free cell, under the first
    #expect(third == Rect(x: 0, y: 110, width: 100, height: 100))
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/Grid.md
  @Test func grid() {
    var options = GridLayout.Options.bounty  // 2 columns, height = width × 10/7 + 65
    options.headerHeight = 40
    options.pinsSectionHeaders = true
    var layout = GridLayout(options: options)
    let bounties = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 6)
    layout.prepare(
      LayoutContext(
        viewport: Size(width: 360, height: 640), sections: [LayoutSection(items: bounties)]))

    let cell = layout.attributes(at: ItemPath(section: 0, item: 3))?.frame
    // Rect(x: 185, y: 365, width: 175, height: 315): (360 − 10) / 2 wide, 175 × 10/7 + 65 tall
    #expect(cell == Rect(x: 185, y: 365, width: 175, height: 315))
    let size = layout.contentSize  // Size(width: 360, height: 1005): a header and three rows
    #expect(size == Size(width: 360, height: 1005))

    let header = layout.attributes(
      of: .header, at: ItemPath(section: 0, item: 0), offset: Point(x: 0, y: 300))
    // header?.frame.minY == 300: scrolled to y = 300, the header stays at the top
    #expect(header?.frame.minY == 300)

    layout.options.columns = .minimumWidth(100)  // as many columns as fit, at least 100 wide
    layout.apply(.resizeViewport(Size(width: 430, height: 640)))  // a wider window
    let columns = layout.options.columnCount(forWidth: 430)  // 4: 4 × 100 + 3 × 10 ≤ 430
    #expect(columns == 4)
    let fourth = layout.attributes(at: ItemPath(section: 0, item: 3))?.frame
    // fourth?.minX == 330: the last column of the first row
    #expect(fourth?.minX == 330)
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/ScrollingRows.md
  @Test func snapToCenterRow() {
    var row = SnapToCenterLayout()  // LNZ's defaults: 100 × 100 items, spacing 8
    let stickers = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 10)
    row.prepare(
      LayoutContext(
        viewport: Size(width: 390, height: 200), sections: [LayoutSection(items: stickers)]))

    let first = row.attributes(at: ItemPath(section: 0, item: 0))?.frame
    // Rect(x: 145, y: 8, width: 100, height: 100): the leading inset centres item 0
    #expect(first == Rect(x: 145, y: 8, width: 100, height: 100))
    let rest = row.targetContentOffset(proposed: Point(x: 260, y: 0), velocity: .zero)
    // Point(x: 216, y: 0): item 2, nearest the centre, is centred
    #expect(rest == Point(x: 216, y: 0))
    let flick = row.targetContentOffset(
      proposed: Point(x: 260, y: 0), velocity: Point(x: 1000, y: 0))
    // Point(x: 864, y: 0): 1,000 points per second travel 499 more points, to item 8
    #expect(flick == Point(x: 864, y: 0))
    let focused = row.focusedItem(at: rest)  // item 2
    #expect(focused == ItemPath(section: 0, item: 2))
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/ScrollingRows.md
  @Test func infiniteAndCarouselRows() {
    var carousel = CarouselLayout()  // an infinite row; items shrink away from the centre
    let covers = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 10)
    carousel.prepare(
      LayoutContext(
        viewport: Size(width: 390, height: 200), sections: [LayoutSection(items: covers)]))

    let repeats = carousel.isInfinite  // true: ten items span 1,080 points, over two viewports
    #expect(repeats)
    let start = carousel.initialContentOffset  // item 0 centred in the middle of the content
    let visible = carousel.attributes(
      in: Rect(origin: start, size: Size(width: 390, height: 200)), offset: start)
    let items = visible.map(\.path.item)  // [8, 9, 0, 1, 2]: the row wraps around
    #expect(items == [8, 9, 0, 1, 2])
    let scales = visible.map(\.transform.scale)  // [0.85, 0.919, 1, 0.919, 0.85]
    #expect(scales == [0.85, 0.919, 1, 0.919, 0.85])

    // After a long scroll, move back to the same picture in the middle cycle.
    let far = Point(x: start.x + 1080 * 300 + 40, y: 0)
    let recentred = carousel.recentredOffset(far)  // Point(x: start.x + 40, y: 0)
    #expect(recentred == Point(x: start.x + 40, y: 0))
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/ScrollingRows.md
  @Test func focusTracking() {
    var row = SnapToCenterLayout()
    let stickers = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 10)
    row.prepare(
      LayoutContext(
        viewport: Size(width: 390, height: 200), sections: [LayoutSection(items: stickers)]))

    var focused: [Int] = []
    var tracker = FocusTracker(didChange: { focused.append($0.current?.item ?? -1) })
    for x in stride(from: 0.0, through: 400, by: 20) {  // scroll frames
      tracker.update(row, offset: Point(x: x, y: 0))
    }
    // focused == [0, 1, 2, 3, 4]: one report per item that reached the centre
    #expect(focused == [0, 1, 2, 3, 4])

    // Rotation: keep item 4 centred in the new viewport.
    let offset = row.apply(
      .resizeViewport(Size(width: 844, height: 200)), keepingFocusAt: Point(x: 400, y: 0))
    let kept = row.focusedItem(at: offset)  // item 4
    #expect(kept == ItemPath(section: 0, item: 4))
  }

  // Article: Sources/CollectionLayout/CollectionLayout.docc/Stack.md
  @Test func stack() {
    var tabs = StackLayout()  // 100 × 100 items, insets 20, zOffset −60
    tabs.options.itemSize = Size(width: 350, height: 500)
    let pages = [LayoutItem](repeating: LayoutItem(width: 1, height: 1), count: 10)
    tabs.prepare(
      LayoutContext(
        viewport: Size(width: 390, height: 844), sections: [LayoutSection(items: pages)]))

    let third = tabs.attributes(at: ItemPath(section: 0, item: 2))
    // frame Rect(x: 20, y: 342, width: 350, height: 500): tops (844 − 40) / 5 = 160.8 apart
    #expect(third?.frame == Rect(x: 20, y: 342, width: 350, height: 500))
    // zIndex 2: each tab in front of the one before; tilted back about the x axis
    #expect(third?.zIndex == 2)
    #expect(third.map { $0.transform.rotateX < 0 } == true)

    let dragged = tabs.attributes(
      of: ItemPath(section: 0, item: 2), draggedBy: -105, offset: .zero)
    // alpha 0.7: a swipe fades the tab out over one tab width
    #expect(dragged?.alpha == 0.7)
    let decision = tabs.swipeDecision(translation: -200, velocity: 0)  // .delete: past half
    #expect(decision == .delete)

    let opened = tabs.openedAttributes(of: ItemPath(section: 0, item: 2), offset: .zero)
    let chosen = opened.first { $0.path.item == 2 }
    // frame Rect(x: 0, y: 0, width: 390, height: 844): the opened tab fills the viewport
    #expect(chosen?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(chosen?.transform == .identity)
  }
}
