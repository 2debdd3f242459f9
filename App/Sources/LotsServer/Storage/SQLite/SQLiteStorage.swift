import Foundation
import GRDB

/// The embedded database: a GRDB pool on SQLite in WAL mode, owning the schema migrator.
///
/// Every write that can change a feed appends to `changeLog` in the same transaction, so the
/// log's AUTOINCREMENT sequence follows commit order (SQLite has a single writer), and the
/// commit of such a transaction rings `commits` (``ChangeLogObserver``).
public struct SQLiteStorage: Sendable {
  /// Rung after every commit that appended to the change log.
  let commits = CommitSignal()
  /// The connection pool; all writes of the process go through it.
  let writer: any DatabaseWriter
  /// Moderation and retention settings.
  let policy: DatabasePolicy
  /// Each event loop's own read-only connection (databases opened from a file).
  let loopReaders: LoopReaders?
  /// Writes waiting for the one writer (``write(_:)`` counts them).
  let waits = DatabaseWaits(capacity: 1)
  /// The writes of ``write(_:)``, those that arrive together sharing one commit.
  let group: GroupCommit

  /// Opens a database over `writer` and runs pending migrations.
  /// - Throws: A GRDB error when the schema can't be migrated.
  public init(_ writer: any DatabaseWriter, policy: DatabasePolicy = DatabasePolicy()) throws {
    try self.init(writer, policy: policy, loopReaders: nil)
  }

  private init(
    _ writer: any DatabaseWriter, policy: DatabasePolicy, loopReaders: LoopReaders?
  ) throws {
    self.writer = writer
    self.policy = policy
    self.loopReaders = loopReaders
    self.group = GroupCommit(writer)
    try Self.migrator.migrate(writer)
    writer.add(transactionObserver: ChangeLogObserver(signal: commits), extent: .databaseLifetime)
  }

  /// Opens (or creates) the database file at `path` in WAL mode.
  /// - Throws: A GRDB error when the file can't be opened or migrated.
  public static func open(path: String, policy: DatabasePolicy = DatabasePolicy()) throws
    -> SQLiteStorage
  {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let pool = try DatabasePool(path: path, configuration: configuration)
    // Set on the pool's one writer connection, after the pool's own WAL set-up (which chooses
    // NORMAL, after any `prepareDatabase` hook: until 2026-11-24 that made every commit
    // NORMAL whatever this said).
    try pool.barrierWriteWithoutTransaction { db in
      try db.execute(sql: "PRAGMA synchronous = \(policy.synchronous.rawValue)")
    }
    return try SQLiteStorage(
      pool, policy: policy, loopReaders: LoopReaders(path: path, group: .singleton))
  }
}

/// Settings that shape what the database layer allows and keeps.
public struct DatabasePolicy: Sendable {
  /// How reports weigh, and how much hides a post pending review.
  public var reports: ReportWeighing
  /// Change-log entries kept at least (older ones are trimmed).
  public var retainedEvents: Int
  /// Age after which change-log entries may be trimmed.
  public var retainedAge: TimeInterval
  /// How long a session token stays valid.
  public var sessionLifetime: TimeInterval
  /// The window of likes that ranks the inspire feed.
  public var inspireWindow: TimeInterval
  /// How long a ranking serves every first page of the inspire feed before the next first
  /// page ranks again: reading never writes more than once per this interval.
  public var inspireReuse: TimeInterval = 60
  /// When a commit reaches the disk (see ``Synchronous``).
  public var synchronous = Synchronous.full
  /// Whether PostgreSQL's pools open all their connections at start and keep them (see
  /// ``LoopClients``): what a server does. Suites that run hundreds of servers at once on one
  /// PostgreSQL turn it off, and their pools open connections as asked.
  public var keepsConnectionsOpen = true

  /// SQLite's `synchronous` setting in WAL mode: what an acknowledged write survives.
  public enum Synchronous: String, Sendable {
    /// The log is flushed to the disk (fsync) at every commit, before the write is
    /// acknowledged: a write survives power loss and a kernel crash. The default.
    case full = "FULL"
    /// The log is flushed only at checkpoints: an acknowledged write survives the process
    /// being killed, but the last commits may be lost (never half-applied) on power loss.
    case normal = "NORMAL"
  }

  /// Creates a policy; the defaults are those of production.
  public init(
    reports: ReportWeighing = ReportWeighing(), retainedEvents: Int = 10_000,
    retainedAge: TimeInterval = 86_400,
    sessionLifetime: TimeInterval = 30 * 86_400, inspireWindow: TimeInterval = 7 * 86_400
  ) {
    self.reports = reports
    self.retainedEvents = retainedEvents
    self.retainedAge = retainedAge
    self.sessionLifetime = sessionLifetime
    self.inspireWindow = inspireWindow
  }
}

extension SQLiteStorage: Storage {}

extension SQLiteStorage {
  /// Runs `updates` in a write transaction on the one writer, counted in ``waits``: with the
  /// writes that arrived meanwhile, each in a savepoint, one commit for all (``GroupCommit``).
  func write<Result: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Result)
    async throws -> Result
  {
    try await waits.measure { try await group.write(updates) }
  }
}
