import PropertyTesting

/// Random old/new pairs for property tests: mostly small, some up to 1,000 elements, with the
/// shapes that break diff engines (all new, all deleted, reversed, repeated identities).
enum RandomPairs {
  static func pair(_ rng: inout SplitMix64) -> (old: [TestItem], new: [TestItem]) {
    let roll = Int.random(in: 0..<100, using: &rng)
    let size =
      roll < 2
      ? Int.random(in: 0...1000, using: &rng)
      : roll < 12 ? Int.random(in: 0...200, using: &rng) : Int.random(in: 0...24, using: &rng)
    let old = (0..<size).map { TestItem(id: $0, version: Int.random(in: 0...1, using: &rng)) }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return (old, (0..<size).map { TestItem(id: size + $0) })
    case 1: return (old, [])
    case 2: return (old, edit(old.reversed(), &rng))
    case 3:
      let pool = max(1, size / 3)
      func repeating() -> [TestItem] {
        (0..<size).map { _ in TestItem(id: Int.random(in: 0..<pool, using: &rng)) }
      }
      return (repeating(), edit(repeating(), &rng))
    default: return (old, edit(old, &rng))
    }
  }

  /// Deletes, inserts, moves and updates a random share of the elements.
  static func edit(_ items: [TestItem], _ rng: inout SplitMix64) -> [TestItem] {
    var result = items
    let changes = Int.random(in: 0...max(1, items.count / 4), using: &rng)
    var nextID = 1_000_000
    for _ in 0..<changes {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0 where !result.isEmpty:
        result.remove(at: Int.random(in: result.indices, using: &rng))
      case 1:
        nextID += 1
        result.insert(TestItem(id: nextID), at: Int.random(in: 0...result.count, using: &rng))
      case 2 where !result.isEmpty:
        let item = result.remove(at: Int.random(in: result.indices, using: &rng))
        result.insert(item, at: Int.random(in: 0...result.count, using: &rng))
      case 3 where !result.isEmpty:
        result[Int.random(in: result.indices, using: &rng)].version += 1
      default: break
      }
    }
    return result
  }
}
