import ArgumentParser
import LotsServer

/// `lots bench-print`: the stores near a college at scale, on SQLite (a temporary database) or
/// an empty PostgreSQL database. Run from a release build.
struct BenchPrintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-print", abstract: "Measure the stores near a college among 10,000.")

  @Option(help: "An empty PostgreSQL database (postgres://…); SQLite when absent.")
  var database: String?
  @Option(help: "Stores to write.") var stores = 10_000
  @Option(help: "Measured queries.") var rounds = 1_000

  func run() async throws {
    print(try await PrintBenchmark.run(databaseURL: database, stores: stores, rounds: rounds))
  }
}
