/// Tells a dead connection from a quiet one, for a client of the change stream.
///
/// A half-open connection (a proxy that stopped forwarding, a network that vanished without a
/// reset) looks exactly like a stream with nothing to say: no error ever arrives. The server
/// therefore sends a `heartbeat` event when the stream opens, naming its interval, and again
/// whenever it has been silent that long. A client feeds every event and heartbeat to
/// ``heard(at:)`` (and the heartbeat's interval to ``heartbeat(interval:at:)``); when
/// ``isSilent(at:)`` says two intervals passed without a word, it closes the connection, says
/// it is reconnecting, and resumes after ``LiveList/lastSequence``, losing nothing.
///
/// Times are milliseconds on any clock the caller keeps (monotonic is best); the watch reads
/// no clock itself, so it runs the same natively, in WebAssembly and in tests.
public struct StreamWatch: Equatable {
  /// The server's heartbeat interval in milliseconds (15 000 until a heartbeat names one).
  public private(set) var interval: Int
  /// When the stream was last heard from.
  public private(set) var lastHeard: Int

  /// A watch over a stream opened at `now`.
  ///
  /// - Complexity: O(1).
  public init(openedAt now: Int, interval: Int = 15_000) {
    self.interval = max(1, interval)
    self.lastHeard = now
  }

  /// Anything arrived at `now`: an event, a heartbeat, or a comment.
  ///
  /// - Complexity: O(1).
  public mutating func heard(at now: Int) {
    lastHeard = max(lastHeard, now)
  }

  /// A heartbeat arrived at `now`, naming the server's interval (a value that is not positive
  /// keeps the last one).
  ///
  /// - Complexity: O(1).
  public mutating func heartbeat(interval: Int, at now: Int) {
    if interval > 0 { self.interval = interval }
    heard(at: now)
  }

  /// When the stream counts as dead unless something arrives first: two intervals after it
  /// was last heard from. Check again then.
  ///
  /// - Complexity: O(1).
  public var deadline: Int { lastHeard + 2 * interval }

  /// Whether nothing has arrived for more than two intervals: reconnect.
  ///
  /// - Complexity: O(1).
  public func isSilent(at now: Int) -> Bool { now > deadline }
}
