import Foundation

/// When a person's archive is kept rather than built again, and for how long it lasts.
enum DataExportRules {
  /// How long a ready archive can be downloaded.
  static let lifetime: Double = 24 * 3_600
  /// A ready archive younger than this is handed out again rather than rebuilt (one build an
  /// hour at most, however often someone asks).
  static let reuseWithin: Double = 3_600
  /// A build that has not finished after this long died with its instance: it may start
  /// again, and the sweep forgets it.
  static let staleAfter: Double = 3_600

  /// Whether `current` stands at `now`: a build still running, or a ready archive that is
  /// young enough and still downloadable.
  static func keeps(_ current: DataExport, now: Date, reuseWithin: Double) -> Bool {
    switch current.state {
    case .building: return now.timeIntervalSince(current.requestedAt) < staleAfter
    case .ready:
      return current.isAvailable(at: now)
        && now.timeIntervalSince(current.readyAt ?? .distantPast) < reuseWithin
    case .failed: return false
    }
  }
}
