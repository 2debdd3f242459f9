import Logging
import PostgresNIO

/// LISTEN/NOTIFY between instances: each commit that appends to the change log notifies
/// ``channel`` (PostgreSQL delivers it after the commit, to every listening connection, this
/// instance's included), and each instance rings its hub, which reads the log from its last
/// sequence. A notification is a wake-up, never the data: it is not durable, so after
/// (re)connecting the doorbell rings once, and the hub pulls whatever it missed.
enum ChangeDoorbell {
  static let channel = "lots_changes"

  /// Listens until cancelled, reconnecting after a second when the connection is lost.
  static func listen(client: PostgresClient, logger: Logger, ring: @escaping @Sendable () -> Void)
    async
  {
    while !Task.isCancelled {
      do {
        try await client.withConnection { connection in
          try await connection.listen(on: channel) { notifications in
            ring()  // what was appended while no one listened
            for try await _ in notifications { ring() }
          }
        }
      } catch {
        if Task.isCancelled { return }
        logger.warning("the change doorbell lost its connection: \(error)")
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
