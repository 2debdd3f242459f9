import CollectionLayout
import Testing

@Suite struct SnapToCenterLayoutTests {
  /// LNZ's defaults in a 390 × 200 viewport: L = R = max(8, 195 − 50) = 145, pitch 108.
  static func layout(
    count: Int = 10, configure: (inout SnapToCenterLayout.Options) -> Void = { _ in }
  )
    -> SnapToCenterLayout
  {
    var options = SnapToCenterLayout.Options()
    configure(&options)
    var layout = SnapToCenterLayout(options: options)
    layout.prepare(scrollContext(width: 390, height: 200, count: count))
    return layout
  }

  @Test func defaultsAreLNZs() {
    let options = SnapToCenterLayout.Options()
    #expect(options.itemSize == Size(width: 100, height: 100))
    #expect(options.interitemSpacing == 8)
    #expect(options.sectionInsetTop == 8 && options.sectionInsetBottom == 8)
    #expect(options.minimumSectionInsetLeft == 8 && options.minimumSectionInsetRight == 8)
    #expect(options.centerFirstItem)
    #expect(options.axis == .horizontal && options.decelerationRate == 0.998)
  }

  @Test func framesAndContentSizeFollowTheInsetFormula() {
    let layout = Self.layout()
    #expect(layout.contentSize == Size(width: 145 + 108 * 9 + 100 + 145, height: 116))
    for item in 0..<10 {
      let frame = layout.attributes(at: ItemPath(section: 0, item: item))?.frame
      #expect(frame == Rect(x: 145 + 108 * Double(item), y: 8, width: 100, height: 100))
    }
    #expect(layout.attributes(at: ItemPath(section: 0, item: 10)) == nil)
    #expect(
      layout.attributes(of: .header, at: ItemPath(section: 0, item: 0), offset: .zero) == nil)
  }

  @Test func minimumInsetsWhenNotCentringOrWhenTheyAreLarger() {
    let plain = Self.layout { $0.centerFirstItem = false }
    #expect(plain.attributes(at: ItemPath(section: 0, item: 0))?.frame.minX == 8)
    #expect(plain.contentSize.width == 8 + 108 * 9 + 100 + 8)
    let wide = Self.layout {
      $0.minimumSectionInsetLeft = 300
      $0.minimumSectionInsetRight = 20
    }
    // L = max(300, 145) = 300; R = max(20, L) = 300.
    #expect(wide.attributes(at: ItemPath(section: 0, item: 0))?.frame.minX == 300)
    #expect(wide.contentSize.width == 300 + 108 * 9 + 100 + 300)
  }

  @Test func queriesReturnExactlyTheIntersectingItems() {
    let layout = Self.layout()
    let visible = layout.attributes(in: Rect(x: 216, y: 0, width: 390, height: 200))
    #expect(visible.map(\.path.item) == [0, 1, 2, 3, 4])
    // A rect that ends exactly where item 3 starts does not include it.
    let touching = layout.attributes(in: Rect(x: 0, y: 0, width: 469, height: 200))
    #expect(touching.map(\.path.item) == [0, 1, 2])
    #expect(layout.attributes(in: Rect(x: 0, y: 108, width: 2000, height: 50)).isEmpty)
  }

  @Test func restingCentresTheNearestItem() {
    let layout = Self.layout { $0.decelerationRate = 0 }
    // Centre 455 → item (455 − 195) / 108 = 2.4 → 2, centred at 145 + 216 + 50 − 195 = 216.
    #expect(layout.targetContentOffset(proposed: Point(x: 260, y: 0), velocity: .zero).x == 216)
    #expect(layout.focusedItem(at: Point(x: 260, y: 0))?.item == 2)
    // Clamped at both ends of the content (max offset 1362 − 390 = 972).
    #expect(layout.targetContentOffset(proposed: Point(x: -500, y: 0), velocity: .zero).x == 0)
    #expect(layout.targetContentOffset(proposed: Point(x: 5000, y: 0), velocity: .zero).x == 972)
  }

  @Test func velocityAgainstTheCorrectionTakesOneMoreItem() {
    let layout = Self.layout { $0.decelerationRate = 0 }
    // Item 2 is at 216, behind 230: moving forwards goes on to item 3.
    #expect(
      layout.targetContentOffset(proposed: Point(x: 230, y: 0), velocity: Point(x: 10, y: 0)).x
        == 324)
    #expect(
      layout.targetContentOffset(proposed: Point(x: 230, y: 0), velocity: Point(x: -10, y: 0)).x
        == 216)
    // Item 2 is ahead of 200: moving backwards goes back to item 1.
    #expect(
      layout.targetContentOffset(proposed: Point(x: 200, y: 0), velocity: Point(x: -10, y: 0)).x
        == 108)
    // Already centred: no extra item however it moves.
    #expect(
      layout.targetContentOffset(proposed: Point(x: 216, y: 0), velocity: Point(x: 10, y: 0)).x
        == 216)
  }

  @Test func aFlickProjectsTheDecelerationAcrossSeveralItems() {
    let layout = Self.layout()
    // 1000 pt/s at 0.998/ms travels 1000/1000 · 0.998/0.002 = 499 pt: 260 + 499 = 759, nearest
    // item 7 (756) is behind, so item 8 (864).
    #expect(
      layout.targetContentOffset(proposed: Point(x: 260, y: 0), velocity: Point(x: 1000, y: 0)).x
        == 864)
    let far = layout.targetContentOffset(
      proposed: Point(x: 0, y: 0), velocity: Point(x: 1e6, y: 0))
    #expect(far.x == 972)
  }

  @Test func verticalAxisSwapsTheRoles() {
    var options = SnapToCenterLayout.Options()
    options.axis = .vertical
    options.itemSize = Size(width: 100, height: 50)
    var layout = SnapToCenterLayout(options: options)
    layout.prepare(scrollContext(width: 200, height: 600, count: 5))
    // L = max(8, 300 − 25) = 275 on y; x is the left inset.
    #expect(
      layout.attributes(at: ItemPath(section: 0, item: 2))?.frame
        == Rect(x: 8, y: 391, width: 100, height: 50))
    #expect(layout.contentSize == Size(width: 116, height: 275 + 58 * 4 + 50 + 275))
    let target = layout.targetContentOffset(proposed: Point(x: 3, y: 100), velocity: .zero)
    #expect(target == Point(x: 3, y: 116))
    #expect(layout.focusedItem(at: target)?.item == 2)
  }

  @Test func rightToLeftMirrorsTheRow() {
    var layout = SnapToCenterLayout()
    layout.prepare(scrollContext(width: 390, height: 200, count: 10, direction: .rightToLeft))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.frame.minX == Double(1362 - 245))
    #expect(layout.focusedItem(at: Point(x: 972, y: 0))?.item == 0)
    #expect(layout.contentOffset(focusing: ItemPath(section: 0, item: 9), near: .zero).x == 0)
    let flick = layout.targetContentOffset(
      proposed: Point(x: 972, y: 0), velocity: Point(x: -1, y: 0))
    #expect(flick.x == 972 - 108)
  }

  @Test func edgeCountsNeverBreak() {
    for count in [0, 1, 2, 3, 19, 20, 21] {
      let layout = Self.layout(count: count)
      let all = layout.attributes(in: Rect(x: -1e9, y: -1e9, width: 3e9, height: 3e9))
      #expect(all.count == count)
      let target = layout.targetContentOffset(
        proposed: Point(x: 1e9, y: 0), velocity: Point(x: .nan, y: 0))
      #expect(target.isFinite)
      #expect(layout.focusedItem(at: .zero)?.item == (count == 0 ? nil : 0))
    }
  }

  @Test func resizingKeepsTheFocusedItemCentred() {
    var layout = Self.layout(count: 20)
    let offset = layout.contentOffset(focusing: ItemPath(section: 0, item: 7), near: .zero)
    let kept = layout.apply(.resizeViewport(Size(width: 844, height: 390)), keepingFocusAt: offset)
    #expect(layout.focusedItem(at: kept)?.item == 7)
    // L = 422 − 50 = 372: item 7 is centred at 372 + 756 + 50 − 422 = 756.
    #expect(kept.x == 756)
  }
}
