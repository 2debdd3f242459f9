import Foundation
import HTTPTypes
import LotsCore
import Testing

@testable import LotsServer

/// The stream's contract for live lists: filtered per viewer, so sequence numbers skip, but
/// every event names the one before it on its stream; a viewer's own likes and blocks reach
/// their other tabs; a hidden post's author is not told to hide it.
@Suite(.serialized) struct StreamContractTests {
  /// The snapshot sequence of a first feed page, read as `token`'s user.
  static func snapshot(_ api: LiveClient, token: String) async throws -> Int64 {
    let page = try await api.send(.get, "/api/feed", token: token)
    return try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: page.body!))
      .sequence
  }

  /// Checks that `events` chain from `start`: each `previous` is the `seq` before it.
  static func expectChained(_ events: [ChangeEvent], from start: Int64) {
    #expect(events.map(\.previous) == [start] + events.dropLast().map(\.seq))
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq })
  }

  @Test func aFilteredStreamChainsItsEventsAcrossTheGaps() async throws {
    try await LiveServer.run(.with { $0.coalescingInterval = .zero }) { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let bob = try await api.signUp("bob")
      let cyd = try await api.signUp("cyd")
      _ = try await api.send(.put, "/api/users/bob/block", token: cyd.token)
      let start = try await Self.snapshot(api, token: cyd.token)
      let raw = try await sse.events(
        "/api/stream?since=\(start)", headers: ["Authorization": "Bearer \(cyd.token)"]
      ) {
        let first = try await api.post(token: ana.token)
        _ = try await api.post(token: bob.token)  // cyd blocks bob: not on cyd's stream
        _ = try await api.post(token: ana.token)
        try await api.like(first.id, token: bob.token)  // someone else's like
        try await api.like(first.id, token: cyd.token)  // cyd's own, from another tab
      } until: {
        $0.count >= 4
      }
      let events = try raw.map(StreamTests.decode)
      #expect(events.map(\.kind) == [.insert, .insert, .update, .update])
      Self.expectChained(events, from: start)
      // The filtered post left a gap in the numbers, not in the chain.
      #expect(events[1].seq == events[0].seq + 2)
      #expect(raw.map(\.id) == events.map { String($0.seq) })
      // An update carries the post to redraw; likedByMe only for the viewer's own like.
      #expect(events[2].likedByMe == nil && events[2].likeCount == 1)
      #expect(events[2].post?.id == events[0].post?.id && events[2].post?.likeCount == 1)
      #expect(events[3].likedByMe == true && events[3].post?.likedByMe == true)
      #expect(events[3].likeCount == 2)
    }
  }

  @Test func aBlockReachesTheBlockersOtherTabsAndNoOneElse() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let bob = try await api.signUp("bob")
      let cyd = try await api.signUp("cyd")
      let start = try await Self.snapshot(api, token: cyd.token)
      let raw = try await sse.events(
        "/api/stream?since=\(start)", headers: ["Authorization": "Bearer \(cyd.token)"]
      ) {
        _ = try await api.send(.put, "/api/users/ana/block", token: cyd.token)
        _ = try await api.post(token: ana.token)  // blocked now: not sent
        _ = try await api.send(.delete, "/api/users/ana/block", token: cyd.token)
        _ = try await api.post(token: bob.token)
      } until: {
        $0.count >= 3
      }
      let events = try raw.map(StreamTests.decode)
      #expect(events.map(\.kind) == [.block, .unblock, .insert])
      #expect(events[0].authorID == ana.user.id && events[1].authorID == ana.user.id)
      #expect(events[2].post?.author.id == bob.user.id)
      Self.expectChained(events, from: start)
      // Bob's stream, from the same point, hears of neither block.
      let others = try await sse.events(
        "/api/stream?since=\(start)", headers: ["Authorization": "Bearer \(bob.token)"]
      ) { $0.count >= 2 }
      #expect(try others.map(StreamTests.decode).map(\.kind) == [.insert, .insert])
    }
  }

  @Test func aHiddenPostStaysWithItsAuthor() async throws {
    try await LiveServer.run(.with { $0.policy.reports = .counting(1) }) { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let bob = try await api.signUp("bob")
      let post = try await api.post(token: ana.token)
      let start = try await Self.snapshot(api, token: ana.token)
      _ = try await api.send(
        .post, "/api/posts/\(post.id)/reports", json: #"{"reason":"spam"}"#, token: bob.token)
      try await api.like(post.id, token: ana.token)
      let later = try await api.post(token: bob.token)
      // The author's stream: no hide, and the like on the still-visible post.
      let mine = try await sse.events(
        "/api/stream?since=\(start)", headers: ["Authorization": "Bearer \(ana.token)"]
      ) { $0.count >= 2 }
      let events = try mine.map(StreamTests.decode)
      #expect(events.map(\.kind) == [.update, .insert])
      #expect(events[0].previous == start && events[0].likedByMe == true)
      Self.expectChained(events, from: start)
      // Anyone else's: the hide, then nothing about the hidden post before the next post.
      let theirs = try await sse.events("/api/stream?since=\(start)") { $0.count >= 2 }
      let seen = try theirs.map(StreamTests.decode)
      #expect(seen.map(\.kind) == [.hide, .insert] && seen[0].postID == post.id)
      #expect(seen[1].post?.id == later.id)
      Self.expectChained(seen, from: start)
    }
  }

  /// A moderator's decision reaches only the viewers whose lists it changes: removing a post
  /// hidden pending review tells its author alone; restoring one tells everyone else. Its
  /// author's bell rings for each (a `notification` of their own, which no one else gets).
  @Test func moderationEventsGoOnlyToTheViewersTheyConcern() async throws {
    try await LiveServer.run(.with { $0.policy.reports = .counting(1) }) { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let moderator = try await api.signUp("mod")
      let ana = try await api.signUp("ana")
      let bob = try await api.signUp("bob")
      let removed = try await api.post(token: ana.token)
      let restored = try await api.post(token: ana.token)
      let start = try await Self.snapshot(api, token: ana.token)
      for post in [removed, restored] {
        _ = try await api.send(
          .post, "/api/posts/\(post.id)/reports", json: #"{"reason":"spam"}"#, token: bob.token)
      }
      for (post, action) in [(removed, "remove"), (restored, "restore")] {
        let response = try await api.send(
          .post, "/api/moderation/posts/\(post.id)/decision", json: #"{"action":"\#(action)"}"#,
          token: moderator.token)
        #expect(response.status == .noContent)
      }
      let marker = try await api.post(token: moderator.token)
      // Each decision also rings the author's bell (their notifications show it).
      let mine = try await sse.events(
        "/api/stream?since=\(start)", headers: ["Authorization": "Bearer \(ana.token)"]
      ) { $0.count >= 4 }
      let events = try mine.map(StreamTests.decode)
      #expect(events.map(\.kind) == [.notification, .delete, .notification, .insert])
      #expect(events[1].postID == removed.id && events[3].post?.id == marker.id)
      Self.expectChained(events, from: start)
      let theirs = try await sse.events("/api/stream?since=\(start)") { $0.count >= 4 }
      let seen = try theirs.map(StreamTests.decode)
      #expect(seen.map(\.kind) == [.hide, .hide, .insert, .insert])
      #expect(seen.compactMap(\.postID) == [removed.id, restored.id, restored.id, marker.id])
      Self.expectChained(seen, from: start)
    }
  }
}
