import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// What the server keeps, on PostgreSQL: for a community that runs several `lots serve` on one
/// database (SQLite, `SQLiteStorage`, stays the default). Every instance reads and writes the
/// same tables; the change log is appended in commit order (``appendChange``) and each commit
/// that appended rings every instance's ``commits`` through LISTEN/NOTIFY (``ChangeDoorbell``).
final class PostgresStorage: Sendable {
  /// The pools of connections, one per event loop; their `run()` goes on until ``close()``.
  let clients: LoopClients
  /// The pool of the event loop the caller runs on (see ``LoopClients``).
  var client: PostgresClient { clients.current }
  let logger: Logger
  let policy: DatabasePolicy
  /// Rung after each commit that appended to the change log, on any instance.
  let commits = CommitSignal()
  /// Sessions ended on any instance (see ``SessionEnds``).
  let sessionEnds = SessionEnds()
  /// The longest a request waits for the database (a queue under load included) before it is
  /// answered 503.
  static let deadline: Duration = .seconds(30)
  private let doorbell = ChangeDoorbell()
  /// Operations waiting for a connection of the pool.
  let waits: DatabaseWaits
  /// The operations running, ended together when the database goes away.
  private let inFlight = InFlightOperations()
  private let running: Task<Void, Never>
  private let listening: Task<Void, Never>
  private let watching: Task<Void, Never>

  /// Connects with at most `connections` connections, brings the schema up to date (once,
  /// however many instances start together) and listens for the other instances' changes.
  static func open(
    url: DatabaseURL, policy: DatabasePolicy = DatabasePolicy(), connections: Int = 20,
    logger: Logger
  ) async throws -> PostgresStorage {
    // One connection first: a wrong address, user or database name is a clear error at start,
    // not a pool retrying for ever.
    do {
      let connection = try await PostgresConnection.connect(
        configuration: try url.connectionConfiguration(), id: 0, logger: logger)
      try? await connection.close()
    } catch {
      throw AppError(
        .serviceUnavailable,
        "cannot connect to PostgreSQL at \(url.host):\(url.port), database \(url.database), "
          + "user \(url.username): \(String(reflecting: error))")
    }
    let clients = LoopClients(
      configuration: url.configuration(connections: connections),
      keepingOpen: policy.keepsConnectionsOpen, logger: logger)
    let storage = PostgresStorage(
      clients: clients, url: url, policy: policy, logger: logger)
    do {
      try await storage.migrate()
      // Listening before anything is written: no notification of this instance's is missed.
      let until = ContinuousClock.now + .seconds(10)
      while !storage.doorbell.isUp {
        guard ContinuousClock.now < until else { throw AppError.databaseUnavailable }
        try await Task.sleep(for: .milliseconds(5))
      }
    } catch {
      storage.close()
      throw error
    }
    return storage
  }

  private init(
    clients: LoopClients, url: DatabaseURL, policy: DatabasePolicy, logger: Logger
  ) {
    self.clients = clients
    // A request waits when its loop's pool is full: counted against all the pools together.
    self.waits = DatabaseWaits(capacity: clients.capacity)
    self.logger = logger
    self.policy = policy
    running = Task { await clients.run() }
    listening = Task { [doorbell, commits, sessionEnds] in
      await doorbell.listen(
        url: url, logger: logger, ring: commits.ring, sessionEnded: sessionEnds.announce)
    }
    watching = Task { [doorbell, inFlight] in
      while !Task.isCancelled {
        let now = ContinuousClock.now
        inFlight.end(startedBefore: doorbell.isUp ? now - Self.deadline : now)
        try? await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  /// Closes every connection; the storage answers nothing after.
  func close() {
    listening.cancel()
    watching.cancel()
    running.cancel()
  }

  /// Runs `operation` against the database, or answers 503 (with `Retry-After`): at once while
  /// the database cannot be reached, within a tenth of a second when it goes away during the
  /// operation (a pool reconnecting would hold requests for as long as its backoff), and after
  /// ``deadline`` in any case. A request never hangs on the database; a busy database only
  /// makes it wait its turn.
  func withDatabase<Result: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    guard doorbell.isUp else { throw AppError.databaseUnavailable }
    do {
      return try await waits.measure { try await inFlight.run(operation) }
    } catch let error as PSQLError where Self.lostConnection(error) {
      throw AppError.databaseUnavailable
    } catch let error where String(reflecting: type(of: error)).contains("ConnectionPoolError") {
      throw AppError.databaseUnavailable
    }
  }

  /// Whether an error is the connection's, not the query's.
  static func lostConnection(_ error: PSQLError) -> Bool {
    [
      .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
      .poolClosed,
    ].contains(error.code)
  }

  /// Runs `body` in a transaction that first takes the change log's lock (``lockChangeLog``),
  /// unless it is not `ordered`: every writer takes that lock before any row's, so a writer
  /// holding the lock never waits for a row held by one waiting for the lock (a comment and a
  /// like of one post deadlocked when the comment took the lock first and the like the post's
  /// row first). Only a transaction that never appends to the change log may pass `false`.
  /// - Throws: What `body` throws (not wrapped), or the database's error.
  func transaction<Result: Sendable>(
    ordered: Bool = true,
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    try await withDatabase { [client, logger] in
      do {
        return try await client.withTransaction(logger: logger) { connection in
          if ordered { try await Self.lockChangeLog(connection, logger: logger) }
          return try await body(connection)
        }
      } catch let error as PostgresTransactionError {
        throw error.closureError ?? error.commitError ?? error.beginError ?? error
      }
    }
  }

  /// Runs `query` outside a transaction (see ``withDatabase(_:)``).
  @discardableResult
  func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
    try await withDatabase { [client, logger] in try await client.query(query, logger: logger) }
  }

  /// The rows of a prepared statement, which each connection prepares once (see
  /// ``withDatabase(_:)``).
  func prepared(_ statement: some RowStatement) async throws -> [PostgresRow] {
    try await withDatabase { [client, logger] in
      var rows: [PostgresRow] = []
      for try await row in try await client.execute(statement, logger: logger) {
        rows.append(row)
      }
      return rows
    }
  }

  /// The rows of `query`, each made into a value by `make`.
  func rows<Value>(
    _ query: PostgresQuery, on connection: PostgresConnection? = nil,
    _ make: (PostgresRandomAccessRow) throws -> Value
  ) async throws -> [Value] {
    let sequence =
      if let connection {
        try await connection.query(query, logger: logger)
      } else {
        try await self.query(query)
      }
    var values: [Value] = []
    for try await row in sequence { values.append(try make(row.makeRandomAccess())) }
    return values
  }

  /// The first column of the first row of `query`, or nil when there is no row.
  func value<Value: PostgresDecodable>(
    _ type: Value.Type, _ query: PostgresQuery, on connection: PostgresConnection? = nil
  ) async throws -> Value? {
    try await rows(query, on: connection) { row in
      row[0].bytes == nil ? nil : try row[0].decode(Value.self)
    }.first ?? nil
  }

  /// How many rows `query` (an INSERT, UPDATE or DELETE with `RETURNING 1`) touched.
  func count(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> Int {
    try await rows(query, on: connection) { _ in () }.count
  }

  /// Whether `error` is PostgreSQL's unique violation (SQLSTATE 23505).
  static func isUniqueViolation(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
  }
}

extension PostgresStorage: Service {
  /// Keeps the connections until the server shuts down, then closes them.
  func run() async throws {
    try? await gracefulShutdown()
    close()
  }
}
