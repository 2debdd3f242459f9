import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Testing

@testable import LotsServer

/// PostgreSQL's pools, one per event loop (``LoopClients``): a request's query stays on the
/// thread that handles the request.
@Suite(.oncePerRun) struct LoopClientsTests {
  @Test func aQueryAskedOnALoopIsServedByAConnectionOnThatLoop() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      let clients = LoopClients(
        configuration: url.configuration(connections: 4),
        logger: Logger(label: "lots-test-postgres"))
      let running = Task { await clients.run() }
      defer { running.cancel() }
      let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
      #expect(clients.all.count == loops.count)
      #expect(clients.capacity == max(2, 4 / loops.count) * loops.count)  // at least 2 a loop
      // Each loop asked three times in a row: a pool chosen any other way (say, in turn)
      // would send one of those elsewhere.
      for loop in loops.flatMap({ [$0, $0, $0] }) {
        let client = try await loop.submit { clients.current }.get()
        let served = try await client.withConnection { connection in
          let one = try await connection.query("SELECT 1", logger: Logger(label: "test"))
          for try await row in one { #expect(try row.decode(Int.self) == 1) }
          return connection.eventLoop
        }
        #expect(served === loop)
      }
      // Every pool opened its connections without being asked and keeps them (no pool closes
      // an idle connection, so none starts a timer per query): the database sees them all.
      let open = try await StoreBackend.connections(to: url) { $0 >= clients.capacity }
      #expect(open == clients.capacity, "the pools' connections")
      // A caller on no loop (this test's task) is sent to each pool in turn.
      let picked = Set((0..<(2 * loops.count)).map { _ in ObjectIdentifier(clients.current) })
      #expect(picked.count == loops.count)
    }
  }
}
