/// The body of an edit of one's own post (`PATCH /api/posts/{id}`): only the fields sent
/// change.
///
/// The restaurant is `restaurantId` alone, or `restaurant` with an optional `area`, as when
/// posting. `photos` is the post's photos as they are to be, each named by its `originalURL`:
/// their new order and descriptions; a photo left out is removed (at least one stays), and
/// none can be added.
public struct PostEdit: Codable, Hashable, Sendable, StrictDecodable {
  /// One photo of the edited post.
  public struct Photo: Codable, Hashable, Sendable {
    /// The photo's ``PostPhoto/originalURL``, as the post gives it.
    public var originalURL: String
    /// Its description, 0–1,000 characters.
    public var description: String

    /// Creates the value.
    public init(originalURL: String, description: String) {
      self.originalURL = originalURL
      self.description = description
    }

    private enum CodingKeys: String, CodingKey { case originalURL, description }

    /// Decodes a photo, refusing fields it does not have (as the body's own are).
    public init(from decoder: any Decoder) throws {
      try NestedFields.refuseUnknown(in: decoder, allowed: ["originalURL", "description"])
      let container = try decoder.container(keyedBy: CodingKeys.self)
      originalURL = try container.decode(String.self, forKey: .originalURL)
      description = try container.decode(String.self, forKey: .description)
    }
  }

  /// The new caption, 0–500 characters.
  public var caption: String?
  /// A restaurant already on LOTs, by its id.
  public var restaurantID: Int64?
  /// A restaurant by its name (found or created with `area`).
  public var restaurant: String?
  /// The restaurant's area, with `restaurant`.
  public var area: String?
  /// The day of the meal, `YYYY-MM-DD`, not later than today.
  public var mealDate: String?
  /// The photos in their new order, with their descriptions.
  public var photos: [Photo]?

  /// The fields a request may contain.
  public static let allowedFields: Set<String> = [
    "caption", "restaurantId", "restaurant", "area", "mealDate", "photos",
  ]

  private enum CodingKeys: String, CodingKey {
    case caption, restaurant, area, mealDate, photos
    case restaurantID = "restaurantId"
  }

  /// Creates the value.
  public init(
    caption: String? = nil, restaurantID: Int64? = nil, restaurant: String? = nil,
    area: String? = nil, mealDate: String? = nil, photos: [Photo]? = nil
  ) {
    self.caption = caption
    self.restaurantID = restaurantID
    self.restaurant = restaurant
    self.area = area
    self.mealDate = mealDate
    self.photos = photos
  }
}
