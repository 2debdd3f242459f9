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
  /// least 2 per loop).
  init(
    configuration: PostgresClient.Configuration,
    group: MultiThreadedEventLoopGroup = .singleton, logger: Logger
  ) {
    let loops = Array(group.makeIterator())
    var configuration = configuration
    configuration.options.maximumConnections = max(
      2, configuration.options.maximumConnections / max(1, loops.count))
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
