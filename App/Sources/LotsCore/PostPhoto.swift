/// A photo of a post: its size, a colour placeholder, content-addressed image URLs and the
/// author's description of it (its alternative text).
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
  /// What the photo shows, in the author's words, for people who cannot see it: "" when none
  /// was given (a page then names the restaurant and the author instead).
  public var description: String

  /// The longest description, in characters.
  public static let descriptionLimit = 1_000
  /// The most photos a post has.
  public static let perPostLimit = 10

  /// The widest display rendition: 1080 px (narrower originals are not enlarged).
  public static let displayLimit = 1080
  /// The widest thumbnail: 400 px.
  public static let thumbnailLimit = 400

  /// The display rendition's width in pixels, for `srcset`.
  public var displayWidth: Int { min(width, Self.displayLimit) }
  /// The thumbnail's width in pixels, for `srcset`.
  public var thumbnailWidth: Int { min(width, Self.thumbnailLimit) }

  /// Creates a photo value.
  public init(
    width: Int, height: Int, color: String, originalURL: String, displayURL: String,
    thumbnailURL: String, description: String = ""
  ) {
    self.width = width
    self.height = height
    self.color = color
    self.originalURL = originalURL
    self.displayURL = displayURL
    self.thumbnailURL = thumbnailURL
    self.description = description
  }

  enum CodingKeys: String, CodingKey {
    case width, height, color, originalURL, displayURL, thumbnailURL, displayWidth
    case thumbnailWidth, description
  }

  /// Decodes a photo; the rendition widths are derived, not read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    width = try container.decode(Int.self, forKey: .width)
    height = try container.decode(Int.self, forKey: .height)
    color = try container.decode(String.self, forKey: .color)
    originalURL = try container.decode(String.self, forKey: .originalURL)
    displayURL = try container.decode(String.self, forKey: .displayURL)
    thumbnailURL = try container.decode(String.self, forKey: .thumbnailURL)
    description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
  }

  /// Encodes a photo with its rendition widths, as the API sends it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(color, forKey: .color)
    try container.encode(originalURL, forKey: .originalURL)
    try container.encode(displayURL, forKey: .displayURL)
    try container.encode(thumbnailURL, forKey: .thumbnailURL)
    try container.encode(displayWidth, forKey: .displayWidth)
    try container.encode(thumbnailWidth, forKey: .thumbnailWidth)
    try container.encode(description, forKey: .description)
  }
}
