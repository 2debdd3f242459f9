import GRDB

/// Rings `signal` after each commit of a transaction that inserted into `changeLog`: the
/// database's own commit hook, so that no write path can append a change the hub never hears
/// of. GRDB calls it on the writer's queue, one transaction at a time.
final class ChangeLogObserver: TransactionObserver, @unchecked Sendable {
  private let signal: CommitSignal
  /// Touched only on the writer's queue.
  private var appended = false

  init(signal: CommitSignal) { self.signal = signal }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    if case .insert(let table) = eventKind { return table == "changeLog" }
    return false
  }

  func databaseDidChange(with event: DatabaseEvent) {
    appended = true
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  func databaseDidCommit(_ db: Database) {
    guard appended else { return }
    appended = false
    signal.ring()
  }

  func databaseDidRollback(_ db: Database) {
    appended = false
  }
}
