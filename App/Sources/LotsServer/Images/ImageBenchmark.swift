import Foundation

/// Times the upload pipeline on a generated photo, for `lots bench-image`.
public enum ImageBenchmark {
  /// Processes a `width` × `height` JPEG `runs` times.
  /// - Returns: The duration of each run, in order.
  public static func run(width: Int = 4000, height: Int = 3000, runs: Int = 10) throws
    -> [Duration]
  {
    let photo = try SyntheticPhoto.make(width: width, height: height)
    let pipeline = ImagePipeline()
    let clock = ContinuousClock()
    return try (0..<runs).map { _ in
      try clock.measure { _ = try pipeline.process(photo) }
    }
  }
}
