import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// A pool of PostgreSQL connections per event loop, each pool's connections on its loop, and
/// a query asked from a loop goes to that loop's pool.
///
/// The server's tasks run on NIO's event loops (`EventLoopExecutor`), and a task resumes on the
/// loop that completed what it awaited. With one pool over every loop, a request handled on one
/// loop got a connection on another half the time: its query crossed to that loop, its answer
/// brought the request's task over with it, and the response crossed back (two wake-ups of a
/// sleeping thread per page). With a pool per loop the request, its query and its answer stay
/// on one thread.
final class LoopClients: Sendable {
  /// The pools, in the group's order of its loops.
  let all: [PostgresClient]
  /// The connections of all the pools together, at most.
  let capacity: Int
  private let byLoop: [ObjectIdentifier: PostgresClient]
  /// Where a caller on no loop of the group (tests, the command line) is sent next.
  private let turn = Atomic(0)

  /// The connections `configuration` allows in all, shared out over the loops of `group` (at
  /// least 2 per loop); with `keepingOpen`, each pool's opened at start and kept, without
  /// keep-alive queries.
  ///
  /// PostgresNIO's pool starts a timer each time a connection goes back idle: one to close it
  /// after the idle timeout (unless the pool is at its minimum) and one to ping it after the
  /// keep-alive interval. A timer cancelled by the next lease still holds its sleep until its
  /// deadline, so at thousands of queries a second tens of thousands of sleeps were pending:
  /// the server's memory grew by about 300 bytes a query and its CPU per feed page by half
  /// within a minute of load (measured; SQLite's stayed flat). A pool at its minimum with no
  /// keep-alive starts none. A connection the database closes (a restart) is replaced at once
  /// (the pool keeps its minimum); the change doorbell tells when the database is gone.
  init(
    configuration: PostgresClient.Configuration, keepingOpen: Bool = true,
    group: MultiThreadedEventLoopGroup = .singleton, logger: Logger
  ) {
    let loops = Array(group.makeIterator())
    var configuration = configuration
    configuration.options.maximumConnections = max(
      2, configuration.options.maximumConnections / max(1, loops.count))
    if keepingOpen {
      configuration.options.minimumConnections = configuration.options.maximumConnections
      configuration.options.keepAliveBehavior = nil
    }
    let clients = loops.map { loop in
      PostgresClient(configuration: configuration, eventLoopGroup: loop, backgroundLogger: logger)
    }
    all = clients
    capacity = configuration.options.maximumConnections * clients.count
    byLoop = Dictionary(
      uniqueKeysWithValues: zip(loops.map { ObjectIdentifier($0) }, clients))
  }

  /// The pool of the loop the caller runs on; another's in turn for a caller on none.
  var current: PostgresClient {
    if let loop = MultiThreadedEventLoopGroup.currentEventLoop,
      let client = byLoop[ObjectIdentifier(loop)]
    {
      return client
    }
    return all[turn.wrappingAdd(1, ordering: .relaxed).oldValue % all.count]
  }

  /// Runs every pool until cancelled.
  func run() async {
    await withDiscardingTaskGroup { group in
      for client in all { group.addTask { await client.run() } }
    }
  }
}
