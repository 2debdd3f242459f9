import Foundation
import GRDB
import Logging
import LotsCore
import PostgresNIO
import Testing

@testable import LotsServer

/// Posts made before restaurants were places are migrated on both backends: their free-text
/// restaurants become restaurants, spellings of one place merged, and each post names one.
@Suite(.oncePerRun) struct RestaurantMigrationTests {
  /// Real shapes: one place written with different case, accents and spaces, another plain.
  static let texts = [
    "Pho Real", "phở real", " PHO  REAL ", "Phở Real", "Phở Real", "Curry Up", "curry-up",
    "Sushi Zen",
  ]

  @Test func sqliteMergesExistingRestaurants() async throws {
    try await OldSchema.withSQLite(upTo: "v8: username skeletons") { db in
      try db.execute(
        sql: "INSERT INTO account (username, passwordHash, createdAt) VALUES ('ana', 'h', 0)")
      for (index, text) in Self.texts.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO post (authorId, caption, restaurant, mealDate, createdAt, width,
              height, color, originalKey, displayKey, thumbnailKey)
            VALUES (1, '', ?, '2026-01-01', ?, 1, 1, '#000000', 'a', 'b', 'c')
            """, arguments: [text, index])
      }
    } _: { path in
      try await Self.expectMerged(try SQLiteStorage.open(path: path))
    }
  }

  @Test func postgresMergesExistingRestaurants() async throws {
    try await StoreBackend.withPostgresDatabase { url in
      let storage = try await PostgresStorage.open(
        url: url, connections: 2, logger: Logger(label: "lots-test-postgres"))
      defer { storage.close() }
      // Back to before restaurants (and the lists that refer to them), with posts made then;
      // then migrate again.
      for statement in [
        "DROP TRIGGER post_countShownPosts ON post", "DROP FUNCTION countShownPosts",
        "DELETE FROM lotsMigration WHERE name = 'v7: restaurant counts and name index'",
        "DELETE FROM lotsMigration WHERE name = 'v6: search index without a pending list'",
        "DROP TABLE postSearch", "DELETE FROM lotsMigration WHERE name = 'v5: post search'",
        "DROP TABLE listEntry", "DROP TABLE pocketList",
        "DELETE FROM lotsMigration WHERE name = 'v4: pocket lists'",
        "DROP INDEX post_restaurant", "ALTER TABLE post DROP COLUMN restaurantId",
        "ALTER TABLE post DROP COLUMN area", "DROP TABLE restaurant",
        "DELETE FROM lotsMigration WHERE name = 'v3: restaurants'",
        "INSERT INTO account (username, passwordHash, createdAt) VALUES ('ana', 'h', 0)",
      ] {
        _ = try await storage.query(PostgresQuery(unsafeSQL: statement))
      }
      for (index, text) in Self.texts.enumerated() {
        _ = try await storage.query(
          """
          INSERT INTO post (authorId, caption, restaurant, mealDate, createdAt, width, height,
            color, originalKey, displayKey, thumbnailKey)
          SELECT id, '', \(text), '2026-01-01', \(Int64(index)), 1, 1, '#000000', 'a', 'b', 'c'
          FROM account
          """)
      }
      try await storage.migrate()
      try await Self.expectMerged(storage)
    }
  }

  static func expectMerged(_ storage: some Storage) async throws {
    let pho = try await storage.restaurants(matching: "pho", limit: 20)
    #expect(pho.map(\.name) == ["Phở Real"])
    #expect(pho.first?.postCount == 5)
    #expect(pho.first?.area == "")
    let curry = try await storage.restaurants(matching: "CURRY", limit: 20)
    #expect(curry.map(\.name) == ["Curry Up"])
    #expect(curry.first?.postCount == 2)
    #expect(try await storage.restaurants(matching: "sushi", limit: 20).map(\.postCount) == [1])
    // Every post names its restaurant, by the merged spelling.
    guard let id = pho.first?.id else { return }
    let page = try await storage.page(
      .restaurant(id: id), viewerID: nil, cursor: nil, limit: 100, now: Date())
    #expect(page.items.count == 5)
    #expect(page.items.allSatisfy { $0.restaurant == "Phở Real" && $0.restaurantID == id })
    // Posts made before search are found by it.
    let found = try await storage.searchPosts(
      try SearchQuery("pho real"), viewerID: nil, before: nil, limit: 100)
    #expect(found.items.count == 5)
    // A new post that spells it another way lands on the same restaurant.
    let author = try await storage.account(named: "ana")!.user.id
    var new = ChangeLogTests.newPost(author: author)
    new.restaurant = .named(name: "pho REAL", area: "")
    let post = try await storage.insertPost(new, now: Date())
    #expect(post.restaurantID == id && post.restaurant == "Phở Real")
  }
}
