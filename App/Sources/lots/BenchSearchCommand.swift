import ArgumentParser
import LotsServer

/// `lots bench-search`: search's server time at scale, on SQLite (a temporary database) or an
/// empty PostgreSQL database. Run from a release build.
struct BenchSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-search",
    abstract: "Measure search at 100,000 posts and 10,000 restaurants.")

  @Option(help: "An empty PostgreSQL database (postgres://…); SQLite when absent.")
  var database: String?
  @Option(help: "Posts to write.") var posts = 100_000
  @Option(help: "Restaurants to write.") var restaurants = 10_000
  @Option(help: "Measured runs of each query.") var rounds = 300

  func run() async throws {
    print(
      try await SearchBenchmark.run(
        databaseURL: database, posts: posts, restaurants: restaurants, rounds: rounds))
  }
}
