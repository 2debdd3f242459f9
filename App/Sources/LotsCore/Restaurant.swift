/// A restaurant: a place people post meals from, by name and area (neighbourhood or city).
///
/// Two spellings of one place in one area are one restaurant: the server keeps one row per
/// folded name and area (``TextFolding/key(_:)``).
public struct Restaurant: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// Its name, as first written.
  public var name: String
  /// Its neighbourhood or city; empty when unknown.
  public var area: String
  /// How many of its posts the viewer can see.
  public var postCount: Int
  /// Its position, when known (degrees).
  public var latitude: Double?
  /// Its position, when known (degrees).
  public var longitude: Double?

  /// Creates a restaurant value.
  public init(
    id: Int64, name: String, area: String, postCount: Int, latitude: Double? = nil,
    longitude: Double? = nil
  ) {
    self.id = id
    self.name = name
    self.area = area
    self.postCount = postCount
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// Restaurants matching what someone types, best first.
public struct RestaurantList: Codable, Hashable, Sendable {
  /// The matches.
  public var items: [Restaurant]

  /// Creates a list.
  public init(items: [Restaurant]) {
    self.items = items
  }
}
