/// The photo of a post: its size, a colour placeholder and content-addressed image URLs.
public struct PostPhoto: Codable, Hashable, Sendable {
  /// Width in pixels of the original, after EXIF rotation.
  public var width: Int
  /// Height in pixels of the original, after EXIF rotation.
  public var height: Int
  /// Dominant colour as `#rrggbb`, shown while the image loads.
  public var color: String
  /// The original, re-encoded without metadata.
  public var originalURL: String
  /// A rendition at most 1080 px wide.
  public var displayURL: String
  /// A rendition at most 400 px wide.
  public var thumbnailURL: String

  /// Creates a photo value.
  public init(
    width: Int, height: Int, color: String, originalURL: String, displayURL: String,
    thumbnailURL: String
  ) {
    self.width = width
    self.height = height
    self.color = color
    self.originalURL = originalURL
    self.displayURL = displayURL
    self.thumbnailURL = thumbnailURL
  }
}
