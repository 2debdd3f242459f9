import Foundation
import GRDB
import LotsCore
import PostgresNIO
import Testing

@testable import LotsServer

/// A restaurant's count of shown posts (what suggestions rank by; PostgreSQL keeps it with a
/// trigger) follows every way a post comes, goes or moves, on both backends: a seeded run of
/// posts made, deleted, hidden, shown, removed by a moderator, moved by a merge, and authors
/// whose accounts go, checked against a model after every step.
@Suite(.oncePerRun) struct RestaurantCountTests {
  static let names = ["Ramen Ichi", "Ramen Ni", "Ramen San"]

  @Test(arguments: StoreBackend.allCases)
  func countsFollowEveryChange(_ backend: StoreBackend) async throws {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("RestaurantCountTests \(backend) seed \(seed) (replay with LOTS_SEED=\(seed))")
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      var random = SeededRandom(seed: seed)
      var authors: [Int64] = []
      for index in 0..<3 {
        authors.append(
          try await store.createUser(username: "cook\(index)", passwordHash: "h", now: Date()).id)
      }
      /// Every post: its author, restaurant and `hidden` (0 shown, 1 pending, 2 removed).
      var posts: [Int64: (author: Int64, place: Int64, hidden: Int)] = [:]
      var places: [String: Int64] = [:]
      for step in 0..<80 {
        let live = posts.keys.sorted()
        switch live.isEmpty ? 0 : random.int(in: 0..<6) {
        case 0, 1:
          var new = ChangeLogTests.newPost(author: authors[random.int(in: 0..<authors.count)])
          let name = Self.names[random.int(in: 0..<Self.names.count)]
          new.restaurant = .named(name: name, area: "Mitte")
          let post = try await store.insertPost(new, now: Date())
          places[name] = post.restaurantID
          posts[post.id] = (new.authorID, post.restaurantID, 0)
        case 2:
          let id = live[random.int(in: 0..<live.count)]
          try await store.deletePost(id: id, userID: posts[id]!.author, now: Date())
          posts[id] = nil
        case 3:
          let id = live[random.int(in: 0..<live.count)]
          let hidden = random.int(in: 0...2)
          try await Self.run("UPDATE post SET hidden = \(hidden) WHERE id = \(id)", on: store)
          posts[id]!.hidden = hidden
        case 4:
          let id = live[random.int(in: 0..<live.count)]
          guard let to = places.values.sorted().randomElement(using: &random) else { continue }
          try await Self.run("UPDATE post SET restaurantId = \(to) WHERE id = \(id)", on: store)
          posts[id]!.place = to
        default:
          guard authors.count > 1 else { continue }
          let gone = authors.remove(at: random.int(in: 0..<authors.count))
          try await Self.run("DELETE FROM account WHERE id = \(gone)", on: store)
          posts = posts.filter { $0.value.author != gone }
        }
        let found = try await store.restaurants(matching: "ramen", limit: 10)
        for restaurant in found {
          let shown = posts.values.filter { $0.place == restaurant.id && $0.hidden == 0 }.count
          #expect(restaurant.postCount == shown, "step \(step): \(restaurant.name)")
        }
        #expect(found.count == places.count, "step \(step)")
        // Most shown posts first.
        #expect(found.map(\.postCount) == found.map(\.postCount).sorted(by: >), "step \(step)")
      }
    }
  }

  /// Runs one statement on either backend.
  static func run(_ sql: String, on store: any Storage) async throws {
    if let sqlite = store as? SQLiteStorage {
      try await sqlite.writer.write { db in try db.execute(sql: sql) }
    } else if let postgres = store as? PostgresStorage {
      _ = try await postgres.query(PostgresQuery(unsafeSQL: sql))
    }
  }
}
