import Foundation

/// The change log: every write that changes a feed appends an entry in its own transaction,
/// and storage announces each commit that appended through `commits`, so the hub hears of
/// every change by construction (no caller has to remember to ring it).
protocol ChangeLogStore: Sendable {
  /// Rung after each commit that appended to the change log.
  var commits: CommitSignal { get }
  /// The highest sequence ever assigned (0 before the first change), trimmed or not.
  func currentSequence() async throws -> Int64
  /// The lowest sequence still in the log, or nil when it is empty.
  func oldestRetainedSequence() async throws -> Int64?
  /// Up to `limit` entries after `seq`, in order, with the state needed to publish them.
  func changes(after seq: Int64, limit: Int) async throws -> [ChangeEntry]
  /// Drops entries beyond the retention policy; returns how many.
  @discardableResult
  func trimChangeLog(now: Date) async throws -> Int
}
