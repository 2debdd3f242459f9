import CollectionLayout
import PropertyTesting

/// Helpers for the scroll-driven layouts' property tests on the shared seeded generator.
extension SplitMix64 {
  /// A uniform double in `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A length: usually typical, sometimes hostile (NaN, ±∞, negative, 0, tiny, huge).
  mutating func scrollLength(_ typical: ClosedRange<Double>) -> Double {
    guard chance(0.1) else { return uniform(typical) }
    let hostile: [Double] = [.nan, .infinity, -.infinity, -5, 0, 1e-300, 1e300, 1e7]
    return hostile[Int.random(in: 0..<hostile.count, using: &self)]
  }

  /// An item count: an edge count (0, 1, 2, 3, 19, 20, 21) half of the time, else up to 200.
  mutating func scrollCount() -> Int {
    let edges = [0, 1, 2, 3, 19, 20, 21]
    return chance(0.5)
      ? edges[Int.random(in: 0..<edges.count, using: &self)]
      : Int.random(in: 0...200, using: &self)
  }
}

/// Runs `body` for `cases` cases of the scroll layouts' property tests (the shared runner,
/// `PropertyCases.run`; `LOTS_SEED` replays a failure as case 0); returns the failures and the
/// first failure's description with its seed.
func scrollCases(_ cases: Int, _ body: (inout SplitMix64) -> String?) -> (Int, String) {
  let (failures, first) = PropertyCases.run(cases, base: 0x5C_2026) { random, _ in body(&random) }
  return (failures, first ?? "")
}

/// A context with `count` items in one section.
func scrollContext(
  width: Double, height: Double, count: Int, scale: Double = 0,
  direction: LayoutDirection = .leftToRight
) -> LayoutContext {
  LayoutContext(
    viewport: Size(width: width, height: height), displayScale: scale, direction: direction,
    sections: [
      LayoutSection(items: Array(repeating: LayoutItem(width: 1, height: 1), count: count))
    ])
}

extension Double {
  /// Whether two values agree to `tolerance` (absolute).
  func isClose(to other: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(self - other) <= tolerance
  }
}

extension Point {
  var isFinite: Bool { x.isFinite && y.isFinite }
}

extension LayoutAttributes {
  var isFinite: Bool {
    frame.origin.isFinite && frame.width.isFinite && frame.height.isFinite && alpha.isFinite
      && transform.scale.isFinite && transform.translateY.isFinite
      && transform.translateZ.isFinite && transform.rotateX.isFinite
  }
}
