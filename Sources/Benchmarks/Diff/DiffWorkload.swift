import CollectionDiff
import PropertyTesting

/// An element of the diff benchmarks: an integer identity and a version.
struct BenchItem: Diffable, Hashable {
  var id: Int
  var version: Int
  var diffIdentifier: Int { id }
}

/// An old and a new collection with known edits, so the benchmark can check the changeset's
/// counts as well as time it.
struct DiffWorkload {
  var old: [BenchItem]
  var new: [BenchItem]
  var deleted = 0
  var inserted = 0
  var moved = 0
  var updated = 0

  /// `count` elements; 10% deleted, 10% inserted, 5% moved and 5% updated, at random places.
  static func mixed(_ count: Int, seed: UInt64) -> DiffWorkload {
    var rng = SplitMix64(seed: seed)
    let old = (0..<count).map { BenchItem(id: $0, version: 0) }
    var workload = DiffWorkload(old: old, new: [])
    // Each survivor keeps its place as a sort key; moved and new elements get a random one.
    var placed: [(key: Double, item: BenchItem)] = []
    placed.reserveCapacity(count + count / 10)
    for (index, var item) in old.enumerated() {
      switch rng.next() % 100 {
      case 0..<10:
        workload.deleted += 1
        continue
      case 10..<15:
        workload.moved += 1
        placed.append((Double.random(in: 0..<1, using: &rng) * Double(count), item))
        continue
      case 15..<20:
        workload.updated += 1
        item.version = 1
      default: break
      }
      placed.append((Double(index), item))
    }
    for id in count..<(count + count / 10) {
      workload.inserted += 1
      placed.append(
        (Double.random(in: 0..<1, using: &rng) * Double(count), BenchItem(id: id, version: 0)))
    }
    placed.sort { $0.key < $1.key }
    workload.new = placed.map(\.item)
    return workload
  }

  /// A feed of `count` elements that receives 1% new elements at the front.
  static func feedTick(_ count: Int) -> DiffWorkload {
    let old = (0..<count).map { BenchItem(id: $0, version: 0) }
    let fresh = (count..<(count + count / 100)).map { BenchItem(id: $0, version: 0) }
    return DiffWorkload(old: old, new: fresh + old, inserted: fresh.count)
  }
}
