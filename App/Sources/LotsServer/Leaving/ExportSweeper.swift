import Foundation
import Logging
import ServiceLifecycle

/// Forgets data archives whose day is up, and builds that died with their instance, and
/// removes their files, every `interval`.
struct ExportSweeper: Service {
  let services: AppServices
  var interval: Duration = .seconds(600)
  var logger = Logger(label: "lots.export")

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          // An archive lasts a day: nothing is due at start.
          try await Task.sleep(for: interval)
          do {
            try await sweep(now: Date())
          } catch let error where !(error is CancellationError) {
            logger.warning("could not sweep data archives: \(error)")
          }
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
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
