import CollectionLayout
import PropertyTesting

/// What the movement tests check of a reflow, each returning a description of the first
/// violation or `nil`.
enum MovementChecks {
  /// `context` with one item moved as `move` says (removed at `from`, inserted at `to`).
  static func reordered(_ context: LayoutContext, _ move: ItemMove) -> LayoutContext {
    var context = context
    let section = move.from.section
    let item = context.sections[section].items.remove(at: move.from.item)
    context.sections[section].items.insert(item, at: move.to.item)
    return context
  }

  /// Whether two contexts are equal, NaN sizes included (`==` says NaN is not NaN).
  static func same(_ a: LayoutContext, _ b: LayoutContext) -> Bool {
    String(describing: a) == String(describing: b)
  }

  /// Whether two layouts show the same elements with the same content size.
  static func same<A: Layout, B: Layout>(_ a: A, _ b: B) -> Bool {
    a.contentSize == b.contentSize
      && LayoutInvariants.allElements(a, offset: .zero)
        == LayoutInvariants.allElements(b, offset: .zero)
  }

  /// (a) the reflow is a fresh prepare of the reordered items and the item lands on its
  /// placeholder; (b) the reflow keeps the layout's invariants (no overlapping cells).
  static func checkReflow<L: Layout>(
    _ movement: ItemMovement<L>, original: LayoutContext, make: () -> L
  ) -> String? {
    let target = movement.target
    guard target.section == movement.origin.section, target.item >= 0,
      target.item < movement.itemCount
    else { return "target \(target) out of range" }
    let expected = reordered(original, movement.move)
    guard same(movement.layout.context, expected) else { return "reflow context is not reordered" }
    var fresh = make()
    fresh.prepare(expected)
    guard same(movement.layout, fresh) else {
      return "reflow for \(movement.move) differs from a fresh prepare"
    }
    guard movement.placeholderFrame == fresh.attributes(at: target)?.frame else {
      return "placeholder \(movement.placeholderFrame) is not the landing frame"
    }
    return LayoutInvariants.checkGeometry(movement.layout, offset: .zero)
  }

  /// A pointer for a movement's next update: mostly inside an item of the current reflow or
  /// over the content, sometimes hostile.
  static func pointer<L: Layout>(_ movement: ItemMovement<L>, random: inout SplitMix64) -> Point {
    let size = movement.layout.contentSize
    switch Int.random(in: 0..<10, using: &random) {
    case 0:
      return random.pick([
        Point(x: .nan, y: 10), Point(x: 10, y: .infinity), Point(x: -.infinity, y: .nan),
        Point(x: 1e308, y: -1e308), Point(x: -5e6, y: 9e15),
      ])
    case 1, 2:
      return Point(
        x: Double.random(in: -20...(size.width + 20), using: &random),
        y: Double.random(in: -20...(size.height + 20), using: &random))
    default:
      let item = Int.random(in: 0..<movement.itemCount, using: &random)
      let path = ItemPath(section: movement.origin.section, item: item)
      guard let frame = movement.layout.attributes(at: path)?.frame else { return .zero }
      return Point(
        x: frame.minX + frame.width * Double.random(in: 0..<1, using: &random),
        y: frame.minY + frame.height * Double.random(in: 0..<1, using: &random))
    }
  }
}
