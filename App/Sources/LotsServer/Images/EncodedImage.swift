/// An encoded image file and its media type.
struct EncodedImage: Sendable {
  /// The file's bytes.
  var bytes: [UInt8]
  /// The file extension used in its content-addressed key.
  var fileExtension: String
  /// Pixel width.
  var width: Int
  /// Pixel height.
  var height: Int
}

/// What the pipeline makes of one upload.
struct ProcessedPhoto: Sendable {
  /// The full-size image, rotated upright, without metadata.
  var original: EncodedImage
  /// At most 1080 px wide.
  var display: EncodedImage
  /// At most 400 px wide.
  var thumbnail: EncodedImage
  /// Dominant colour, `#rrggbb`.
  var color: String
}
