import Foundation
import LotsCore

/// A person's data archive as the database keeps it (`dataExport`, one row per person).
struct DataExport: Sendable, Equatable {
  var state: DataExportStatus.State
  var requestedAt: Date
  var readyAt: Date?
  var expiresAt: Date?
  var bytes: Int?
  /// The archive's file name under the data directory's `exports` (once ready).
  var file: String?

  /// How a build ended.
  enum Result: Sendable {
    case ready(file: String, bytes: Int, expiresAt: Date)
    case failed
  }

  /// Where the owner downloads a ready archive.
  static let archivePath = "/api/me/export/archive"

  /// The API value.
  var status: DataExportStatus {
    DataExportStatus(
      state: state, requestedAt: requestedAt, readyAt: readyAt, expiresAt: expiresAt,
      bytes: bytes, url: state == .ready ? Self.archivePath : nil)
  }

  /// Whether it can still be downloaded at `now`.
  func isAvailable(at now: Date) -> Bool {
    state == .ready && file != nil && (expiresAt ?? .distantPast) > now
  }

  /// The columns a row is read from, in this order.
  static let columns = "state, requestedAt, readyAt, expiresAt, bytes, file"
}
