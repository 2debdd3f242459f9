import ArgumentParser
import LotsServer

/// `lots bench-image`: times the photo pipeline (decode, rotate, strip, 1080 px and 400 px
/// renditions, dominant colour) on a generated JPEG. Run from a release build.
struct BenchImageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-image", abstract: "Time the photo pipeline on a generated JPEG.")

  @Option(help: "Width of the generated photo.") var width = 4000
  @Option(help: "Height of the generated photo.") var height = 3000
  @Option(help: "Number of timed runs.") var runs = 10

  func run() throws {
    let times = try ImageBenchmark.run(width: width, height: height, runs: runs)
    let millis = times.map {
      Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000
    }
    .sorted()
    let median = millis[millis.count / 2]
    let megapixels = Double(width * height) / 1e6
    print(
      "image pipeline \(width)×\(height) (\(megapixels) MP), \(runs) runs: median \(median) ms, min \(millis.first!) ms, max \(millis.last!) ms (target ≤ 300 ms)"
    )
  }
}
