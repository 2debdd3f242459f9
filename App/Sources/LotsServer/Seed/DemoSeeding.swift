import Logging
import ServiceLifecycle

/// Makes the demo's posts while the server already answers: the photos take about a minute
/// on two cores, and a newcomer should see the app at once, and the posts arrive live.
struct DemoSeeding: Service {
  let seeder: DemoSeeder
  let plan: DemoSeeder.Plan

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown { try await seeder.seedPosts(plan) }
    } catch is CancellationError {
      // Stopped half-way: the next start goes on from where this one was.
      return
    } catch {
      seeder.logger.error("demo content stopped: \(error)")
    }
    // A service that returns would stop the server: wait with it instead.
    try? await gracefulShutdown()
  }
}
