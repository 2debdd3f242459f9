import Foundation
import NIOPosix

extension DemoSeeder {
  /// A demo post's stored photos: one, or for every ``multiPhotoEvery``th post three (a
  /// table of several dishes).
  struct DemoPhoto: Sendable {
    var photos: [StoredPhoto]
    /// The dish the first photo shows.
    var dish: String
  }

  /// Which posts have several photos: every fifth.
  static let multiPhotoEvery = 5

  /// Post `index`'s own generator: a post is the same whichever run makes it.
  func random(for index: Int) -> SplitMix64 {
    SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
  }

  /// Generates, processes and stores the demo photos from `first` on, on all cores, and hands
  /// each to `use` in order, with its post's generator.
  func makePhotos(
    from first: Int, _ use: (Int, DemoPhoto, inout SplitMix64) async throws -> Void
  ) async throws {
    let services = services
    try await withThrowingTaskGroup(of: (Int, DemoPhoto, SplitMix64).self) { group in
      var ready: [Int: (DemoPhoto, SplitMix64)] = [:]
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
            let count = index % Self.multiPhotoEvery == Self.multiPhotoEvery - 1 ? 3 : 1
            var photos: [StoredPhoto] = []
            var dish = ""
            for offset in 0..<count {
              var lunch = LunchPhoto(
                width: width, height: height, seed: seed &+ UInt64(offset) &* 0x9E37_79B9)
              let processed = try services.pipeline.process(try lunch.jpeg())
              let keys = try [processed.original, processed.display, processed.thumbnail].map {
                try services.images.put($0.bytes, fileExtension: $0.fileExtension)
              }
              if offset == 0 { dish = lunch.dish.name }
              photos.append(
                StoredPhoto(
                  width: processed.original.width, height: processed.original.height,
                  color: processed.color, originalKey: keys[0], displayKey: keys[1],
                  thumbnailKey: keys[2],
                  description: "\(lunch.dish.name), served on a plate, seen from above"))
            }
            let photo = DemoPhoto(photos: photos, dish: dish)
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
