import ArgumentParser
import Foundation
import LotsServer

/// `lots bench-image`: times the photo pipeline (decode, rotate, strip, 1080 px and 400 px
/// renditions, dominant colour) on a generated JPEG; or writes a generated sample of another
/// encoding, or measures what processing a file holds in memory. Run from a release build.
struct BenchImageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-image",
    abstract: "Time the photo pipeline on a generated JPEG, or measure its memory on a file.")

  @Option(help: "Width of the generated photo.") var width = 4000
  @Option(help: "Height of the generated photo.") var height = 3000
  @Option(help: "Number of timed runs.") var runs = 10
  @Option(
    help: ArgumentHelp(
      "Write a generated photo in this encoding to --output instead of timing.",
      discussion: ImageBenchmark.sampleNames.joined(separator: ", ")))
  var sample: String?
  @Option(help: "Where --sample writes.") var output: String?
  @Option(help: "Process this file once and report its peak memory against the estimate.")
  var memoryOf: String?

  func run() throws {
    if let sample {
      guard let output else { throw ValidationError("--sample needs --output") }
      let bytes = try ImageBenchmark.sample(sample, width: width, height: height)
      try Data(bytes).write(to: URL(fileURLWithPath: output))
      return
    }
    if let memoryOf {
      guard let data = FileManager.default.contents(atPath: memoryOf) else {
        throw ValidationError("cannot read \(memoryOf)")
      }
      print("\(memoryOf): \(try ImageBenchmark.measureMemory(of: [UInt8](data)))")
      return
    }
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
