import GRDB
import Synchronization

/// Group commit for SQLite's one writer: the writes that arrive while a transaction runs share
/// the next transaction, and so its one fsync (with `synchronous = FULL` every commit flushes
/// the log to the disk, the cost of a write). Each write runs in a savepoint of its own, so one
/// that throws undoes only itself; each caller is answered only after the commit that covers
/// its write returned, so an acknowledged write is as durable as before.
///
/// A lone write (nothing else waiting) runs in its own transaction, as a plain
/// `DatabaseWriter.write` would. A failure that ends the whole transaction (a full disk, an
/// I/O error: SQLite rolls everything back) fails every write of the batch; none of them was
/// acknowledged.
final class GroupCommit: Sendable {
  /// One write of a batch: `run` performs it inside the batch's transaction and returns what
  /// answers its caller once the batch committed (throwing only when the transaction itself is
  /// lost); `fail` answers it when the batch did not commit.
  private struct Job: Sendable {
    let run: @Sendable (Database, _ alone: Bool) throws -> Answer
    let fail: @Sendable (any Error) -> Void
  }
  private typealias Answer = @Sendable () -> Void
  private struct Queue {
    var jobs: [Job] = []
    /// Whether a task is running batches (it ends when it finds the queue empty).
    var draining = false
  }

  private let writer: any DatabaseWriter
  private let queue = Mutex(Queue())
  /// The most writes one transaction takes (a bound on how long the batch holds the writer).
  let batchLimit: Int
  private let commits = Atomic<Int>(0)

  /// Group commit over `writer`, at most `batchLimit` writes per transaction.
  init(_ writer: any DatabaseWriter, batchLimit: Int = 64) {
    self.writer = writer
    self.batchLimit = max(1, batchLimit)
  }

  /// Transactions committed so far (each one fsync with `synchronous = FULL`).
  var transactions: Int { commits.load(ordering: .relaxed) }

  /// Writes queued and not yet taken into a transaction.
  var queued: Int { queue.withLock { $0.jobs.count } }

  /// Runs `updates` in the next transaction of the writer, and returns its result once that
  /// transaction committed.
  /// - Throws: What `updates` threw (its own changes undone, the batch's others kept), or the
  ///   error that lost the batch's transaction.
  /// - Complexity: O(1) to queue; the batch then runs its writes one after another.
  func write<Result: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Result)
    async throws -> Result
  {
    try await withCheckedThrowingContinuation { continuation in
      let job = Job(
        run: { db, alone in
          if alone {
            // Its error rolls its transaction back, and reaches the caller through `fail`.
            let value = try updates(db)
            return { continuation.resume(returning: value) }
          }
          do {
            var result: Result?
            try db.inSavepoint {
              result = try updates(db)
              return .commit
            }
            guard let value = result else { throw DatabaseError(message: "savepoint lost") }
            return { continuation.resume(returning: value) }
          } catch {
            // SQLite ended the transaction itself (SQLITE_FULL, an I/O error): the batch is
            // lost, every write in it answered with this error.
            if !db.isInsideTransaction { throw error }
            return { continuation.resume(throwing: error) }
          }
        },
        fail: { continuation.resume(throwing: $0) })
      let starts = queue.withLock { queue in
        queue.jobs.append(job)
        defer { queue.draining = true }
        return !queue.draining
      }
      if starts { Task { await self.drain() } }
    }
  }

  /// Runs batches until the queue is empty.
  private func drain() async {
    while true {
      let batch = queue.withLock { queue -> [Job] in
        guard !queue.jobs.isEmpty else {
          queue.draining = false
          return []
        }
        let count = min(queue.jobs.count, batchLimit)
        defer { queue.jobs.removeFirst(count) }
        return Array(queue.jobs.prefix(count))
      }
      guard !batch.isEmpty else { return }
      let alone = batch.count == 1
      do {
        let answers = try await writer.write { db in
          var answers: [Answer] = []
          answers.reserveCapacity(batch.count)
          for job in batch { answers.append(try job.run(db, alone)) }
          return answers
        }
        commits.add(1, ordering: .relaxed)
        for answer in answers { answer() }
      } catch {
        // Nothing of the batch committed (alone: the write's own error, as is).
        for job in batch { job.fail(error) }
      }
    }
  }
}
