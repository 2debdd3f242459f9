import Logging
import Synchronization

/// A log handler that keeps what it is given, for tests of what the server logs.
struct RecordingLogHandler: LogHandler {
  /// Everything logged through handlers sharing this box.
  final class Records: Sendable {
    /// One thing logged, its metadata as text.
    struct Entry: Sendable {
      var level: Logger.Level
      var message: String
      var metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    func append(_ level: Logger.Level, _ message: String, _ metadata: [String: String] = [:]) {
      entries.withLock { $0.append(Entry(level: level, message: message, metadata: metadata)) }
    }

    /// The messages logged at `level` or above.
    func messages(atLeast level: Logger.Level) -> [String] {
      entries(atLeast: level).map(\.message)
    }

    /// What was logged at `level` or above.
    func entries(atLeast level: Logger.Level) -> [Entry] {
      entries.withLock { $0.filter { $0.level >= level } }
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
    var all = metadata
    for (key, value) in event.metadata ?? [:] { all[key] = value }
    records.append(
      event.level, "\(event.message)", all.mapValues { "\($0)" })
  }

  /// A logger whose records go to `records`.
  static func logger(_ records: Records) -> Logger {
    Logger(label: "lots.test.recorded") { _ in RecordingLogHandler(records: records) }
  }
}
