import PropertyTesting

#if canImport(Glibc)
  import Glibc
#endif

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
