import CollectionLayout
import PropertyTesting
import Testing

/// Seeded properties of interactive movement over random (often hostile) waterfalls, grids and
/// mosaics; a failure prints the seed that replays it (`LOTS_SEED`).
@Suite struct ItemMovementPropertyTests {
  static let cases = 1_500

  /// A prepared layout whose chosen section has an edge or random item count, and that section.
  static func setUp<L: Layout>(
    _ make: (inout SplitMix64) -> L, _ random: inout SplitMix64
  ) -> (layout: L, section: Int) {
    var layout = make(&random)
    var context = RandomLayouts.context(&random)
    if context.sections.isEmpty { context.sections = [RandomLayouts.section(&random)] }
    let section = Int.random(in: 0..<context.sections.count, using: &random)
    let count = random.count(in: 0...60)
    context.sections[section].items = (0..<count).map { _ in RandomLayouts.item(&random) }
    layout.prepare(context)
    return (layout, section)
  }

  /// Random pointer updates, keyboard steps and direct moves; the reflow checked after each.
  static func check<L: Layout>(_ make: @escaping (inout SplitMix64) -> L) -> (Int, String?) {
    PropertyCases.run(cases, base: 0x26_2026_1126) { random, _ in
      let (layout, section) = setUp(make, &random)
      let count = layout.context.sections[section].items.count
      guard count > 0 else { return nil }
      let template = layout
      let make = { () -> L in
        var fresh = template
        fresh.prepare(.empty)
        return fresh
      }
      let original = layout.context
      let origin = ItemPath(section: section, item: Int.random(in: 0..<count, using: &random))
      var movement = ItemMovement(
        layout, item: origin, hysteresis: random.pick([0, 8, .nan, -3, 40]))
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: movement.step(random.pick(MovementDirection.allCases))
        case 1: movement.move(to: Int.random(in: -2...(count + 2), using: &random))
        default: movement.update(pointer: MovementChecks.pointer(movement, random: &random))
        }
        if let failure = MovementChecks.checkReflow(movement, original: original, make: make) {
          return failure
        }
      }
      // (d) cancelling restores the original layout exactly.
      var cancelled = movement
      guard MovementChecks.same(cancelled.cancel(), layout) else { return "cancel differs" }
      // (c) dropping where it began changes nothing.
      movement.move(to: origin.item)
      let (move, dropped) = movement.end()
      guard move.isIdentity, MovementChecks.same(dropped, layout),
        MovementChecks.same(dropped.context, original)
      else { return "a drop at the origin changed the layout" }
      return nil
    }
  }

  @Test func waterfallReflowsLikeAFreshPrepare() {
    let (failures, first) = Self.check(RandomLayouts.waterfall)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func gridReflowsLikeAFreshPrepare() {
    let (failures, first) = Self.check(RandomLayouts.grid)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func mosaicReflowsLikeAFreshPrepare() {
    let (failures, first) = Self.check(RandomLayouts.mosaic)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  /// (e) Steps right reach every index after the origin, steps left every one before it, and
  /// no step (up and down included) leaves the section; a still pointer never changes the
  /// target twice; hovering an item of a fresh movement targets its index.
  static func checkKeyboardAndPointer<L: Layout>(_ make: @escaping (inout SplitMix64) -> L)
    -> (Int, String?)
  {
    PropertyCases.run(cases, base: 0xE_2026_1126) { random, _ in
      let (layout, section) = setUp(make, &random)
      let count = layout.context.sections[section].items.count
      guard count > 0 else { return nil }
      let origin = ItemPath(section: section, item: Int.random(in: 0..<count, using: &random))
      let ltr = layout.context.direction == .leftToRight
      for (forward, direction) in [(true, MovementDirection.right), (false, .left)] {
        var movement = ItemMovement(layout, item: origin)
        var visited = [origin.item]
        for _ in 0..<(count + 1) { visited.append(movement.step(direction).item) }
        let expected =
          forward == ltr
          ? Array(origin.item..<count) + Array(repeating: count - 1, count: origin.item + 2)
          : Array((0...origin.item).reversed())
            + Array(repeating: 0, count: count - origin.item + 1)
        guard visited == expected else { return "\(direction) steps visited \(visited)" }
      }
      var movement = ItemMovement(layout, item: origin)
      for _ in 0..<12 {
        let target = movement.step(random.pick(MovementDirection.allCases))
        guard target.section == section, target.item >= 0, target.item < count else {
          return "step left the section: \(target)"
        }
      }
      let point = MovementChecks.pointer(movement, random: &random)
      let first = movement.update(pointer: point)
      for _ in 0..<4 where movement.update(pointer: point) != first {
        return "a still pointer at \(point) changed the target again"
      }
      let hovered = Int.random(in: 0..<count, using: &random)
      var fresh = ItemMovement(layout, item: origin)
      let frame = layout.attributes(at: ItemPath(section: section, item: hovered))!.frame
      if hovered != origin.item, frame.width >= 1, frame.height >= 1 {
        let target = fresh.update(pointer: Point(x: frame.midX, y: frame.midY))
        guard target.item == hovered else { return "hovering \(hovered) gave \(target)" }
      }
      return nil
    }
  }

  @Test func waterfallKeyboardAndPointerStayInRange() {
    let (failures, first) = Self.checkKeyboardAndPointer(RandomLayouts.waterfall)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func gridKeyboardAndPointerStayInRange() {
    let (failures, first) = Self.checkKeyboardAndPointer(RandomLayouts.grid)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }

  @Test func mosaicKeyboardAndPointerStayInRange() {
    let (failures, first) = Self.checkKeyboardAndPointer(RandomLayouts.mosaic)
    #expect(failures == 0, "\(failures) failing cases; first: \(first ?? "")")
  }
}
