import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct FeedRoutesTests {
  /// Reads a feed to the end, page by page.
  static func readAll(
    _ client: any TestClientProtocol, _ path: String, limit: Int, token: String? = nil,
    between: (Int) async throws -> Void = { _ in }
  ) async throws -> [Post] {
    var items: [Post] = []
    var cursor: String?
    var pageIndex = 0
    repeat {
      let separator = path.contains("?") ? "&" : "?"
      let uri = path + separator + "limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
      let response = try await client.send(.get, uri, token: token)
      #expect(response.status == .ok, "\(response.text)")
      let page = try response.decode(FeedPage.self)
      #expect(page.items.count <= limit)
      items += page.items
      cursor = page.nextCursor
      try await between(pageIndex)
      pageIndex += 1
    } while cursor != nil && pageIndex < 100
    return items
  }

  @Test(arguments: [0, 1, 2, 3, 19, 20, 21])
  func mainFeedPagesEveryPostOnceNewestFirst(count: Int) async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      var ids: [Int64] = []
      for index in 0..<count {
        ids.append(try await client.post(token: ana.token, caption: "\(index)").id)
      }
      let items = try await Self.readAll(client, "/api/feed", limit: 4)
      #expect(items.map(\.id) == ids.reversed())
    }
  }

  @Test func pagingSurvivesInsertsAndDeletedAnchors() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      var ids: [Int64] = []
      for _ in 0..<9 { ids.append(try await client.post(token: ana.token).id) }
      // Given a first page of 3, when new posts arrive and the page's last item is deleted,
      // then later pages continue exactly after it: no duplicates, none skipped.
      let items = try await Self.readAll(client, "/api/feed", limit: 3) { page in
        guard page == 0 else { return }
        _ = try await client.post(token: ana.token)
        let anchor = ids[ids.count - 3]
        #expect(
          try await client.send(.delete, "/api/posts/\(anchor)", token: ana.token).status
            == .noContent)
      }
      #expect(items.map(\.id) == Array(ids.reversed()))
    }
  }

  @Test func pagesCarryTheSnapshotSequence() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let empty = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(empty.sequence == 0)
      _ = try await client.post(token: ana.token)
      _ = try await client.post(token: ana.token)
      let page = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(page.sequence == 2)
      // An empty page has no row to carry the sequence: it still reports the snapshot's.
      _ = try await client.signUp("bob")
      let none = try await client.send(.get, "/api/users/bob/posts").decode(FeedPage.self)
      #expect(none.items.isEmpty && none.sequence == 2)
    }
  }

  @Test(arguments: ["limit=0", "limit=101", "limit=abc", "cursor=nope", "cursor=a3xsaWtlc3wxfDE"])
  func badQueriesAre400(query: String) async throws {
    try await TestApp.run { client in
      let response = try await client.send(.get, "/api/feed?\(query)")
      #expect(response.status == .badRequest)
      #expect(response.errorMessage != nil)
    }
  }

  @Test func cursorsBelongToTheirFeed() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      for _ in 0..<3 { _ = try await client.post(token: ana.token) }
      let page = try await client.send(.get, "/api/feed?limit=1").decode(FeedPage.self)
      let cursor = try #require(page.nextCursor)
      let misuse = try await client.send(.get, "/api/users/ana/posts?cursor=\(cursor)")
      #expect(misuse.status == .badRequest)
    }
  }

  @Test func userFeedAndUnknownUser() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let mine = try await client.post(token: ana.token)
      _ = try await client.post(token: bruno.token)
      let items = try await Self.readAll(client, "/api/users/ana/posts", limit: 10)
      #expect(items.map(\.id) == [mine.id])
      #expect(try await client.send(.get, "/api/users/zed/posts").status == .notFound)
    }
  }

  @Test func myLikesNewestLikeFirstAndPrivate() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let first = try await client.post(token: ana.token)
      let second = try await client.post(token: ana.token)
      for post in [second, first] {
        #expect(
          try await client.send(.put, "/api/posts/\(post.id)/like", token: bruno.token).status
            == .ok)
      }
      let items = try await Self.readAll(client, "/api/me/likes", limit: 1, token: bruno.token)
      #expect(items.map(\.id) == [first.id, second.id])
      #expect(items.allSatisfy { $0.likedByMe })
      #expect(try await client.send(.get, "/api/me/likes").status == .unauthorized)
      let anas = try await client.send(.get, "/api/me/likes", token: ana.token)
      #expect(try anas.decode(FeedPage.self).items.isEmpty)
    }
  }

  @Test func inspireRanksByLikesAndKeepsItsSnapshot() async throws {
    // Every first page ranks anew here (no reuse interval), to see the new order at once.
    try await TestApp.run(.with { $0.policy.inspireReuse = 0 }) { client in
      var users: [Session] = []
      for name in ["ana", "bruno", "chen", "dara"] { users.append(try await client.signUp(name)) }
      var posts: [Post] = []
      for _ in 0..<4 { posts.append(try await client.post(token: users[0].token)) }
      // posts[2] gets 3 likes, posts[0] 2, posts[3] 1, posts[1] none.
      for (post, likers) in [(2, 1...3), (0, 1...2), (3, 1...1)] {
        for liker in likers {
          _ = try await client.send(
            .put, "/api/posts/\(posts[post].id)/like", token: users[liker].token)
        }
      }
      let first = try await client.send(.get, "/api/inspire?limit=2").decode(FeedPage.self)
      #expect(first.items.map(\.id) == [posts[2].id, posts[0].id])
      // Given the ranking is frozen, when posts[1] becomes the most liked, then the next page
      // keeps the old order while counts are live.
      for liker in 0...3 {
        _ = try await client.send(
          .put, "/api/posts/\(posts[1].id)/like", token: users[liker].token)
      }
      let cursor = try #require(first.nextCursor)
      let second = try await client.send(.get, "/api/inspire?limit=2&cursor=\(cursor)")
        .decode(FeedPage.self)
      #expect(second.items.map(\.id) == [posts[3].id, posts[1].id])
      #expect(second.items.last?.likeCount == 4)
      #expect(second.nextCursor == nil)
      let fresh = try await client.send(.get, "/api/inspire?limit=1").decode(FeedPage.self)
      #expect(fresh.items.first?.id == posts[1].id)
    }
  }

  /// A flood of anonymous first pages reads: one ranking serves them all for the reuse
  /// interval, and only a first page after it writes a new one.
  @Test func inspireFirstPagesShareARankingInsteadOfWritingOneEach() async throws {
    try await TestApp.withSeeder(users: 2, posts: 6) { seeder in
      try await #require(seeder.seedIfEmpty() != nil)
      let storage = seeder.services.storage
      let now = Date()
      func snapshot(at offset: TimeInterval) async throws -> Int64 {
        let page = try await storage.page(
          .inspire, viewerID: nil, cursor: nil, limit: 2, now: now.addingTimeInterval(offset))
        let cursor = try FeedCursor(token: try #require(page.nextCursor), feed: "inspire")
        guard case .ranked(let snapshot, _) = cursor else { throw AppError.badRequest("cursor") }
        return snapshot
      }
      var snapshots: Set<Int64> = []
      for second in 0..<50 { snapshots.insert(try await snapshot(at: Double(second))) }
      #expect(snapshots.count == 1)
      let later = try await snapshot(at: 61)
      #expect(!snapshots.contains(later), "a first page after the interval ranks again")
      #expect(try await StoreBackend.rows(of: "rankingSnapshot", in: storage) == 2)
    }
  }

  @Test func inspireHidesWhatTheViewerMayNotSeeAndExpiresSnapshots() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let anas = try await client.post(token: ana.token)
      let brunos = try await client.post(token: bruno.token)
      _ = try await client.send(.put, "/api/users/ana/block", token: bruno.token)
      let page = try await client.send(.get, "/api/inspire", token: bruno.token)
        .decode(FeedPage.self)
      #expect(page.items.map(\.id) == [brunos.id])
      let all = try await client.send(.get, "/api/inspire").decode(FeedPage.self)
      #expect(Set(all.items.map(\.id)) == [anas.id, brunos.id])
      let gone = FeedCursor.ranked(snapshot: 999, offset: 0).token
      let expired = try await client.send(.get, "/api/inspire?cursor=\(gone)")
      #expect(expired.status == .gone)
    }
  }
}
