import PropertyTesting
import Testing

@testable import CollectionDiff

@Suite struct HeapSortTests {
  /// 2,000 seeded arrays (empty, tiny, repeated values, already sorted, reversed) sort exactly
  /// as the standard library sorts them.
  @Test func sortsLikeTheStandardLibrary() {
    let failure = PropertyCases.firstFailure(2_000, base: 0) { rng, seed in
      let count = rng.count(in: 0...(seed % 10 == 0 ? 2_000 : 40))
      let range = rng.pick([1, 3, 1_000, Int.max / 2])
      var values = (0..<count).map { _ in Int.random(in: -range...range, using: &rng) }
      switch seed % 4 {
      case 1: values.sort()
      case 2: values.sort(by: >)
      default: break
      }
      var sorted = values
      heapSort(&sorted)
      return sorted == values.sorted() ? nil : "\(values) sorted as \(sorted)"
    }
    #expect(failure == nil, "\(failure ?? "")")
  }
}
