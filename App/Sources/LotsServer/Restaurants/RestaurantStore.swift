import LotsCore

/// What restaurants need from storage. Restaurants are made by posting (see
/// ``RestaurantChoice``), inside the post's own transaction.
protocol RestaurantStore: Sendable {
  /// A restaurant with the number of its posts the viewer can see, or nil.
  func restaurant(id: Int64, viewerID: Int64?) async throws -> Restaurant?
  /// Restaurants any of whose name's words starts with the folded `query`'s words (in order),
  /// most posts first, at most `limit`. Post counts here count shown posts.
  func restaurants(matching query: String, limit: Int) async throws -> [Restaurant]
}
