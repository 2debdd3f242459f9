/// What a search finds besides posts: restaurants and people, best first (suggestions while
/// typing, and the head of the results page).
public struct SearchSuggestions: Codable, Hashable, Sendable {
  /// The query as the server understood it: its folded words.
  public var words: [String]
  /// Restaurants whose names have words starting with the query's.
  public var restaurants: [Restaurant]
  /// People whose names start with the query.
  public var people: [User]

  /// Creates the value.
  public init(words: [String], restaurants: [Restaurant], people: [User]) {
    self.words = words
    self.restaurants = restaurants
    self.people = people
  }
}
