import CollectionLayout

/// Layout engine benchmarks (issue "Toolkit foundation").
enum LayoutBenchmarks {
  static func run() {
    print("(filled in below)")
  }
}
