/// A tiny benchmark harness: runs a body repeatedly, keeps the median, and prints a row with a
/// baseline measured in the same run, so results are ratios rather than absolute claims.
struct Harness {
  /// One measured case.
  struct Result {
    var name: String
    var median: Duration
    var iterations: Int
  }

  /// Runs `body` until `minimumRuns` runs and at least `budget` have passed (capped at
  /// `maximumRuns`), and returns the median duration of one run.
  static func measure(
    _ name: String, minimumRuns: Int = 5, maximumRuns: Int = 10_000,
    budget: Duration = .milliseconds(300), _ body: () -> Void
  ) -> Result {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    let start = clock.now
    body()  // warm-up
    while samples.count < minimumRuns
      || (clock.now - start < budget && samples.count < maximumRuns)
    {
      let began = clock.now
      body()
      samples.append(clock.now - began)
    }
    samples.sort()
    return Result(name: name, median: samples[samples.count / 2], iterations: samples.count)
  }

  /// Runs `body`, which performs `batch` operations, and returns the median time of one.
  static func measureEach(
    _ name: String, batch: Int, budget: Duration = .milliseconds(300), _ body: () -> Void
  ) -> Result {
    var result = measure(name, budget: budget, body)
    result.median = result.median / batch
    return result
  }

  /// Prints a table row: the case, its time, the target, the baseline and the ratio.
  static func report(_ result: Result, target: Duration? = nil, baseline: Result? = nil) {
    var line = pad(result.name, 44) + pad(format(result.median), 12)
    if let target {
      line += pad("target " + format(target), 18)
      line += result.median <= target ? " ok  " : " MISS"
    }
    if let baseline {
      let ratio = seconds(baseline.median) / max(seconds(result.median), 1e-12)
      line +=
        "  baseline \(baseline.name) \(format(baseline.median)) → \(rounded(ratio, 1))× faster"
    }
    print(line)
  }

  static func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) * 1e-18
  }

  static func format(_ duration: Duration) -> String {
    let value = seconds(duration)
    if value >= 1 { return rounded(value, 2) + " s" }
    if value >= 1e-3 { return rounded(value * 1e3, 2) + " ms" }
    if value >= 1e-6 { return rounded(value * 1e6, 2) + " µs" }
    return rounded(value * 1e9, 1) + " ns"
  }

  static func rounded(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded() / scale
    return "\(scaled)"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

/// Keeps a value alive so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
