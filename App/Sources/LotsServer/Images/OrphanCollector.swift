import Foundation
import Logging
import ServiceLifecycle

/// Removes image files no post refers to — left by a crash between storing an upload's files
/// and inserting its post, or between deleting a post and its files — at start and then daily.
/// Only files older than `minimumAge` are considered, and each batch is checked and removed
/// under the ``ImageLedger``, so an upload in flight never loses its files.
struct OrphanCollector: Service {
  let services: AppServices
  let logger: Logger
  var interval: Duration = .seconds(86_400)
  var minimumAge: TimeInterval = 3_600

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          // A database that cannot be reached now is tried again next time, not a failure
          // that stops the server.
          do {
            let removed = try await collect(now: Date())
            if removed > 0 { logger.info("removed \(removed) orphaned image files") }
          } catch let error where !(error is CancellationError) {
            logger.warning("could not collect orphaned images: \(error)")
          }
          try await Task.sleep(for: interval)
        }
      }
    } catch is CancellationError {
      // Shutdown: a normal end, not a service failure.
    }
  }

  /// One pass. - Returns: How many files it removed.
  func collect(now: Date) async throws -> Int {
    let images = services.images
    let candidates = try images.keys(writtenBefore: now.addingTimeInterval(-minimumAge))
    var removed = 0
    for start in stride(from: 0, to: candidates.count, by: 200) {
      let batch = Array(candidates[start..<min(start + 200, candidates.count)])
      removed += try await services.imageLedger.withLock {
        let used = try await services.storage.referencedImageKeys(batch)
          .union(services.imageLedger.held(among: batch))
        let orphans = batch.filter { !used.contains($0) }
        for key in orphans { try images.remove(key: key) }
        return orphans.count
      }
    }
    return removed
  }
}
