import Foundation
import Logging
import ServiceLifecycle

/// Forgets data archives whose day is up, and builds that died with their instance, and
/// removes their files, every `interval`.
struct ExportSweeper: Service {
  let services: AppServices
  var interval: Duration = .seconds(600)
  var logger = Logger(label: "lots.export")

  /// An archive lasts a day: nothing is due at start, so the first pass waits an interval.
  func run() async throws {
    try await sweepEvery(interval, logger: logger, what: "sweep data archives") {
      try await sweep(now: Date())
    }
  }

  /// One pass. - Returns: How many archives it forgot.
  @discardableResult
  func sweep(now: Date) async throws -> Int {
    let files = try await services.storage.takeExpiredDataExports(
      now: now, staleBefore: now.addingTimeInterval(-DataExportRules.staleAfter))
    for file in files { DataArchive.remove(file, in: services.configuration.dataDirectory) }
    return files.count
  }
}
