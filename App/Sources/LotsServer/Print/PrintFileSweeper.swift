import Foundation
import Logging
import ServiceLifecycle

/// Deletes Booster's files when their time is up (``PrintLimits/unorderedDays`` after upload
/// unless ordered, ``PrintLimits/closedDays`` after their order is collected, cancelled or
/// refused): hourly, and at start. The row goes first, then the file: a crash between the
/// two leaves a file no row names, which the next start's pass over the folder removes.
struct PrintFileSweeper: Service {
  let services: AppServices
  let logger: Logger
  var interval: Duration = .seconds(3_600)

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        removeUnnamed()
        while !Task.isCancelled {
          do {
            let removed = try await sweep(now: Date())
            if removed > 0 { logger.info("deleted \(removed) print files whose time was up") }
          } catch let error where !(error is CancellationError) {
            logger.warning("could not delete expired print files: \(error)")
          }
          try await Task.sleep(for: interval)
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end.
    }
  }

  /// One pass: forgets and deletes every file whose time is up.
  /// - Returns: How many it deleted.
  func sweep(now: Date) async throws -> Int {
    var removed = 0
    while true {
      let paths = try await services.storage.takeExpiredPrintFiles(now: now, limit: 200)
      for path in paths { services.printFiles.remove(path) }
      removed += paths.count
      if paths.count < 200 { return removed }
    }
  }

  /// Deletes files older than a day that no row names (left by a crash mid-sweep or
  /// mid-upload).
  func removeUnnamed() {
    let directory = services.printFiles.directory
    let cutoff = Date().addingTimeInterval(-86_400)
    guard
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return }
    Task {
      for name in names {
        let url = directory.appendingPathComponent(name)
        guard
          let modified = try? FileManager.default.attributesOfItem(atPath: url.path)[
            .modificationDate] as? Date, modified < cutoff,
          (try? await services.storage.printFileIsNamed(name)) == false
        else { continue }
        services.printFiles.remove(name)
      }
    }
  }
}
