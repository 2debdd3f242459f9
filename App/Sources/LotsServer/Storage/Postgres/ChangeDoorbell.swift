import Logging
import PostgresNIO
import Synchronization

/// LISTEN/NOTIFY between instances, on a connection of its own: each commit that appends to
/// the change log notifies ``channel`` (PostgreSQL delivers it after the commit, to every
/// listening connection, this instance's included), and each instance rings its hub, which
/// reads the log from its last sequence. A notification is a wake-up, never the data: it is
/// not durable, so after (re)connecting the doorbell rings once and the hub pulls whatever it
/// missed.
///
/// The connection also tells whether the database can be reached (``isUp``): it breaks the
/// moment the server goes away, and is tried again every second, so requests fail fast with
/// 503 while the database is down, and work again within a second of its return.
final class ChangeDoorbell: Sendable {
  static let channel = "lots_changes"

  private let up = Atomic<Bool>(false)

  /// Whether the doorbell's connection is open and listening (false until it first is).
  var isUp: Bool { up.load(ordering: .relaxed) }

  /// Listens until cancelled, reconnecting a second after the connection is lost: rings
  /// `ring` for each change-log commit and hands each ended session to `sessionEnded`.
  func listen(
    url: DatabaseURL, logger: Logger, ring: @escaping @Sendable () -> Void,
    sessionEnded: @escaping @Sendable (String) -> Void
  ) async {
    var id = 0
    while !Task.isCancelled {
      id += 1
      do {
        let connection = try await PostgresConnection.connect(
          configuration: try url.connectionConfiguration(), id: id, logger: logger)
        defer { Task { try? await connection.close() } }
        try await connection.listen(on: Self.channel) { changes in
          try await connection.listen(on: SessionEnds.channel) { sessions in
            if !up.exchange(true, ordering: .relaxed), id > 1 {
              logger.info("the database is back")
            }
            // What happened while no one listened.
            sessionEnded(SessionEnd.unheard.message)
            ring()
            try await withThrowingTaskGroup(of: Void.self) { group in
              group.addTask { for try await _ in changes { ring() } }
              group.addTask {
                for try await message in sessions { sessionEnded(message.payload) }
              }
              try await group.next()  // either ends: the connection is gone
              group.cancelAll()
            }
          }
        }
      } catch {
        if Task.isCancelled { return }
        if up.exchange(false, ordering: .relaxed) {
          logger.warning("the database cannot be reached: \(error)")
        }
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
