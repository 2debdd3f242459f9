import Testing

@testable import LotsServer

/// Posts made when a restaurant was free text become restaurants: spellings that differ by
/// case, accents, spaces and punctuation are one place, named as most of its posts spell it.
@Suite(.oncePerRun) struct RestaurantMergeTests {
  @Test func spellingsOfOnePlaceAreOneRestaurant() {
    let merge = RestaurantMerge(posts: [
      (1, "Pho Real"), (2, "Curry Up"), (3, "phở real"), (4, "PHO  REAL"), (5, "Phở Real"),
      (6, "Phở Real"), (7, "curry-up"), (8, "Sushi Zen"), (9, "!!!"), (10, "?!"), (11, "!!!"),
    ])
    #expect(
      merge.groups == [
        .init(name: "Phở Real", key: "pho real", postIDs: [1, 3, 4, 5, 6]),
        .init(name: "Curry Up", key: "curry up", postIDs: [2, 7]),
        .init(name: "Sushi Zen", key: "sushi zen", postIDs: [8]),
        .init(name: "!!!", key: "!!!", postIDs: [9, 11]),
        .init(name: "?!", key: "?!", postIDs: [10]),
      ])
  }

  /// Among spellings used equally often, the oldest post's names the restaurant; the order
  /// of the input does not matter.
  @Test func tiesGoToTheOldestSpelling() {
    let posts: [(id: Int64, restaurant: String)] = [
      (4, "ramen ya"), (2, "Ramen Ya"), (9, "Ramen Ya"), (7, "ramen ya"), (1, "RAMEN YA"),
    ]
    for order in [posts, posts.reversed(), posts.sorted { $0.restaurant < $1.restaurant }] {
      let merge = RestaurantMerge(posts: order)
      #expect(
        merge.groups == [.init(name: "Ramen Ya", key: "ramen ya", postIDs: [1, 2, 4, 7, 9])])
    }
  }

  @Test func noPostsNoRestaurants() {
    #expect(RestaurantMerge(posts: []).groups.isEmpty)
  }
}
