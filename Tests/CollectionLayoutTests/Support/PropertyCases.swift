import PropertyTesting

/// Runs `body` for `count` cases of the vertical layouts' property tests (the shared runner,
/// `PropertyCases.run`; `LOTS_SEED` replays a failure as case 0).
func forEachCase(
  _ count: Int, _ body: (inout SplitMix64, UInt64) -> String?
) -> (failures: Int, first: String?) {
  PropertyCases.run(count, base: 0x10_75_2026, body)
}
