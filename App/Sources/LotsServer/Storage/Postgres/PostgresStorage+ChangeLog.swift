import Foundation
import LotsCore
import PostgresNIO

extension PostgresStorage: ChangeLogStore {
  /// The advisory lock every transaction that appends to the change log takes first.
  static let changeLogLock: Int64 = 0x4c4f_5473_0002

  /// Appends to the change log, in commit order: call inside the transaction that makes the
  /// change. The transaction-scoped advisory lock, held until the transaction ends, hands out
  /// sequences in the order transactions commit, so a reader of `seq > cursor` never passes a
  /// row that is not yet visible (docs/server.md, "Several instances on PostgreSQL"). The
  /// notification goes out when the transaction commits (and not at all if it rolls back).
  static func appendChange(
    _ connection: PostgresConnection, logger: Logger, kind: ChangeEvent.Kind, postID: Int64,
    authorID: Int64, now: Date, actorID: Int64? = nil, liked: Bool? = nil,
    audience: ChangeEntry.Audience = .everyone, commentID: Int64? = nil
  ) async throws {
    try await lockChangeLog(connection, logger: logger)
    let audienceCode = Int16(audience.rawValue)
    try await connection.query(
      """
      INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, liked, audience,
        commentId)
      VALUES (\(kind.rawValue), \(postID), \(authorID), \(millis(now)), \(actorID), \(liked),
        \(audienceCode), \(commentID))
      """, logger: logger)
    try await connection.query(
      PostgresQuery(unsafeSQL: "NOTIFY \(ChangeDoorbell.channel)"), logger: logger)
  }

  /// False only for the benchmark that measures what the lock costs
  /// (`LOTS_BENCH_UNORDERED_CHANGE_LOG=1`, docs/benchmarks.md): without it a reader can skip
  /// entries (`PostgresInstancesTests`), so nothing else may set it.
  static let locksChangeLog =
    ProcessInfo.processInfo.environment["LOTS_BENCH_UNORDERED_CHANGE_LOG"] != "1"

  /// Takes the change log's lock for the rest of the transaction (again: a no-op).
  static func lockChangeLog(_ connection: PostgresConnection, logger: Logger) async throws {
    guard locksChangeLog else { return }
    try await connection.query("SELECT pg_advisory_xact_lock(\(changeLogLock))", logger: logger)
  }

  /// The highest sequence committed (0 before the first change): the log keeps its newest
  /// entry whatever the trimming (``trimChangeLog(now:)``).
  func currentSequence() async throws -> Int64 {
    try await value(Int64.self, "SELECT COALESCE(MAX(seq), 0) FROM changeLog") ?? 0
  }

  /// The lowest sequence still in the log, or nil when it is empty.
  func oldestRetainedSequence() async throws -> Int64? {
    try await value(Int64.self, "SELECT MIN(seq) FROM changeLog")
  }

  /// Up to `limit` entries after `seq`, in order, with the state needed to publish them.
  func changes(after seq: Int64, limit: Int) async throws -> [ChangeEntry] {
    let read = try await prepared(PerCommitStatements.Changes(after: seq, limit: Int64(limit)))
    var entries = try read.map { row in
      let row = row.makeRandomAccess()
      var entry = ChangeEntry(
        seq: try row[0].decode(Int64.self),
        kind: ChangeEvent.Kind(rawValue: try row[1].decode(String.self)) ?? .update,
        postID: try row[2].decode(Int64.self), authorID: try row[3].decode(Int64.self),
        actorID: try row[4].decode(Int64?.self), liked: try row[5].decode(Bool?.self))
      entry.audience =
        ChangeEntry.Audience(rawValue: Int(try row[6].decode(Int16.self))) ?? .everyone
      entry.likeCount = try row[7].decode(Int?.self)
      let hidden = try row[8].decode(Int16?.self) ?? 0
      entry.hidden = hidden != 0
      entry.removed = hidden == 2
      entry.commentID = try row[9].decode(Int64?.self)
      return entry
    }
    // The posts the entries publish, two queries for the batch: a new post as everyone sees
    // it; an updated one as its author sees it (a hidden post's own stream still gets it),
    // with no one's like (`likedByMe` is the viewer's, set per stream).
    let inserted = try await posts(
      ids: entries.filter { $0.kind == .insert }.map(\.postID), viewerID: nil)
    let updated = try await posts(
      ids: entries.filter { [.update, .comment, .uncomment].contains($0.kind) }.map(\.postID),
      viewerID: nil, asAuthors: true)
    let comments = try await comments(
      ids: entries.filter { $0.kind == .comment }.compactMap(\.commentID))
    for index in entries.indices {
      switch entries[index].kind {
      case .insert: entries[index].post = inserted[entries[index].postID]
      case .update, .uncomment: entries[index].post = updated[entries[index].postID]
      case .comment:
        entries[index].post = updated[entries[index].postID]
        entries[index].comment = entries[index].commentID.flatMap { comments[$0] }
      default: break
      }
    }
    return entries
  }

  /// Drops entries beyond the retention policy (older than `retainedAge` or not among the
  /// newest `retainedEvents`), never the newest: its sequence is the current one.
  @discardableResult
  func trimChangeLog(now: Date) async throws -> Int {
    let retained = Int64(policy.retainedEvents)
    let cutoff = Self.millis(now) - Int64(policy.retainedAge * 1000)
    return try await transaction(ordered: false) { [self] connection in
      try await count(
        """
        WITH newest AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM changeLog)
        DELETE FROM changeLog USING newest
        WHERE changeLog.seq < newest.seq
          AND (changeLog.seq <= newest.seq - \(retained) OR changeLog.createdAt < \(cutoff))
        RETURNING 1
        """, on: connection)
    }
  }
}
