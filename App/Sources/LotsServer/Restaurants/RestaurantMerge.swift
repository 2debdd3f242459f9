import LotsCore

/// How the free-text restaurants of posts made before restaurants were places become
/// restaurants: posts whose texts fold to one key (``TextFolding/key(_:)``: case, accents,
/// spaces and punctuation aside) share one restaurant, named by the spelling most of them use
/// (the oldest post's among equals). Their area is unknown (empty).
///
/// Both backends' migrations run it, so they merge alike.
struct RestaurantMerge: Equatable {
  /// One restaurant to create and the posts that move to it.
  struct Group: Equatable {
    var name: String
    var key: String
    var postIDs: [Int64]
  }

  /// The restaurants, in the order of their oldest post.
  let groups: [Group]

  /// Plans the merge of `posts` (id and free text).
  /// - Complexity: O(*n* log *n*) for *n* posts.
  init(posts: [(id: Int64, restaurant: String)]) {
    var byKey: [String: Int] = [:]
    var groups: [Group] = []
    var spellings: [[String: (count: Int, first: Int64)]] = []
    for post in posts.sorted(by: { $0.id < $1.id }) {
      var key = TextFolding.key(post.restaurant)
      // A text of punctuation only keeps its own key: it is not the same place as every other.
      if key.isEmpty { key = post.restaurant }
      let index: Int
      if let found = byKey[key] {
        index = found
      } else {
        index = groups.count
        byKey[key] = index
        groups.append(Group(name: post.restaurant, key: key, postIDs: []))
        spellings.append([:])
      }
      groups[index].postIDs.append(post.id)
      let seen = spellings[index][post.restaurant]
      spellings[index][post.restaurant] = ((seen?.count ?? 0) + 1, seen?.first ?? post.id)
    }
    for index in groups.indices {
      let best = spellings[index].max { a, b in
        a.value.count != b.value.count
          ? a.value.count < b.value.count : a.value.first > b.value.first
      }
      if let best { groups[index].name = best.key }
    }
    self.groups = groups
  }
}
