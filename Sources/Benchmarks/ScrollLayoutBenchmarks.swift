import CollectionLayout

/// Scroll-driven layout benchmarks (issue "Scroll-driven layouts"): the attributes of one
/// visible rect and one snap query, at 10 and 1,000,000 items, for the snap-to-center,
/// infinite and carousel rows. The baseline is what a layout without O(1) slot arithmetic
/// does: scan every item's frame (the rect) or every item's centre (the snap).
enum ScrollLayoutBenchmarks {
  static let viewport = Size(width: 390, height: 200)
  static let batch = 1000
  /// Written by every measured query: a store the optimiser cannot remove, unlike a
  /// `blackHole` of a trivial value whose body it can see.
  nonisolated(unsafe) static var sink = 0.0

  static func context(count: Int) -> LayoutContext {
    LayoutContext(
      viewport: viewport, displayScale: 3,
      sections: [
        LayoutSection(items: Array(repeating: LayoutItem(width: 1, height: 1), count: count))
      ])
  }

  static func run() {
    for count in [10, 1_000_000] {
      let context = context(count: count)
      var snap = SnapToCenterLayout()
      snap.prepare(context)
      var infinite = InfiniteLayout()
      infinite.prepare(context)
      var carousel = CarouselLayout()
      carousel.prepare(context)
      let (rectBaseline, snapBaseline) = baselines(count: count)
      measure("snap", snap, start: .zero, count: count, rectBaseline, snapBaseline)
      measure(
        "infinite", infinite, start: infinite.initialContentOffset, count: count,
        rectBaseline, snapBaseline)
      measure(
        "carousel", carousel, start: carousel.initialContentOffset, count: count,
        rectBaseline, snapBaseline)
    }
  }

  /// Offsets a scroll would visit: 7-point steps over 693 points (inside the content of the
  /// 10-item row, whose largest offset is 972).
  static func offset(_ step: Int, from start: Point) -> Point {
    Point(x: start.x + Double(step % 100) * 7, y: 0)
  }

  static func measure<L: Layout>(
    _ name: String, _ layout: L, start: Point, count: Int,
    _ rectBaseline: Harness.Result, _ snapBaseline: Harness.Result
  ) {
    let rect = Harness.measureEach("\(name) \(count) items: visible rect", batch: batch) {
      for step in 0..<batch {
        let origin = offset(step, from: start)
        blackHole(layout.attributes(in: Rect(origin: origin, size: viewport), offset: origin))
      }
    }
    Harness.report(rect, target: .microseconds(2), baseline: rectBaseline)
    let snap = Harness.measureEach("\(name) \(count) items: snap query", batch: batch) {
      for step in 0..<batch {
        let velocity = Point(x: Double(step % 7 - 3) * 500, y: 0)
        blackHole(
          layout.targetContentOffset(proposed: offset(step, from: start), velocity: velocity))
      }
    }
    Harness.report(snap, target: .microseconds(1), baseline: snapBaseline)
  }

  /// The baselines: a linear scan of n item frames for the rect, of n centres for the snap.
  static func baselines(count: Int) -> (Harness.Result, Harness.Result) {
    let frames = (0..<count).map { Rect(x: 145 + 108 * Double($0), y: 8, width: 100, height: 100) }
    let runs = count > 1000 ? 10 : batch
    let rect = Harness.measureEach("scan of \(count) frames", batch: runs) {
      for step in 0..<runs {
        let visible = Rect(origin: offset(step, from: .zero), size: viewport)
        var hits: [Int] = []
        for index in frames.indices where frames[index].intersects(visible) { hits.append(index) }
        blackHole(hits)
      }
    }
    let snap = Harness.measureEach("scan of \(count) centres", batch: runs) {
      for step in 0..<runs {
        let centre = offset(step, from: .zero).x + viewport.width / 2
        var best = 0
        var distance = Double.infinity
        for index in frames.indices where abs(frames[index].midX - centre) < distance {
          best = index
          distance = abs(frames[index].midX - centre)
        }
        sink += Double(best)
      }
    }
    return (rect, snap)
  }
}
