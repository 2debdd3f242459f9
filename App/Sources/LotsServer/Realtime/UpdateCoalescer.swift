/// Limits like-count updates on one stream to one per post per interval, without ever losing
/// one to a reconnect.
///
/// Within a batch only the last update of a post is kept (each carries the whole count). An
/// update arriving sooner than `interval` after the previous one for its post is held, and
/// goes out either when the interval has passed (``due(now:)``) or just before any later event,
/// whichever comes first: a stream never sends an event past a held update, so the id a client
/// resumes from is always below every update it has not seen, and a resumed stream replays
/// them. The viewer's own likes are never held (their other tabs show the heart at once).
struct UpdateCoalescer {
  let interval: Duration
  private var lastSent: [Int64: ContinuousClock.Instant] = [:]
  private var held: [Int64: ChangeEntry] = [:]

  init(interval: Duration) {
    self.interval = interval
  }

  /// Whether updates are waiting.
  var hasHeld: Bool { !held.isEmpty }

  /// The entries to send now for a batch, in sequence order: held updates that must go before
  /// a later event, then the event.
  mutating func admit(
    _ batch: [ChangeEntry], now: ContinuousClock.Instant,
    immediate: (ChangeEntry) -> Bool = { _ in false }
  ) -> [ChangeEntry] {
    var lastUpdate: [Int64: Int64] = [:]
    for entry in batch where entry.kind == .update { lastUpdate[entry.postID] = entry.seq }
    var out: [ChangeEntry] = []
    for entry in batch {
      switch entry.kind {
      case .update where !immediate(entry):
        guard lastUpdate[entry.postID] == entry.seq else { continue }
        let recent = lastSent[entry.postID].map { $0.duration(to: now) < interval } ?? false
        if held[entry.postID] != nil || recent {
          held[entry.postID] = entry
          continue
        }
      case .update, .delete, .hide, .comment, .uncomment:
        // This event makes a held update of its post obsolete (a comment's carries the post).
        held[entry.postID] = nil
      default: break
      }
      flush(before: entry.seq, into: &out, now: now)
      if entry.kind == .update { lastSent[entry.postID] = now }
      out.append(entry)
    }
    return out
  }

  /// Held updates whose interval has passed, in sequence order.
  mutating func due(now: ContinuousClock.Instant) -> [ChangeEntry] {
    var out: [ChangeEntry] = []
    for (postID, entry) in held {
      if let sent = lastSent[postID], sent.duration(to: now) < interval { continue }
      out.append(entry)
    }
    out.sort { $0.seq < $1.seq }
    // Sending one sends every held update before it too, so that ids keep increasing.
    if let last = out.last {
      out = []
      flush(before: last.seq + 1, into: &out, now: now)
    }
    if lastSent.count > 10_000 {
      lastSent = lastSent.filter { $0.value.duration(to: now) < interval }
    }
    return out
  }

  /// Moves every held update older than `sequence` to `out`, in sequence order.
  private mutating func flush(
    before sequence: Int64, into out: inout [ChangeEntry], now: ContinuousClock.Instant
  ) {
    let older = held.values.filter { $0.seq < sequence }.sorted { $0.seq < $1.seq }
    for entry in older {
      held[entry.postID] = nil
      lastSent[entry.postID] = now
      out.append(entry)
    }
  }

  /// Forgets everything, after a reset.
  mutating func reset() {
    lastSent.removeAll()
    held.removeAll()
  }
}
