import CollectionLayout
import PropertyTesting
import Testing

/// Seeded property tests of the snapping layouts over 10,000 random, often hostile,
/// configurations each (edge counts 0, 1, 2, 3, 19, 20, 21 half of the time).
@Suite struct ScrollLayoutPropertyTests {
  static let cases = 10_000

  static func options(_ random: inout SplitMix64) -> SnapToCenterLayout.Options {
    var options = SnapToCenterLayout.Options()
    options.axis = random.chance(0.5) ? .horizontal : .vertical
    options.itemSize = Size(
      width: random.scrollLength(1...300), height: random.scrollLength(1...300))
    options.interitemSpacing = random.scrollLength(0...40)
    options.sectionInsetTop = random.scrollLength(0...50)
    options.sectionInsetBottom = random.scrollLength(0...50)
    options.minimumSectionInsetLeft = random.scrollLength(0...50)
    options.minimumSectionInsetRight = random.scrollLength(0...50)
    options.centerFirstItem = random.chance(0.7)
    options.decelerationRate = random.chance(0.2) ? random.scrollLength(0...1) : 0.998
    return options
  }

  static func context(_ random: inout SplitMix64) -> LayoutContext {
    let scales: [Double] = [0, 1, 2, 3]
    return scrollContext(
      width: random.scrollLength(50...1200), height: random.scrollLength(50...1200),
      count: random.scrollCount(),
      scale: scales[Int.random(in: 0..<4, using: &random)],
      direction: random.chance(0.3) ? .rightToLeft : .leftToRight)
  }

  static func infinite(_ random: inout SplitMix64) -> InfiniteLayout {
    var options = InfiniteLayout.Options()
    options.row = Self.options(&random)
    options.repeatsItemsOnScreen = random.chance(0.3)
    var layout = InfiniteLayout(options: options)
    layout.prepare(context(&random))
    return layout
  }

  static func velocity(_ random: inout SplitMix64) -> Point {
    let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, 0]
    let v =
      random.chance(0.05)
      ? hostile[Int.random(in: 0..<5, using: &random)] : random.uniform(-8000...8000)
    return Point(x: v, y: v)
  }

  /// The snapping invariants of one layout at one random proposal.
  static func checkSnapping<L: FocusingLayout>(
    _ layout: L, axis: ScrollAxis, _ random: inout SplitMix64
  ) -> String? {
    let size = layout.contentSize
    guard size.width.isFinite, size.height.isFinite else { return "content size \(size)" }
    let length = axis == .horizontal ? size.width : size.height
    let viewport =
      axis == .horizontal ? layout.context.viewport.width : layout.context.viewport.height
    let proposed = random.uniform(-0.2 * length...1.2 * length)
    let point = Point(x: axis == .horizontal ? proposed : 0, y: axis == .vertical ? proposed : 0)
    let target = layout.targetContentOffset(proposed: point, velocity: velocity(&random))
    guard target.isFinite else { return "target \(target)" }
    let t = axis == .horizontal ? target.x : target.y
    let maximum = max(length - viewport.cappedForTests, 0)
    let tolerance = 1e-6 * max(1, length)
    guard t >= -tolerance, t <= maximum + tolerance + 1 else {
      return "target \(t) outside 0...\(maximum)"
    }
    // Idempotent: snapping a rest position without velocity leaves it where it is.
    let again = layout.targetContentOffset(proposed: target, velocity: .zero)
    let a = axis == .horizontal ? again.x : again.y
    guard a.isClose(to: t, tolerance) else { return "not idempotent: \(t) → \(a)" }
    // Centred, or at an edge.
    guard let focused = layout.focusedItem(at: target) else { return nil }
    guard let frame = layout.attributes(of: .cell, at: focused, offset: target)?.frame else {
      return "no attributes for focused \(focused)"
    }
    let centre = axis == .horizontal ? frame.midX : frame.midY
    let scale = layout.context.displayScale
    let pixel = scale > 0 ? 1 / scale : 0
    let centred = abs(centre - (t + viewport.cappedForTests / 2)) <= pixel + tolerance
    let atEdge = t.isClose(to: 0, tolerance) || t.isClose(to: maximum, tolerance + 1)
    guard centred || atEdge else {
      return "target \(t) neither centres \(focused) (\(centre)) nor is at an edge"
    }
    // The visible rect's attributes are finite and intersect it.
    let visible = Rect(
      origin: target,
      size: Size(
        width: layout.context.viewport.width.cappedForTests,
        height: layout.context.viewport.height.cappedForTests))
    for attributes in layout.attributes(in: visible, offset: target) {
      guard attributes.isFinite else { return "non-finite attributes \(attributes)" }
      guard attributes.frame.intersects(visible) else {
        return "\(attributes.frame) outside \(visible)"
      }
    }
    return nil
  }

  @Test func snapToCenterRestsCentredIdempotentAndFinite() {
    let (failures, first) = scrollCases(Self.cases) { random in
      var layout = SnapToCenterLayout(options: Self.options(&random))
      layout.prepare(Self.context(&random))
      return Self.checkSnapping(layout, axis: layout.options.axis, &random)
    }
    #expect(failures == 0, "\(failures) failing cases; first: \(first)")
  }

  @Test func infiniteRestsCentredIdempotentAndFinite() {
    let (failures, first) = scrollCases(Self.cases) { random in
      let layout = Self.infinite(&random)
      return Self.checkSnapping(layout, axis: layout.options.row.axis, &random)
    }
    #expect(failures == 0, "\(failures) failing cases; first: \(first)")
  }

  @Test func carouselRestsCentredIdempotentAndFinite() {
    let (failures, first) = scrollCases(Self.cases) { random in
      var options = CarouselLayout.Options()
      options.infinite.row = Self.options(&random)
      options.infinite.isInfiniteScrollEnabled = random.chance(0.7)
      options.scalingOffset = random.scrollLength(0...400)
      options.minimumScaleFactor = random.scrollLength(0...1)
      options.sideItemAlpha = random.scrollLength(0...1)
      var layout = CarouselLayout(options: options)
      layout.prepare(Self.context(&random))
      return Self.checkSnapping(layout, axis: options.infinite.row.axis, &random)
    }
    #expect(failures == 0, "\(failures) failing cases; first: \(first)")
  }

  @Test func infiniteLayoutsArePeriodic() {
    let (failures, first) = scrollCases(Self.cases) { random in
      var layout = Self.infinite(&random)
      var context = layout.context
      context.displayScale = 0
      layout.prepare(context)
      guard layout.isInfinite else { return nil }
      let axis = layout.options.row.axis
      let horizontal = axis == .horizontal
      let cycle = Self.cycleLength(layout)
      let start = layout.initialContentOffset
      // The middle cycle and the one before it: a cycle later is still inside the content.
      let shift = random.uniform(-cycle...0)
      let origin = Point(x: horizontal ? start.x + shift : 0, y: horizontal ? 0 : start.y + shift)
      let rect = Rect(
        origin: origin,
        size: Size(
          width: horizontal ? random.uniform(1...800) : 1000,
          height: horizontal ? 1000 : random.uniform(1...800)))
      let moved = rect.offsetBy(dx: horizontal ? cycle : 0, dy: horizontal ? 0 : cycle)
      let here = layout.attributes(in: rect).sorted {
        $0.frame.minX + $0.frame.minY < $1.frame.minX + $1.frame.minY
      }
      let there = layout.attributes(in: moved).sorted {
        $0.frame.minX + $0.frame.minY < $1.frame.minX + $1.frame.minY
      }
      guard here.count == there.count else {
        return "\(here.count) vs \(there.count) items a cycle apart"
      }
      for (a, b) in zip(here, there) {
        let delta = horizontal ? b.frame.minX - a.frame.minX : b.frame.minY - a.frame.minY
        guard a.path == b.path, delta.isClose(to: cycle, 1e-6 * cycle) else {
          return "\(a.path) at \(a.frame) vs \(b.path) at \(b.frame), cycle \(cycle)"
        }
      }
      let focus = layout.focusedItem(at: origin)
      let shifted = Point(
        x: origin.x + (horizontal ? cycle : 0), y: origin.y + (horizontal ? 0 : cycle))
      guard focus == layout.focusedItem(at: shifted) else { return "focus not periodic" }
      return nil
    }
    #expect(failures == 0, "\(failures) failing cases; first: \(first)")
  }

  static func cycleLength(_ layout: InfiniteLayout) -> Double {
    let options = layout.options.row
    let length = options.axis == .horizontal ? options.itemSize.width : options.itemSize.height
    return (length.cappedForTests + options.interitemSpacing.cappedForTests)
      * Double(layout.context.itemCount)
  }

  @Test func focusChangesFireOncePerChangeWhileScrolling() {
    let (failures, first) = scrollCases(Self.cases) { random in
      let count = min(random.scrollCount(), 60)
      var options = Self.options(&random)
      options.itemSize = Size(width: random.uniform(10...200), height: random.uniform(10...200))
      options.interitemSpacing = random.uniform(0...30)
      // Typical insets: a capped hostile one (10^7 points) would make the sweep very long.
      options.sectionInsetTop = random.uniform(0...50)
      options.sectionInsetBottom = random.uniform(0...50)
      options.minimumSectionInsetLeft = random.uniform(0...50)
      options.minimumSectionInsetRight = random.uniform(0...50)
      var layout = SnapToCenterLayout(options: options)
      layout.prepare(
        scrollContext(
          width: random.uniform(100...800), height: random.uniform(100...800), count: count))
      let horizontal = options.axis == .horizontal
      let size = layout.contentSize
      let end = horizontal ? size.width : size.height
      var fired = 0
      var expected = 0
      var last = layout.focusedItem(at: .zero)
      var tracker = FocusTracker(focusedItem: last, didChange: { _ in fired += 1 })
      var position = 0.0
      // Under half a pitch per step: the focus can move by one item at most.
      let length = horizontal ? options.itemSize.width : options.itemSize.height
      let step = (length + options.interitemSpacing) / 2
      while position <= end {
        let offset = Point(x: horizontal ? position : 0, y: horizontal ? 0 : position)
        let now = layout.focusedItem(at: offset)
        if now != last { expected += 1 }
        if let now, let last, abs(now.item - last.item) > 1 {
          return "skipped from \(last) to \(now)"
        }
        last = now
        tracker.update(layout, offset: offset)
        position += random.uniform(0.1...step)
      }
      if fired != expected { return "fired \(fired), expected \(expected)" }
      if count > 1 && last?.item != count - 1 && layout.options.centerFirstItem {
        return "never reached the last item"
      }
      return nil
    }
    #expect(failures == 0, "\(failures) failing cases; first: \(first)")
  }
}

extension Double {
  /// The same capping the layouts apply to hostile lengths (see `Double.cappedLength`).
  var cappedForTests: Double { isFinite && self > 0 ? Swift.min(self, 10_000_000) : 0 }
}
