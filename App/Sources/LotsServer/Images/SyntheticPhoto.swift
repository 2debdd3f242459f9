import CVips

/// Locally generated photos (colour gradients) for tests; the demo seeder draws lunches
/// (``LunchPhoto``).
enum SyntheticPhoto {
  /// An encoding of a generated image.
  enum Encoding {
    case jpeg
    /// JPEG with EXIF metadata kept, including this orientation tag.
    case jpegWithEXIF(orientation: Int)
    case png
    case webp
    case heic
    /// AV1 in a HEIF container: refused by the pipeline (attack tests).
    case avif
    /// Progressive JPEG without chroma subsampling (attack tests).
    case progressiveJPEG
    /// JPEG with four bands, CMYK (attack tests).
    case cmykJPEG
    /// WebP with an alpha band (attack tests).
    case webpWithAlpha
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
    case .jpeg: bytes = image.encode { lots_vips_jpeg($0, 85, $1, $2) }
    case .jpegWithEXIF(let orientation):
      bytes = image.encode { lots_vips_jpeg_oriented($0, Int32(orientation), $1, $2) }
    case .png: bytes = image.encode { lots_vips_png($0, $1, $2) }
    case .webp: bytes = image.encode { lots_vips_webp($0, 80, $1, $2) }
    case .heic: bytes = image.encode { lots_vips_heic($0, 60, $1, $2) }
    case .avif: bytes = image.encode { lots_vips_avif($0, 60, $1, $2) }
    case .progressiveJPEG: bytes = image.encode { lots_vips_jpeg_progressive($0, $1, $2) }
    case .cmykJPEG: bytes = image.encode { lots_vips_four_bands($0, 1, $1, $2) }
    case .webpWithAlpha: bytes = image.encode { lots_vips_four_bands($0, 0, $1, $2) }
    }
    guard let bytes else { throw AppError(.internalServerError, "could not encode a photo") }
    return bytes
  }
}
