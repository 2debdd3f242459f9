import PropertyTesting
import Testing

@testable import CollectionDiff

@Suite struct HeapSortTests {
  /// 2,000 seeded arrays (empty, tiny, repeated values, already sorted, reversed) sort exactly
  /// as the standard library sorts them.
  @Test func sortsLikeTheStandardLibrary() {
    for seed in UInt64(0)..<2_000 {
      var rng = SplitMix64(seed: seed)
      let count = Int.random(in: 0...(seed % 10 == 0 ? 2_000 : 40), using: &rng)
      let range = rng.pick([1, 3, 1_000, Int.max / 2])
      var values = (0..<count).map { _ in Int.random(in: -range...range, using: &rng) }
      switch seed % 4 {
      case 1: values.sort()
      case 2: values.sort(by: >)
      default: break
      }
      var sorted = values
      heapSort(&sorted)
      #expect(sorted == values.sorted(), "seed \(seed)")
      if sorted != values.sorted() { return }
    }
  }
}
