import CVips

/// Locally generated photos (colour gradients) for demo content and tests: no network.
enum SyntheticPhoto {
  /// An encoding of a generated image.
  enum Encoding {
    case jpeg
    /// JPEG with EXIF metadata kept, including this orientation tag.
    case jpegWithEXIF(orientation: Int)
    case png
    case webp
    case heic
  }

  /// A `width` × `height` gradient starting at `color` (0–255 per channel).
  static func make(
    width: Int, height: Int, color: (Double, Double, Double) = (120, 80, 40),
    encoding: Encoding = .jpeg
  ) throws -> [UInt8] {
    guard ImagePipeline.started,
      let image = VipsImageRef(
        lots_vips_gradient(Int32(width), Int32(height), color.0, color.1, color.2))
    else { throw AppError(.internalServerError, "could not generate a photo") }
    let bytes: [UInt8]?
    switch encoding {
    case .jpeg: bytes = image.encode { lots_vips_jpeg(image.pointer, 85, $0, $1) }
    case .jpegWithEXIF(let orientation):
      bytes = image.encode { lots_vips_jpeg_oriented(image.pointer, Int32(orientation), $0, $1) }
    case .png: bytes = image.encode { lots_vips_png(image.pointer, $0, $1) }
    case .webp: bytes = image.encode { lots_vips_webp(image.pointer, 80, $0, $1) }
    case .heic: bytes = image.encode { lots_vips_heic(image.pointer, 60, $0, $1) }
    }
    guard let bytes else { throw AppError(.internalServerError, "could not encode a photo") }
    return bytes
  }
}
