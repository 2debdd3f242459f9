import Foundation

/// Times the upload pipeline on a generated photo, and measures what decoding a file holds in
/// memory, for `lots bench-image`.
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

  /// The encodings `sample(_:width:height:)` writes, by name.
  public static let sampleNames = [
    "jpeg", "progressive-jpeg", "cmyk-jpeg", "png", "webp", "webp-alpha", "heic",
  ]

  /// A generated `width` × `height` photo encoded as `name` (one of ``sampleNames``).
  public static func sample(_ name: String, width: Int, height: Int) throws -> [UInt8] {
    let encodings: [String: SyntheticPhoto.Encoding] = [
      "jpeg": .jpeg, "progressive-jpeg": .progressiveJPEG, "cmyk-jpeg": .cmykJPEG, "png": .png,
      "webp": .webp, "webp-alpha": .webpWithAlpha, "heic": .heic,
    ]
    guard let encoding = encodings[name] else {
      throw AppError(.badRequest, "unknown sample '\(name)': one of \(sampleNames)")
    }
    return try SyntheticPhoto.make(width: width, height: height, encoding: encoding)
  }

  /// What processing `bytes` once held at its peak, against ``DecodeMemory``'s estimate.
  public struct MemoryReport: CustomStringConvertible {
    /// The header's numbers and the estimate, in bytes.
    public let width: Int, height: Int, bands: Int, decoded: Int, estimate: Int
    /// The growth of the process's peak resident memory over the whole pipeline, in bytes.
    public let measured: Int
    /// The pipeline's answer: nil when it accepted the photo, else its refusal.
    public let refusal: String?

    public var description: String {
      func megabytes(_ bytes: Int) -> String { "\(bytes / 1_000_000) MB" }
      return "\(width)×\(height), \(bands) bands: decoded \(megabytes(decoded)), "
        + "estimated peak \(megabytes(estimate)), measured peak \(megabytes(measured))"
        + (refusal.map { " (refused: \($0))" } ?? "")
    }
  }

  /// Runs the pipeline once on `bytes`, without its memory limit, and measures the growth of
  /// the peak resident set (run it in a fresh process: the peak never falls).
  public static func measureMemory(of bytes: [UInt8]) throws -> MemoryReport {
    guard ImagePipeline.started, let format = ImageFormat(sniffing: bytes) else {
      throw AppError(.unsupportedMediaType, "not a JPEG, PNG, WebP or HEIC file")
    }
    guard let header = VipsImageRef.header(of: bytes, as: format) else {
      throw ImagePipeline.corrupt
    }
    let memory = DecodeMemory(format, header)
    var pipeline = ImagePipeline()
    pipeline.maximumDecodeMemory = .max
    let before = peakResidentBytes()
    var refusal: String?
    do { _ = try pipeline.process(bytes) } catch { refusal = error.message }
    return MemoryReport(
      width: header.width, height: header.height, bands: header.bands, decoded: memory.decoded,
      estimate: memory.peak, measured: peakResidentBytes() - before, refusal: refusal)
  }

  /// The process's peak resident set so far, in bytes.
  static func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
