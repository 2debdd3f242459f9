#if canImport(Glibc)
  import Glibc
#endif

/// A small, fast, seedable random number generator for property tests (SplitMix64).
///
/// Every property test derives one generator per case from a base seed, prints that seed when
/// an invariant fails, and can be replayed with `LOTS_SEED=<seed>`.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  /// A random element of a non-empty array.
  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &self)]
  }
}

/// The base seed of property tests: `LOTS_SEED` from the environment, or a fixed default so
/// that CI runs are reproducible.
let propertyBaseSeed: UInt64 = {
  #if canImport(Glibc)
    if let text = getenv("LOTS_SEED"), let seed = UInt64(String(cString: text)) { return seed }
  #endif
  return 0x10_75_2026
}()

/// Runs `body` for `count` cases, each with its own generator seeded from the base seed.
/// `body` returns a failure description or `nil`; the first failure is reported with its seed.
func forEachCase(
  _ count: Int, _ body: (inout SplitMix64, UInt64) -> String?
) -> (failures: Int, first: String?) {
  var failures = 0
  var first: String?
  for index in 0..<count {
    let seed = propertyBaseSeed &+ UInt64(index) &* 0x9E37_79B9
    var random = SplitMix64(seed: seed)
    if let failure = body(&random, seed) {
      failures += 1
      if first == nil {
        first = "seed \(seed) (LOTS_SEED=\(seed) replays it as case 0): \(failure)"
      }
    }
  }
  return (failures, first)
}
