import GRDB

extension SQLiteStorage {
  /// Runs a read-only transaction on the calling thread.
  ///
  /// The async `read` of GRDB runs the closure on the reader's dispatch queue and resumes the
  /// caller on the concurrency pool: two thread switches per request, which a profile of the
  /// feed under load showed as the largest cost (the page's own SQL and JSON were 12 %). A
  /// synchronous read borrows an idle reader and runs on the current thread instead. Every
  /// read here is a few indexed queries on a WAL snapshot, which never waits for the writer,
  /// so it costs the thread what computing the answer costs.
  ///
  /// - Throws: What `body` throws, or a GRDB error.
  func readNow<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.read(body)
  }

  /// Runs one statement's worth of reading on the calling thread, outside a transaction: for
  /// a single SELECT, whose execution sees one snapshot by itself. On an event loop it reads
  /// through the loop's own connection (``LoopReaders``), elsewhere through the pool.
  ///
  /// - Throws: What `body` throws, or a GRDB error.
  func readStatementNow<T>(_ body: (Database) throws -> T) throws -> T {
    if let reader = loopReaders?.current { return try reader.unsafeRead(body) }
    return try writer.unsafeRead(body)
  }
}
