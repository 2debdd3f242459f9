import Foundation
import Testing

@testable import LotsServer

/// The demo seeder's lunches: drawn from a seed, varied, and real photos to the pipeline.
@Suite(.oncePerRun) struct LunchPhotoTests {
  @Test func aSeedDrawsTheSameLunchAndSeedsDrawDifferentOnes() {
    var first = LunchPhoto(width: 120, height: 90, seed: 7)
    var again = LunchPhoto(width: 120, height: 90, seed: 7)
    var other = LunchPhoto(width: 120, height: 90, seed: 8)
    let pixels = first.pixels()
    #expect(pixels.count == 120 * 90 * 3)
    #expect(pixels == again.pixels())
    #expect(pixels != other.pixels())
    let dishes = Set((0..<60).map { LunchPhoto(width: 10, height: 10, seed: $0).dish.name })
    #expect(dishes.count >= 8, "\(dishes)")
  }

  /// A plate on a table, not a gradient: the middle of the picture (food) differs from its
  /// corners (table), and the corners are alike.
  @Test func aPlateSitsOnATable() {
    for seed in UInt64(0)..<20 {
      var photo = LunchPhoto(width: 200, height: 200, seed: seed)
      let pixels = photo.pixels()
      func mean(_ x0: Int, _ y0: Int) -> [Double] {
        var sum = [0.0, 0.0, 0.0]
        for y in y0..<y0 + 8 {
          for x in x0..<x0 + 8 {
            for band in 0..<3 { sum[band] += Double(pixels[(y * 200 + x) * 3 + band]) }
          }
        }
        return sum.map { $0 / 64 }
      }
      func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.reduce(0, +)
      }
      let corners = [mean(0, 0), mean(192, 0)]
      let middle = mean(96, 96)
      #expect(distance(corners[0], corners[1]) < 60, "seed \(seed)")
      #expect(distance(middle, corners[0]) > 40, "seed \(seed)")
    }
  }

  @Test func theJPEGGoesThroughThePipeline() throws {
    var photo = LunchPhoto(width: 600, height: 750, seed: 3)
    let processed = try ImagePipeline().process(try photo.jpeg())
    #expect(processed.original.width == 600 && processed.original.height == 750)
    #expect(processed.color != "#000000")
  }
}
