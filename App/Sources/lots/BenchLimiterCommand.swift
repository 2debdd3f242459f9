import ArgumentParser
import LotsServer

/// `lots bench-limiter`: what the sign-in limiter holds in memory under many distinct keys
/// (an attacker inventing long user names). Run from a release build.
struct BenchLimiterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-limiter",
    abstract: "Measure the sign-in limiter's memory under many distinct long keys.")

  @Option(help: "Distinct keys to send.") var keys = 100_000
  @Option(help: "Bytes of each key.") var keyBytes = 63_000

  func run() {
    print(RateLimiterBenchmark.run(keys: keys, keyBytes: keyBytes))
  }
}
