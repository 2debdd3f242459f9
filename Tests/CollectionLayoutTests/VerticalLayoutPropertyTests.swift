import CollectionLayout
import PropertyTesting
import Testing

/// Seeded property tests over 10,000 random (often hostile) configurations per layout.
@Suite struct VerticalLayoutPropertyTests {
  static let cases = 10_000

  static func check<L: Layout>(_ make: @escaping (inout SplitMix64) -> L) -> (Int, String?) {
    forEachCase(cases) { random, _ in
      var layout = make(&random)
      let context = RandomLayouts.context(&random)
      layout.prepare(context)
      let offset = Point(x: 0, y: Double.random(in: -100...3000, using: &random))
      if let failure = LayoutInvariants.checkGeometry(layout, offset: offset) { return failure }
      if let failure = LayoutInvariants.checkQueries(layout, offset: offset, random: &random) {
        return failure
      }
      let template = layout
      if let failure = LayoutInvariants.checkMirrored({ template }, context: context) {
        return failure
      }
      return LayoutInvariants.checkIncremental({ template }, context: context, random: &random)
    }
  }

  @Test func waterfallKeepsItsInvariants() {
    let (failures, first) = Self.check(RandomLayouts.waterfall)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func mosaicKeepsItsInvariants() {
    let (failures, first) = Self.check(RandomLayouts.mosaic)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func gridKeepsItsInvariants() {
    let (failures, first) = Self.check(RandomLayouts.grid)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }
}
