/// The most memory processing one upload holds at once — decoding it, rotating it upright and
/// encoding its original again — estimated from its header before any pixel is decoded, so
/// that the pipeline can refuse what would not fit.
///
/// The decoded image itself is pixels × bands × bytes per band. Around it, measured with
/// libvips 8.14 on photos of noise (the worst case for codecs' buffers) by
/// `scripts/server/decode_memory.sh` (docs/benchmarks.md):
/// - JPEG, baseline: nothing beyond a few rows, to decode or to encode.
/// - JPEG, progressive: every DCT coefficient, 2 bytes per sample of each component (3 samples
///   a pixel at 4:4:4, 1.5 at 4:2:0), until the last scan is read.
/// - PNG: a few rows (an interlaced one, the whole image once more: the copy below counts it).
/// - WebP: 7–9 bytes a pixel to decode (libvips' RGBA frame and libwebp's planes) and 16–19 to
///   encode the original again: counted as 20.
/// - HEIC (encoded as JPEG): libheif's image, planes and reference frames, 5–8 bytes a pixel
///   per byte of depth: counted as 9.
///
/// Rotating from EXIF copies the decoded image once, so the peak is never under twice it; and
/// the pipeline's own buffers (renditions, encoders' output, libvips' tiles) measured up to
/// 13 MB beyond the rest: counted as 24 MB.
struct DecodeMemory: Equatable {
  /// What the pipeline holds whatever the image's size.
  static let fixedBytes = 24_000_000

  /// The decoded image's bytes.
  let decoded: Int
  /// The peak while decoding, rotating and encoding.
  let peak: Int

  /// The estimate for an image of `format` whose header is `header`.
  init(_ format: ImageFormat, _ header: VipsImageRef) {
    self.init(
      format, width: header.width, height: header.height, bands: header.bands,
      bandBytes: header.bandBytes, progressive: header.int("jpeg-multiscan") == 1,
      chroma: header.string("jpeg-chroma-subsample"))
  }

  /// The estimate from the header's numbers (`chroma` as libvips names it: "4:2:0", ...).
  init(
    _ format: ImageFormat, width: Int, height: Int, bands: Int, bandBytes: Int,
    progressive: Bool = false, chroma: String? = nil
  ) {
    let pixels = width.multipliedReportingOverflow(by: height)
    guard !pixels.overflow, pixels.partialValue < Int.max / 64 else {
      (decoded, peak) = (Int.max, Int.max)
      return
    }
    let area = pixels.partialValue
    let decoded = area * bands * bandBytes
    let working: Int
    switch format {
    case .jpeg:
      working = progressive ? Self.coefficientBytes(area: area, components: bands, chroma) : 0
    case .png:
      working = 0
    case .webp:
      working = area * 20
    case .heic:
      working = area * 9 * bandBytes
    }
    self.decoded = decoded
    self.peak = max(decoded + working, 2 * decoded) + Self.fixedBytes
  }

  /// What libjpeg keeps of a progressive image: 2 bytes per DCT coefficient, one coefficient per
  /// sample, chroma components subsampled as `chroma` says (full size when it says nothing known).
  static func coefficientBytes(area: Int, components: Int, _ chroma: String?) -> Int {
    let quarters =
      switch chroma {
      case "4:2:0": 1
      case "4:2:2", "4:4:0": 2
      default: 4
      }
    let luma = area * 4
    let others = max(components - 1, 0) * area * quarters
    return 2 * (luma + others) / 4
  }
}
