import Logging
import Synchronization

/// A log handler that keeps what it is given, for tests of what the server logs.
struct RecordingLogHandler: LogHandler {
  /// Everything logged through handlers sharing this box.
  final class Records: Sendable {
    private let entries = Mutex<[(Logger.Level, String)]>([])

    func append(_ level: Logger.Level, _ message: String) {
      entries.withLock { $0.append((level, message)) }
    }

    /// The messages logged at `level` or above.
    func messages(atLeast level: Logger.Level) -> [String] {
      entries.withLock { $0.filter { $0.0 >= level }.map(\.1) }
    }
  }

  let records: Records
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    records.append(event.level, "\(event.message)")
  }

  /// A logger whose records go to `records`.
  static func logger(_ records: Records) -> Logger {
    Logger(label: "lots.test.recorded") { _ in RecordingLogHandler(records: records) }
  }
}
