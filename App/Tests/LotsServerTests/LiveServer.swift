import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

@testable import LotsServer

/// Runs the real server on 127.0.0.1 with an ephemeral port for tests that need sockets, on
/// the backend the suites run on (``TestApp/onServerBackend(_:_:)``: a database of its own on
/// PostgreSQL when `LOTS_TEST_BACKEND=postgres`).
enum LiveServer {
  static func run(
    _ change: ConfigurationChange = .none, logger: Logger? = nil,
    _ test: @escaping @Sendable (Int) async throws -> Void
  ) async throws {
    var configuration = TestApp.configuration()
    change.apply(&configuration)
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    try await TestApp.onServerBackend(configuration) { configuration in
      try await serve(configuration, logger: logger, test)
    }
  }

  /// Serves `configuration` on an ephemeral port until `test` (given the port) returns.
  private static func serve(
    _ configuration: ServerConfiguration, logger: Logger?,
    _ test: @escaping @Sendable (Int) async throws -> Void
  ) async throws {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = try await buildApplication(configuration, logger: logger) {
      continuation.yield($0)
    }
    let group = ServiceGroup(
      configuration: .init(services: [app], logger: Logger(label: "lots.test")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next() else { return }
      do {
        try await test(port)
      } catch {
        await group.triggerGracefulShutdown()
        throw error
      }
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
  }
}
