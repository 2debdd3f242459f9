import Foundation
import LotsCore

extension DemoSeeder {
  /// The demo people's named lists: two each, the first shared by link.
  static let listNames = [
    ("Date night", "Quick lunch"), ("Ramen run", "Weekend brunch"), ("Spicy", "With the team"),
    ("Cheap eats", "Worth the queue"), ("Vegetarian", "Near the office"),
  ]
  /// Notes people write beside what they saved.
  static let notes = [
    "", "", "the miso ramen, not the shoyu", "go before noon", "ask for extra chili",
    "cash only", "", "book a table on Fridays", "try the special",
  ]

  /// Fills every demo person's "Want to try" and two named lists (one shared) from the posts
  /// made, each person from their own generator; a person who has named lists already (a
  /// seeding that stopped after the lists) is left as they are.
  func seedLists(_ plan: Plan) async throws {
    let storage = services.storage
    let posts = try await storage.page(
      .main, viewerID: nil, cursor: nil, limit: 100, now: Date()
    ).items
    guard !posts.isEmpty else { return }
    for (index, user) in plan.users.enumerated() {
      let lists = try await storage.lists(ownerID: user)
      guard lists.count == 1 else { continue }
      var random = SplitMix64(seed: seed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
      func pick() -> Post { posts[Int(random.next() % UInt64(posts.count))] }
      func note() -> String { Self.notes[Int(random.next() % UInt64(Self.notes.count))] }
      let (first, second) = Self.listNames[index % Self.listNames.count]
      let named = [
        try await storage.createList(ownerID: user, name: first, now: Date()),
        try await storage.createList(ownerID: user, name: second, now: Date()),
      ]
      for list in [lists[0]] + named {
        for _ in 0..<(3 + Int(random.next() % 4)) {
          _ = try await storage.save(
            .post(pick().id), note: note(), listID: list.id, ownerID: user, now: Date())
        }
        _ = try await storage.save(
          .restaurant(pick().restaurantID), note: note(), listID: list.id, ownerID: user,
          now: Date())
      }
      _ = try await storage.setShared(true, id: named[0].id, ownerID: user, now: Date())
    }
  }
}
