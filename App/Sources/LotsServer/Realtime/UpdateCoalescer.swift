/// Limits like-count updates on one stream to one per post per interval.
///
/// Within a batch only the last update of a post is kept (each carries the full count); an
/// update arriving sooner than `interval` after the previous one for its post is held and sent
/// by ``due(now:)`` when the interval has passed, with the newest count. The viewer's own likes
/// are never held (their other tabs show the heart at once); a held update of the same post
/// then goes, since the newer update carries the whole count.
struct UpdateCoalescer {
  let interval: Duration
  private var lastSent: [Int64: ContinuousClock.Instant] = [:]
  private var held: [Int64: ChangeEntry] = [:]

  init(interval: Duration) {
    self.interval = interval
  }

  /// Whether updates are waiting.
  var hasHeld: Bool { !held.isEmpty }

  /// The entries of a batch to send now, in order.
  mutating func admit(
    _ batch: [ChangeEntry], now: ContinuousClock.Instant,
    immediate: (ChangeEntry) -> Bool = { _ in false }
  ) -> [ChangeEntry] {
    var lastUpdate: [Int64: Int64] = [:]
    for entry in batch where entry.kind == .update { lastUpdate[entry.postID] = entry.seq }
    var out: [ChangeEntry] = []
    for entry in batch {
      switch entry.kind {
      case .update:
        if immediate(entry) {
          held[entry.postID] = nil
          lastSent[entry.postID] = now
          out.append(entry)
          continue
        }
        guard lastUpdate[entry.postID] == entry.seq else { continue }
        if held[entry.postID] != nil {
          held[entry.postID] = entry
        } else if let sent = lastSent[entry.postID], sent.duration(to: now) < interval {
          held[entry.postID] = entry
        } else {
          lastSent[entry.postID] = now
          out.append(entry)
        }
      case .delete, .hide:
        held[entry.postID] = nil
        out.append(entry)
      default:
        out.append(entry)
      }
    }
    return out
  }

  /// Held updates whose interval has passed, oldest first.
  mutating func due(now: ContinuousClock.Instant) -> [ChangeEntry] {
    var out: [ChangeEntry] = []
    for (postID, entry) in held {
      if let sent = lastSent[postID], sent.duration(to: now) < interval { continue }
      out.append(entry)
      held[postID] = nil
      lastSent[postID] = now
    }
    if lastSent.count > 10_000 {
      lastSent = lastSent.filter { $0.value.duration(to: now) < interval }
    }
    return out.sorted { $0.seq < $1.seq }
  }

  /// Forgets everything, after a reset.
  mutating func reset() {
    lastSent.removeAll()
    held.removeAll()
  }
}
