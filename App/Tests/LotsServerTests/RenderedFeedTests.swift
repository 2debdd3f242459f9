import Foundation
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

/// Feed pages served from rendered posts (``PostJSONCache``) must be the pages the database
/// would give in full, with counts, likes, deletions, blocks and hides always current.
@Suite struct RenderedFeedTests {
  /// A page written from entries and rendered posts is byte for byte the page written whole.
  @Test(arguments: [0, 1, 5, 9])
  func renderedPagesEqualWholePages(count: Int) {
    let items = (0..<count).map {
      JSONWriterTests.post($0, JSONWriterTests.tricky[$0 % JSONWriterTests.tricky.count])
    }
    let cache = PostJSONCache()
    cache.store(items)
    for cursor in [nil, "abc"] as [String?] {
      let page = FeedPage(items: items, nextCursor: cursor, sequence: 42)
      let entries = FeedEntries(
        entries: items.map {
          .init(
            id: $0.id, likeCount: $0.likeCount, likedByMe: $0.likedByMe,
            commentCount: $0.commentCount, version: PostJSON.version($0.editedAt))
        },
        nextCursor: cursor, sequence: 42)
      var whole = JSONWriter()
      whole.write(page)
      var rendered = JSONWriter()
      rendered.write(entries, cache.posts(of: entries) ?? [])
      #expect(rendered.bytes == whole.bytes)
    }
  }

  @Test func aPageIsServedOnlyWhenEveryPostIsHeldAndTheCacheStaysBounded() {
    let cache = PostJSONCache(capacity: 4)
    let items = (0..<6).map { JSONWriterTests.post($0, "x") }
    cache.store(Array(items[0..<2]))
    let entries = { (ids: [Int]) in
      FeedEntries(
        entries: ids.map {
          .init(id: Int64($0), likeCount: 0, likedByMe: false, commentCount: 0, version: 0)
        },
        nextCursor: nil, sequence: 1)
    }
    #expect(cache.posts(of: entries([1, 0]))?.count == 2)
    #expect(cache.posts(of: entries([0, 2])) == nil)
    cache.store(items)
    #expect(cache.count == 4)
    #expect(cache.posts(of: entries([5])) != nil)
    // An edited post is a miss until its new rendering is stored, which replaces the old.
    var edited = items[5]
    edited.caption = "edited"
    edited.editedAt = Date(timeIntervalSince1970: 1_800_000_000.123)
    let version = PostJSON.version(edited.editedAt)
    let newer = FeedEntries(
      entries: [.init(id: 5, likeCount: 0, likedByMe: false, commentCount: 0, version: version)],
      nextCursor: nil, sequence: 2)
    #expect(cache.posts(of: newer) == nil)
    cache.store([edited])
    #expect(cache.posts(of: newer)?.first?.version == version)
    #expect(cache.posts(of: entries([5])) == nil)
    #expect(cache.count == 4)
  }

  /// Random likes and blocks over seeded demo content: for every viewer and feed, paging with
  /// entries gives the same posts, counts, likes, cursors and sequence as paging whole posts.
  @Test func entriesMatchWholePagesForEveryViewerAndFeed() async throws {
    try await TestApp.withSeeder(users: 5, posts: 40) { seeder in
      try await seeder.seedIfEmpty()
      let database = seeder.services.storage
      let seed = UInt64.random(in: 0...UInt64.max)
      var random = SplitMix64(seed: seed)
      let now = Date()
      let all = try await database.page(.main, viewerID: nil, cursor: nil, limit: 100, now: now)
      let users = Array(Set(all.items.map(\.author))).sorted { $0.id < $1.id }
      for _ in 0..<60 {
        let user = users.randomElement(using: &random)!
        let post = all.items.randomElement(using: &random)!
        _ = try await database.setLike(
          Int.random(in: 0..<10, using: &random) < 7, postID: post.id, userID: user.id, now: now)
      }
      for _ in 0..<3 {
        let (blocker, blocked) = (
          users.randomElement(using: &random)!, users.randomElement(using: &random)!
        )
        guard blocker.id != blocked.id else { continue }
        try await database.setBlock(
          true, username: blocked.username, blockerID: blocker.id, now: now)
      }
      for viewer in [nil] + users.map(\.id) as [Int64?] {
        var feeds: [FeedQuery] = [.main, .user(id: users.randomElement(using: &random)!.id)]
        if viewer != nil { feeds.append(.likes) }
        for feed in feeds {
          let limit = Int.random(in: 1...7, using: &random)
          var cursor: FeedCursor?
          var pages = 0
          repeat {
            let whole = try await database.page(
              feed, viewerID: viewer, cursor: cursor, limit: limit, now: now)
            // At once on SQLite, suspending on PostgreSQL.
            var read = try database.entries(feed, viewerID: viewer, cursor: cursor, limit: limit)
            if read == nil {
              read = try await database.readEntries(
                feed, viewerID: viewer, cursor: cursor, limit: limit)
            }
            let entries = try #require(read)
            let expected = whole.items.map {
              FeedEntries.Entry(
                id: $0.id, likeCount: $0.likeCount, likedByMe: $0.likedByMe,
                commentCount: $0.commentCount, version: PostJSON.version($0.editedAt))
            }
            let context = "seed \(seed), viewer \(viewer ?? 0), \(feed), page \(pages)"
            // Empty pages too: both report the snapshot's sequence.
            #expect(
              entries
                == FeedEntries(
                  entries: expected, nextCursor: whole.nextCursor, sequence: whole.sequence),
              "\(context)")
            cursor = try whole.nextCursor.map { try FeedCursor(token: $0, feed: feed.name) }
            pages += 1
          } while cursor != nil && pages < 50
        }
      }
    }
  }
}

extension RenderedFeedTests {
  /// Through the API: once a feed's posts are rendered, later pages still show every change.
  @Test func renderedFeedsStayLive() async throws {
    try await TestApp.run(.with { $0.policy.reports = .counting(3) }) { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let chen = try await client.signUp("chen")
      var ids: [Int64] = []
      for index in 0..<3 {
        ids.append(try await client.post(token: ana.token, caption: "\(index)").id)
      }
      let chens = try await client.post(token: chen.token).id
      let feed = { (token: String?) in
        try await client.send(.get, "/api/feed", token: token).decode(FeedPage.self)
      }
      // The first read renders; the second is served from rendered posts, the same bytes.
      let first = try await client.send(.get, "/api/feed", token: bruno.token)
      let second = try await client.send(.get, "/api/feed", token: bruno.token)
      #expect(first.text == second.text)
      #expect(try first.decode(FeedPage.self).items.map(\.id) == [chens] + ids.reversed())

      _ = try await client.send(.put, "/api/posts/\(ids[0])/like", token: bruno.token)
      let liked = try await feed(bruno.token).items.first { $0.id == ids[0] }
      #expect(liked?.likeCount == 1 && liked?.likedByMe == true)
      let seenByAna = try await feed(ana.token).items.first { $0.id == ids[0] }
      #expect(seenByAna?.likeCount == 1 && seenByAna?.likedByMe == false)
      let likes = try await client.send(.get, "/api/me/likes", token: bruno.token)
      #expect(try likes.decode(FeedPage.self).items.map(\.id) == [ids[0]])

      #expect(
        try await client.send(.delete, "/api/posts/\(ids[1])", token: ana.token).status
          == .noContent)
      #expect(try await feed(bruno.token).items.map(\.id) == [chens, ids[2], ids[0]])

      _ = try await client.send(.put, "/api/users/chen/block", token: bruno.token)
      #expect(try await feed(bruno.token).items.map(\.id) == [ids[2], ids[0]])
      #expect(try await feed(nil).items.map(\.id) == [chens, ids[2], ids[0]])

      for reporter in [bruno, chen, try await client.signUp("dara")] {
        _ = try await client.send(
          .post, "/api/posts/\(ids[2])/reports", json: #"{"reason":"spam"}"#,
          token: reporter.token)
      }
      #expect(try await feed(nil).items.map(\.id) == [chens, ids[0]])
      #expect(try await feed(ana.token).items.map(\.id) == [chens, ids[2], ids[0]])

      _ = try await client.send(.delete, "/api/posts/\(ids[0])/like", token: bruno.token)
      let unliked = try await feed(bruno.token).items.first { $0.id == ids[0] }
      #expect(unliked?.likeCount == 0 && unliked?.likedByMe == false)
      let none = try await client.send(.get, "/api/me/likes", token: bruno.token)
      #expect(try none.decode(FeedPage.self).items.isEmpty)
    }
  }
}
