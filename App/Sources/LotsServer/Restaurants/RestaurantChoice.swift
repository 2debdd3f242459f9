/// The restaurant a new post names: one picked from the suggestions, or a name and area that
/// storage finds among existing restaurants (folded, ``LotsCore/TextFolding``) or creates.
enum RestaurantChoice: Sendable, Equatable {
  /// An existing restaurant.
  case existing(id: Int64)
  /// A name (1–100 characters) and an area (0–60), validated; a new restaurant takes the
  /// position, if any (an existing one keeps its own).
  case named(name: String, area: String, position: GeoPoint? = nil)
}
