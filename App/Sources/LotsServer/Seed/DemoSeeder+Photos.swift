import Foundation
import NIOPosix

extension DemoSeeder {
  /// A stored demo photo.
  struct StoredPhoto: Sendable {
    var keys: [String]
    var width: Int
    var height: Int
    var color: String
    /// The dish the photo shows.
    var dish: String
  }

  /// Post `index`'s own generator: a post is the same whichever run makes it.
  func random(for index: Int) -> SplitMix64 {
    SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
  }

  /// Generates, processes and stores the demo photos from `first` on, on all cores, and hands
  /// each to `use` in order, with its post's generator.
  func makePhotos(
    from first: Int, _ use: (Int, StoredPhoto, inout SplitMix64) async throws -> Void
  ) async throws {
    let services = services
    try await withThrowingTaskGroup(of: (Int, StoredPhoto, SplitMix64).self) { group in
      var ready: [Int: (StoredPhoto, SplitMix64)] = [:]
      var (next, wanted) = (first, first)
      func add() {
        guard next < postCount else { return }
        let index = next
        var random = random(for: index)
        let (width, height) = Self.aspects[Int(random.next() % UInt64(Self.aspects.count))]
        let seed = random.next()
        let generator = random
        next += 1
        group.addTask {
          try Task.checkCancellation()
          return try await NIOThreadPool.singleton.runIfActive {
            var lunch = LunchPhoto(width: width, height: height, seed: seed)
            let processed = try services.pipeline.process(try lunch.jpeg())
            let keys = try [processed.original, processed.display, processed.thumbnail].map {
              try services.images.put($0.bytes, fileExtension: $0.fileExtension)
            }
            let photo = StoredPhoto(
              keys: keys, width: processed.original.width, height: processed.original.height,
              color: processed.color, dish: lunch.dish.name)
            return (index, photo, generator)
          }
        }
      }
      for _ in 0..<max(2, ProcessInfo.processInfo.activeProcessorCount) { add() }
      while let (index, photo, random) = try await group.next() {
        ready[index] = (photo, random)
        while let (photo, random) = ready.removeValue(forKey: wanted) {
          var random = random
          try await use(wanted, photo, &random)
          wanted += 1
        }
        add()
      }
    }
  }
}
