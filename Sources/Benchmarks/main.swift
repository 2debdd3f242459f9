// Benchmarks of the LOTs toolkit. Run in release mode:
//   swift run -c release Benchmarks [suite ...]
// Each suite prints rows with its targets and a baseline measured in the same run.
let suites: [(name: String, run: () -> Void)] = [
  ("layout", LayoutBenchmarks.run),
  ("diff", DiffBenchmarks.run),
  ("scroll", ScrollLayoutBenchmarks.run),
  ("movement", MovementBenchmarks.run),
]

let requested = Set(CommandLine.arguments.dropFirst())
print("LOTs benchmarks (release build; medians; ratios against baselines in the same run)")
for suite in suites where requested.isEmpty || requested.contains(suite.name) {
  print("\n== \(suite.name)")
  suite.run()
}
