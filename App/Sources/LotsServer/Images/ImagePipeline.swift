import CVips
import LotsCore

/// Turns an upload into its stored files with libvips: EXIF rotation, metadata stripped,
/// shrink to the display and thumbnail sizes, and a dominant colour.
///
/// Synchronous and CPU-heavy: call it from a thread pool, never from an event loop.
struct ImagePipeline: Sendable {
  /// The largest image accepted, in pixels (a decoded 50 MP RGB image is 150 MB).
  var maximumPixels = 50_000_000
  /// The most memory processing one upload may hold at once (``DecodeMemory``: the decoded
  /// pixels × bands × bytes per band, what the format's codecs keep beside them, and the copy
  /// made to rotate). 360 MB takes a 50 MP baseline JPEG, a 21 MP 16-bit RGBA PNG, a 28 MP
  /// HEIC or a 14 MP WebP.
  var maximumDecodeMemory = 360_000_000
  /// The most scans a JPEG may have: each makes the decoder visit the whole image again, and
  /// encoders write at most a dozen.
  var maximumJPEGScans = 100
  /// The widest display rendition.
  var displayWidth = PostPhoto.displayLimit
  /// The widest thumbnail.
  var thumbnailWidth = PostPhoto.thumbnailLimit

  /// Starts libvips once per process.
  static let started: Bool = lots_vips_start() == 0

  /// Processes one upload.
  /// - Throws: ``AppError`` 415 for a non-image, 422 for a dimension bomb or a corrupt file.
  func process(_ bytes: [UInt8]) throws(AppError) -> ProcessedPhoto {
    guard Self.started else { throw AppError(.internalServerError, "image library unavailable") }
    guard let format = ImageFormat(sniffing: bytes) else {
      throw AppError(
        .unsupportedMediaType, "photo must be a JPEG, PNG, WebP or HEIC image", field: "photo")
    }
    // The HEIF container also carries AV1 (AVIF), JPEG and other codecs: HEIC means HEVC.
    if format == .heic, !HEIFItems.isHEVC(bytes) {
      throw AppError(
        .unsupportedMediaType, "photo must be a JPEG, PNG, WebP or HEIC image", field: "photo")
    }
    defer { vips_error_clear() }
    guard let header = VipsImageRef.header(of: bytes, as: format) else { throw Self.corrupt }
    guard header.width > 0, header.height > 0,
      header.width * header.height <= maximumPixels
    else {
      throw AppError(
        .unprocessableContent,
        "photo is \(header.width)×\(header.height): more than \(maximumPixels / 1_000_000) megapixels; "
          + "send a smaller version",
        field: "photo")
    }
    let memory = DecodeMemory(format, header)
    guard memory.peak <= maximumDecodeMemory else {
      throw AppError(
        .unprocessableContent,
        "photo is too large to process: \(header.width)×\(header.height) with \(header.bands) bands of "
          + "\(8 * header.bandBytes) bits: processing it would take \(memory.peak / 1_000_000) MB, "
          + "more than \(maximumDecodeMemory / 1_000_000) MB; send a smaller version",
        field: "photo")
    }
    if format == .jpeg, case let scans = JPEGScans.count(in: bytes), scans > maximumJPEGScans {
      throw AppError(
        .unprocessableContent,
        "photo has \(scans) JPEG scans: more than \(maximumJPEGScans)", field: "photo")
    }
    guard let decoded = VipsImageRef.decoded(bytes, as: format) else { throw Self.corrupt }
    let original = try encode(decoded, as: format)
    guard let display = decoded.applying({ lots_vips_fit($0, Int32(displayWidth), 100_000) }),
      let thumbnail = display.applying({ lots_vips_fit($0, Int32(thumbnailWidth), 100_000) })
    else { throw Self.corrupt }
    return ProcessedPhoto(
      original: original, display: try encode(display, as: .webp),
      thumbnail: try encode(thumbnail, as: .webp), color: try dominantColor(thumbnail))
  }

  static let corrupt = AppError(
    .unprocessableContent, "photo could not be decoded: corrupt file", field: "photo")

  /// Encodes without metadata; HEIC, which browsers can't show, becomes JPEG.
  func encode(_ image: VipsImageRef, as format: ImageFormat) throws(AppError) -> EncodedImage {
    let bytes: [UInt8]?
    let fileExtension: String
    switch format {
    case .jpeg, .heic:
      (bytes, fileExtension) = (image.encode { lots_vips_jpeg($0, 88, $1, $2) }, "jpg")
    case .png:
      (bytes, fileExtension) = (image.encode { lots_vips_png($0, $1, $2) }, "png")
    case .webp:
      (bytes, fileExtension) = (image.encode { lots_vips_webp($0, 82, $1, $2) }, "webp")
    }
    guard let bytes else { throw Self.corrupt }
    return EncodedImage(
      bytes: bytes, fileExtension: fileExtension, width: image.width, height: image.height)
  }
}
