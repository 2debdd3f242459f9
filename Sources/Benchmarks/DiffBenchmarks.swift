@_spi(Benchmarks) import CollectionDiff

/// CollectionDiff benchmarks (issue "CollectionDiff and LiveCollection"): the engine beside
/// Swift's `difference(from:)` and `.inferringMoves()` on the same data.
enum DiffBenchmarks {
  static func run() {
    mixed(10_000, target: nil, baselines: true)
    mixed(100_000, target: .milliseconds(10), baselines: true)
    mixed(1_000_000, target: .milliseconds(150), baselines: false)
    feedTick()
    LiveListBenchmarks.run()
  }

  static func mixed(_ count: Int, target: Duration?, baselines: Bool) {
    let workload = DiffWorkload.mixed(count, seed: UInt64(count))
    let label = "diff \(count / 1000)k (10% del, 10% ins, 5% mov, 5% upd)"
    let result = Harness.measure(label) {
      blackHole(Changeset(from: workload.old, to: workload.new))
    }
    var baseline: Harness.Result? = nil
    if baselines {
      let swift = Harness.measure("difference(from:)", minimumRuns: 1, maximumRuns: 3) {
        blackHole(workload.new.difference(from: workload.old))
      }
      let moves = Harness.measure(".inferringMoves()", minimumRuns: 1, maximumRuns: 3) {
        blackHole(workload.new.difference(from: workload.old).inferringMoves())
      }
      Harness.report(swift)
      Harness.report(moves)
      baseline = moves
    }
    Harness.report(result, target: target, baseline: baseline)
    check(workload)
  }

  static func feedTick() {
    let workload = DiffWorkload.feedTick(100_000)
    let result = Harness.measure("feed tick: 1% new at the front of 100k") {
      blackHole(Changeset(from: workload.old, to: workload.new))
    }
    let swift = Harness.measure("difference(from:) feed tick", minimumRuns: 1, maximumRuns: 3) {
      blackHole(workload.new.difference(from: workload.old))
    }
    Harness.report(swift)
    Harness.report(result, target: .microseconds(2000), baseline: swift)
    check(workload)
  }

  /// Prints the temporary memory per element and checks the changeset against the known edits:
  /// a benchmark of a wrong answer is worth nothing.
  static func check(_ workload: DiffWorkload) {
    let changeset = Changeset(from: workload.old, to: workload.new)
    let bytes = Changeset<Int>.temporaryByteCount(from: workload.old, to: workload.new)
    let perElement = Double(bytes) / Double(max(workload.old.count, workload.new.count))
    let ok =
      changeset.deletes.count == workload.deleted && changeset.inserts.count == workload.inserted
      && changeset.moves.count <= workload.moved
      && changeset.reconfigures.count == workload.updated
    print(
      "  temporary memory \(Harness.rounded(perElement, 1)) bytes/element (target ≤ 64)"
        + "; \(changeset.moves.count) moves for \(workload.moved) moved"
        + (ok ? "; counts ok" : "; COUNTS WRONG"))
  }
}
