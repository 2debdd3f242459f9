import Foundation
import GRDB
import LotsCore
import PostgresNIO
import Testing

@testable import LotsServer

/// Search among 20,000 posts, on both backends: words common, rare, common only among the
/// oldest posts, and two words, paged to the end, give every visible match exactly once,
/// newest first, whichever way the store finds them (PostgreSQL walks the newest ids, then
/// asks its index below them: pages cross that line).
@Suite(.oncePerRun) struct SearchDepthTests {
  static let posts = 20_000

  /// Post `n`'s words: "meal", and "dense" (every third), "saffron" (every 997th),
  /// "pumpkin" (every tenth of the oldest 6,000) and "edge" (either side of the last id
  /// PostgreSQL's first walk tests, and two far below).
  static func words(_ n: Int) -> String {
    var words = ["meal"]
    let edge = posts + 2 - Int(PostgresStorage.walkedIDs)
    if [300, 600, edge - 1, edge, edge + 1].contains(n) { words.append("edge") }
    if n % 3 == 0 { words.append("dense") }
    if n % 997 == 0 { words.append("saffron") }
    if n <= 6_000 && n % 10 == 0 { words.append("pumpkin") }
    return words.joined(separator: " ")
  }

  /// Posts by `bo` (every 50th, blocked by the viewer) and hidden ones (every 70th) are not
  /// the viewer's to see.
  static func visible(_ n: Int) -> Bool { n % 50 != 0 && n % 70 != 0 }

  @Test(arguments: StoreBackend.allCases)
  func everyMatchOnceNewestFirst(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let viewer = try await store.createUser(username: "ana", passwordHash: "h", now: Date())
      let cook = try await store.createUser(username: "cook", passwordHash: "h", now: Date())
      let bo = try await store.createUser(username: "bo", passwordHash: "h", now: Date())
      try await store.setBlock(true, username: "bo", blockerID: viewer.id, now: Date())
      var first = ChangeLogTests.newPost(author: cook.id)
      first.restaurant = .named(name: "Canteen", area: "")
      let place = try await store.insertPost(first, now: Date()).restaurantID
      try await Self.fill(store, cook: cook.id, bo: bo.id, place: place)
      for (text, limit) in [
        ("dense", 30), ("saffron", 7), ("saffron", 30), ("pumpkin", 30), ("pumpkin dense", 11),
        ("edge", 30), ("me", 500), ("zzz", 30),
      ] {
        let query = try SearchQuery(text)
        let words = query.words
        let expected = (2...(Self.posts + 1)).reversed().filter { id in
          Self.visible(id)
            && words.allSatisfy { word in
              Self.words(id).split(separator: " ").contains { $0.hasPrefix(word) }
            }
        }.map(Int64.init)
        var found: [Int64] = []
        var before: Int64?
        var pages = 0
        repeat {
          let page = try await store.searchPosts(
            query, viewerID: viewer.id, before: before, limit: limit)
          #expect(page.items.count <= limit)
          found += page.items.map(\.id)
          before = page.nextCursor == nil ? nil : page.items.last?.id
          pages += 1
        } while before != nil && pages < 1_000
        #expect(found == expected, "\(text): \(found.count) found, \(expected.count) expected")
      }
    }
  }

  /// Writes posts 2…20,001 (the first is the one that made the restaurant) in bulk, with
  /// their search index.
  static func fill(_ store: any Storage, cook: Int64, bo: Int64, place: Int64) async throws {
    let ids = Array(2...(posts + 1))
    if let sqlite = store as? SQLiteStorage {
      try await sqlite.writer.write { db in
        for id in ids {
          try db.execute(
            sql: """
              INSERT INTO post (id, authorId, caption, restaurant, restaurantId, area, mealDate,
                createdAt, width, height, color, originalKey, displayKey, thumbnailKey, hidden)
              VALUES (?, ?, ?, 'Canteen', ?, '', '2026-01-01', ?, 1, 1, '#000000', 'a', 'b',
                'c', ?)
              """,
            arguments: [id, id % 50 == 0 ? bo : cook, words(id), place, id, id % 70 == 0 ? 1 : 0])
          try db.execute(
            sql: "INSERT INTO postSearch (rowid, body) VALUES (?, ?)",
            arguments: [id, words(id) + " canteen"])
        }
      }
    } else if let postgres = store as? PostgresStorage {
      // In slices of their own transactions: the restaurant's post count (a trigger) is one
      // row updated once per post, and 20,000 versions of it in one transaction took 11.5 s
      // alone (2.8 s in slices), past the storage's 30-second deadline on a busy machine.
      for start in stride(from: 0, to: ids.count, by: 2_000) {
        let slice = Array(ids[start..<min(start + 2_000, ids.count)])
        let texts = slice.map(words)
        _ = try await postgres.query(
          """
          INSERT INTO post (id, authorId, caption, restaurant, restaurantId, area, mealDate,
            createdAt, width, height, color, originalKey, displayKey, thumbnailKey, hidden)
          OVERRIDING SYSTEM VALUE
          SELECT id, CASE WHEN id % 50 = 0 THEN \(bo) ELSE \(cook) END, caption, 'Canteen',
            \(place), '', '2026-01-01', id, 1, 1, '#000000', 'a', 'b', 'c',
            CASE WHEN id % 70 = 0 THEN 1 ELSE 0 END
          FROM unnest(\(slice.map(Int64.init)), \(texts)) AS p(id, caption)
          """)
        _ = try await postgres.query(
          """
          INSERT INTO postSearch (postId, body)
          SELECT id, to_tsvector('simple', caption || ' canteen')
          FROM unnest(\(slice.map(Int64.init)), \(texts)) AS p(id, caption)
          """)
      }
      _ = try await postgres.query("ANALYZE")
    }
  }
}
