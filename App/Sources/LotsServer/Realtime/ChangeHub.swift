import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The in-process event hub: one shared in-memory tail of the change log, loaded in commit
/// order after each commit, from which every stream reads.
///
/// Storage rings the hub after every commit that appended to the log (`CommitSignal`); a single
/// loader reads `seq > lastLoaded` from the store, so no entry is skipped even when commits
/// ring out of order.
final class ChangeHub: Sendable {
  /// What a subscriber gets for its cursor.
  enum Replay: Sendable, Equatable {
    /// The entries after the cursor (possibly none yet), in order.
    case entries([ChangeEntry])
    /// The cursor is older than the retained log: the client must reload, then resume from
    /// `latest`.
    case reset(latest: Int64)
  }

  struct State {
    var tail: [ChangeEntry] = []
    /// Every entry after `floor` is in `tail`; a cursor below it can't be replayed.
    var floor: Int64 = 0
    var lastLoaded: Int64 = 0
    var loading = false
    var rungWhileLoading = false
    var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    /// Each subscriber's client address, for the per-address limit.
    var subscriberAddresses: [Int: String] = [:]
    /// The signed-in user of each subscriber that has one.
    var subscriberUsers: [Int: Int64] = [:]
    /// The session (its token's hash) that opened each subscriber that has one.
    var subscriberSessions: [Int: String] = [:]
    /// Bumped when sessions may have ended unheard: every stream checks its session again.
    var sessionVersion = 0
    var nextSubscriber = 0
    var blockVersion = 0
    var closed = false
    /// Rings before `start` are ignored: it loads everything committed until then.
    var started = false
  }

  let store: any ChangeLogStore
  let retainedEvents: Int
  let state = Mutex(State())
  let logger = Logger(label: "lots.hub")

  init(store: any ChangeLogStore, retainedEvents: Int) {
    self.store = store
    self.retainedEvents = max(1, retainedEvents)
    store.commits.listen { [weak self] in self?.ring() }
  }

  /// Loads the retained log; call once before serving.
  func start() async throws {
    let oldest = try await store.oldestRetainedSequence()
    let current = try await store.currentSequence()
    let floor = max((oldest ?? current + 1) - 1, current - Int64(retainedEvents))
    state.withLock {
      $0.floor = floor
      $0.lastLoaded = floor
      $0.started = true
    }
    try await load()
  }

  /// The highest sequence loaded so far.
  var lastLoaded: Int64 { state.withLock { $0.lastLoaded } }

  /// A counter bumped whenever someone blocks or unblocks, so streams refresh their filters.
  var blockVersion: Int { state.withLock { $0.blockVersion } }

  /// Bumped by ``endStreams(_:)`` with ``SessionEnd/unheard``; see ``StreamSession``.
  var sessionVersion: Int { state.withLock { $0.sessionVersion } }

  /// Notes that blocks changed.
  func blocksDidChange() {
    state.withLock { $0.blockVersion += 1 }
  }

  /// Signals that a commit appended to the log; loading happens in the background. Storage
  /// calls it after each such commit.
  func ring() {
    let shouldStart = state.withLock { state -> Bool in
      guard state.started else { return false }
      if state.loading {
        state.rungWhileLoading = true
        return false
      }
      state.loading = true
      return true
    }
    guard shouldStart else { return }
    Task {
      do {
        try await self.loadWhileRung()
      } catch {
        self.logger.error("change log load failed: \(error)")
        self.state.withLock { $0.loading = false }
      }
    }
  }

  func loadWhileRung() async throws {
    while true {
      try await load()
      let again = state.withLock { state -> Bool in
        if state.rungWhileLoading {
          state.rungWhileLoading = false
          return true
        }
        state.loading = false
        return false
      }
      if !again { return }
    }
  }

  /// Loads every committed entry after `lastLoaded` and wakes the subscribers.
  func load() async throws {
    while true {
      let after = lastLoaded
      let batch = try await store.changes(after: after, limit: 1_000)
      guard !batch.isEmpty else { return }
      let wake = state.withLock { state -> [AsyncStream<Void>.Continuation] in
        state.tail.append(contentsOf: batch.filter { $0.seq > state.lastLoaded })
        state.lastLoaded = max(state.lastLoaded, batch.last!.seq)
        if state.tail.count > retainedEvents + retainedEvents / 10 {
          let drop = state.tail.count - retainedEvents
          state.floor = state.tail[drop - 1].seq
          state.tail.removeFirst(drop)
        }
        return Array(state.subscribers.values)
      }
      for continuation in wake { continuation.yield() }
      if batch.count < 1_000 { return }
    }
  }
}

extension ChangeHub: Service {
  /// Waits for graceful shutdown, then ends every stream so the server can drain.
  func run() async throws {
    try? await gracefulShutdown()
    close()
  }
}
