import CollectionLayout
import Testing

@Suite struct InfiniteLayoutTests {
  static func layout(
    count: Int, width: Double = 390, configure: (inout InfiniteLayout.Options) -> Void = { _ in }
  )
    -> InfiniteLayout
  {
    var options = InfiniteLayout.Options()
    configure(&options)
    var layout = InfiniteLayout(options: options)
    layout.prepare(scrollContext(width: width, height: 200, count: count))
    return layout
  }

  @Test func repeatsOnlyAboveTwoViewports() {
    #expect(InfiniteLayout.cycleThreshold == 2)
    // A cycle of 10 items is 1080 > 780; of 7 items 756 ≤ 780.
    #expect(Self.layout(count: 10).isInfinite)
    #expect(!Self.layout(count: 7).isInfinite)
    #expect(!Self.layout(count: 10) { $0.isInfiniteScrollEnabled = false }.isInfinite)
    #expect(Self.layout(count: 3) { $0.repeatsItemsOnScreen = true }.isInfinite)
    // Below the threshold it is exactly the snap-to-center row.
    var snap = SnapToCenterLayout()
    snap.prepare(scrollContext(width: 390, height: 200, count: 7))
    let finite = Self.layout(count: 7)
    #expect(finite.contentSize == snap.contentSize)
    #expect(
      finite.attributes(in: Rect(x: 0, y: 0, width: 900, height: 200))
        == snap.attributes(in: Rect(x: 0, y: 0, width: 900, height: 200)))
  }

  @Test func virtualContentIsFiniteWholeCycles() {
    let layout = Self.layout(count: 10)
    // ⌈10^6 / 1080⌉ = 926 cycles of 1080 points.
    #expect(layout.contentSize == Size(width: 926 * 1080, height: 116))
    // Item 0 of the middle cycle (slot 463 · 10) centred.
    #expect(layout.initialContentOffset == Point(x: 4630 * 108 + 50 - 195, y: 0))
    #expect(layout.focusedItem(at: layout.initialContentOffset)?.item == 0)
    // A million items: four cycles, no overflow.
    let huge = Self.layout(count: 1_000_000)
    #expect(huge.contentSize.width == 4 * 108_000_000)
  }

  @Test func queriesHonourTheRectAcrossCycleBoundaries() {
    let layout = Self.layout(count: 10)
    let start = layout.initialContentOffset.x
    let rect = Rect(x: start, y: 0, width: 390, height: 200)
    let items = layout.attributes(in: rect).map(\.path.item)
    #expect(items == [8, 9, 0, 1, 2])
    for attributes in layout.attributes(in: rect) { #expect(attributes.frame.intersects(rect)) }
    #expect(layout.attributes(in: Rect(x: start, y: 0, width: 0, height: 200)).isEmpty)
  }

  @Test func snappingTravelsAcrossTheSeam() {
    let layout = Self.layout(count: 10) { $0.row.decelerationRate = 0 }
    let start = layout.initialContentOffset
    let back = layout.targetContentOffset(proposed: Point(x: start.x - 100, y: 0), velocity: .zero)
    #expect(back.x == start.x - 108)
    #expect(layout.focusedItem(at: back)?.item == 9)
    let unsnapped = Self.layout(count: 10) { $0.snapToCenter = false }
    #expect(
      unsnapped.targetContentOffset(
        proposed: Point(x: 1234.5, y: 0), velocity: Point(x: 900, y: 0)
      ).x == 1234.5)
  }

  @Test func recentringKeepsTheViewAndReturnsToTheMiddle() {
    let layout = Self.layout(count: 10)
    let start = layout.initialContentOffset
    let far = Point(x: start.x + 1080 * 300 + 40, y: 0)
    let recentred = layout.recentredOffset(far)
    #expect(recentred.x == start.x + 40)
    #expect(layout.focusedItem(at: far) == layout.focusedItem(at: recentred))
    #expect(layout.recentredOffset(recentred) == recentred)
  }

  @Test func programmaticFocusTakesTheShortWayRound() {
    let layout = Self.layout(count: 10)
    let start = layout.initialContentOffset
    let nine = layout.contentOffset(focusing: ItemPath(section: 0, item: 9), near: start)
    #expect(nine.x == start.x - 108)
    #expect(
      layout.attributes(of: .cell, at: ItemPath(section: 0, item: 9), offset: start)?.frame.minX
        == Double(4629 * 108))
  }

  @Test func smallCountsNeverDivideByZero() {
    for count in [0, 1, 2, 3, 19, 20, 21] {
      for repeats in [false, true] {
        let layout = Self.layout(count: count) { $0.repeatsItemsOnScreen = repeats }
        let offset = layout.initialContentOffset
        let visible = layout.attributes(
          in: Rect(x: offset.x, y: 0, width: 390, height: 200), offset: offset)
        #expect(visible.allSatisfy { $0.isFinite })
        #expect(
          layout.targetContentOffset(proposed: offset, velocity: Point(x: 3000, y: 0)).isFinite)
        #expect(layout.recentredOffset(Point(x: .nan, y: 0)).isFinite)
        if repeats && count > 0 {
          // Items repeat on screen: a 390-point viewport shows ⌈390/108⌉+ slots.
          #expect(visible.count >= 4)
        }
      }
    }
  }

  @Test func resizingKeepsTheFocusedItemEvenWhenTheRowStopsRepeating() {
    var layout = Self.layout(count: 10)
    let seven = layout.contentOffset(
      focusing: ItemPath(section: 0, item: 7), near: layout.initialContentOffset)
    // 844 points wide, a cycle of 1080 is under two viewports: the row becomes finite.
    let kept = layout.apply(.resizeViewport(Size(width: 844, height: 200)), keepingFocusAt: seven)
    #expect(!layout.isInfinite)
    #expect(layout.focusedItem(at: kept)?.item == 7)
    let back = layout.apply(.resizeViewport(Size(width: 390, height: 200)), keepingFocusAt: kept)
    #expect(layout.isInfinite)
    #expect(layout.focusedItem(at: back)?.item == 7)
    // Back in the middle cycle, not at the start of the virtual content.
    #expect(back.x == layout.initialContentOffset.x + 7 * 108)
  }
}
