/// A college whose students order prints from the stores near it.
public struct College: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// Its name.
  public var name: String
  /// Where it is (degrees, WGS 84).
  public var latitude: Double
  /// Where it is (degrees, WGS 84).
  public var longitude: Double

  /// Creates a college value.
  public init(id: Int64, name: String, latitude: Double, longitude: Double) {
    self.id = id
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
  }
}
