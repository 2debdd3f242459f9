import Synchronization

/// How often the database kept an operation waiting for its turn: SQLite's one writer, or a
/// connection of PostgreSQL's pool. An operation waits when it starts while `capacity` others
/// hold every place; `/metrics` shows how many wait now and how many ever did
/// (`lots_database_waiting`, `lots_database_waits_total`).
final class DatabaseWaits: Sendable {
  /// How many operations run at once (1 for SQLite's writes; the pool's size on PostgreSQL).
  let capacity: Int
  private let inFlight = Atomic<Int>(0)
  private let waited = Atomic<Int>(0)

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Runs `operation`, counted: two relaxed atomic additions and one subtraction.
  func measure<Result>(_ operation: () async throws -> Result) async rethrows -> Result {
    if inFlight.add(1, ordering: .relaxed).newValue > capacity {
      waited.add(1, ordering: .relaxed)
    }
    defer { inFlight.subtract(1, ordering: .relaxed) }
    return try await operation()
  }

  /// Operations waiting for a place now.
  var waiting: Int { max(0, inFlight.load(ordering: .relaxed) - capacity) }

  /// Operations that ever had to wait.
  var waitedTotal: Int { waited.load(ordering: .relaxed) }
}
