import GRDB
import NIOCore
import NIOPosix

/// One read-only SQLite connection per event loop, for the reads of one statement that serve
/// feed pages (``SQLiteStorage/readStatementNow(_:)``).
///
/// `DatabasePool.unsafeRead` borrows a reader from its pool (a semaphore and a lock) and asks
/// SQLite for the schema version before every read: together about 9 % of the server's CPU
/// under the feed benchmark. A loop's own connection needs neither. Only that loop's thread
/// reads through it, one synchronous read at a time, so it is never contended. A schema
/// change (the migrations run after these connections open) needs no check either: SQLite
/// re-prepares a statement whose schema changed, and these reads use no GRDB schema cache.
/// Each statement outside a transaction reads the latest committed snapshot, as on the pool.
final class LoopReaders: Sendable {
  private let readers: [ObjectIdentifier: DatabaseQueue]

  /// Opens one connection to the database at `path` for every loop of `group`.
  /// - Throws: A GRDB error when a connection can't be opened.
  init(path: String, group: MultiThreadedEventLoopGroup) throws {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "LoopReader"
    configuration.busyMode = .timeout(10)
    var readers: [ObjectIdentifier: DatabaseQueue] = [:]
    for loop in group.makeIterator() {
      readers[ObjectIdentifier(loop)] = try DatabaseQueue(
        path: path, configuration: configuration)
    }
    self.readers = readers
  }

  /// The connection of the event loop the caller runs on, or nil off the loops.
  var current: DatabaseQueue? {
    MultiThreadedEventLoopGroup.currentEventLoop.flatMap { readers[ObjectIdentifier($0)] }
  }
}
