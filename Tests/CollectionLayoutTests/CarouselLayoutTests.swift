import CollectionLayout
import Testing

@Suite struct CarouselLayoutTests {
  static func layout(count: Int = 10, configure: (inout CarouselLayout.Options) -> Void = { _ in })
    -> CarouselLayout
  {
    var options = CarouselLayout.Options()
    configure(&options)
    var layout = CarouselLayout(options: options)
    layout.prepare(scrollContext(width: 390, height: 200, count: count))
    return layout
  }

  @Test func defaultsAreLNZs() {
    let options = CarouselLayout.Options()
    #expect(options.scalingOffset == 200 && options.minimumScaleFactor == 0.85)
    #expect(options.sideItemAlpha == 1)
    #expect(options.infinite.isInfiniteScrollEnabled && options.infinite.snapToCenter)
  }

  @Test func scaleFollowsTheDistanceFromTheCentre() {
    let layout = Self.layout { $0.infinite.isInfiniteScrollEnabled = false }
    // Item 2 is centred at offset 216; item 3 is 108 away, item 4 216 (beyond 200).
    let offset = Point(x: 216, y: 0)
    let attributes = layout.attributes(
      in: Rect(x: 216, y: 0, width: 390, height: 200), offset: offset)
    func scale(_ item: Int) -> Double? {
      attributes.first { $0.path.item == item }?.transform.scale
    }
    #expect(scale(2) == 1)
    let expected: Double = 1 + 108 * (0.85 - 1) / 200
    #expect(scale(3) == expected)
    #expect(scale(4) == 0.85)
    let z = attributes.sorted { $0.zIndex > $1.zIndex }.map(\.path.item)
    #expect(z.first == 2)
    #expect(attributes.first { $0.path.item == 2 }?.zIndex == 100_000)
    #expect(attributes.first { $0.path.item == 4 }?.zIndex == 85_000)
    #expect(attributes.allSatisfy { $0.alpha == 1 })
    #expect(!layout.isInfinite && Self.layout().isInfinite)
  }

  @Test func sideItemsFadeOverOneItemWidth() {
    let layout = Self.layout {
      $0.sideItemAlpha = 0.5
      $0.infinite.isInfiniteScrollEnabled = false
    }
    // Item 2 centred at 216; at offset 266 it is 50 away: ratio 0.5, alpha 0.75.
    let offset = Point(x: 266, y: 0)
    let item2 = layout.attributes(of: .cell, at: ItemPath(section: 0, item: 2), offset: offset)
    #expect(item2?.alpha == 0.75)
    let expected: Double = 1 + 50 * (0.85 - 1) / 200
    #expect(item2?.transform.scale == expected)
    let item4 = layout.attributes(of: .cell, at: ItemPath(section: 0, item: 4), offset: offset)
    #expect(item4?.alpha == 0.5)
  }

  @Test func hostileScalingNeverBreaks() {
    let layout = Self.layout {
      $0.scalingOffset = 0
      $0.minimumScaleFactor = .infinity
      $0.sideItemAlpha = .nan
    }
    let offset = layout.initialContentOffset
    let attributes = layout.attributes(
      in: Rect(origin: offset, size: Size(width: 390, height: 200)), offset: offset)
    #expect(!attributes.isEmpty && attributes.allSatisfy { $0.isFinite })
    #expect(attributes.allSatisfy { $0.transform.scale == 1 })
  }
}
