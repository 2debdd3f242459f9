import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct LikeAndModerationTests {
  @Test func likesAreIdempotent() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let uri = "/api/posts/\(post.id)/like"
      for _ in 0..<3 {
        let state = try await client.send(.put, uri, token: ana.token).decode(LikeState.self)
        #expect(state == LikeState(postID: post.id, liked: true, likeCount: 1))
      }
      let viewed = try await client.send(.get, "/api/posts/\(post.id)", token: ana.token)
      #expect(try viewed.decode(Post.self).likedByMe)
      let anonymous = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(!anonymous.likedByMe && anonymous.likeCount == 1)
      for _ in 0..<2 {
        let state = try await client.send(.delete, uri, token: ana.token).decode(LikeState.self)
        #expect(state == LikeState(postID: post.id, liked: false, likeCount: 0))
      }
      #expect(try await client.send(.put, uri).status == .unauthorized)
      #expect(
        try await client.send(.put, "/api/posts/999/like", token: ana.token).status
          == .notFound)
      #expect(
        try await client.send(.put, "/api/posts/x/like", token: ana.token).status
          == .notFound)
    }
  }

  /// What a hide does, with reports counted one each (``ReportWeighing/counting(_:)``; how
  /// they weigh is ModerationTests').
  @Test func reportsThatWeighEnoughHideAPost() async throws {
    try await TestApp.run(.with { $0.policy.reports = .counting(3) }) { client in
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let uri = "/api/posts/\(post.id)/reports"
      let own = try await client.send(.post, uri, json: #"{"reason":"mine"}"#, token: ana.token)
      #expect(own.status == .badRequest)
      let empty = try await client.send(.post, uri, json: #"{"reason":" "}"#, token: ana.token)
      #expect(empty.status == .badRequest)
      var reporters: [Session] = []
      for name in ["bruno", "chen", "dara"] { reporters.append(try await client.signUp(name)) }
      // The same reporter twice counts once.
      for reporter in [reporters[0], reporters[0], reporters[1]] {
        let response = try await client.send(
          .post, uri, json: #"{"reason":"spam"}"#, token: reporter.token)
        #expect(response.status == .noContent)
      }
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      _ = try await client.send(.post, uri, json: #"{"reason":"spam"}"#, token: reporters[2].token)
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .notFound)
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.isEmpty)
      // The author still sees it (pending review).
      let authorView = try await client.send(.get, "/api/posts/\(post.id)", token: ana.token)
      #expect(authorView.status == .ok)
    }
  }

  /// Someone blocked cannot like or report the blocker's posts (harassment by other means);
  /// taking a like back stays possible.
  @Test func aBlockedUserCannotLikeOrReportTheBlockersPosts() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let troll = try await client.signUp("troll")
      let post = try await client.post(token: ana.token)
      let like = "/api/posts/\(post.id)/like"
      #expect(try await client.send(.put, like, token: troll.token).status == .ok)
      #expect(
        try await client.send(.put, "/api/users/troll/block", token: ana.token).status
          == .noContent)
      let again = try await client.send(.put, like, token: troll.token)
      #expect(again.status == .forbidden)
      #expect(again.errorMessage == "you cannot like the posts of someone who blocked you")
      let report = try await client.send(
        .post, "/api/posts/\(post.id)/reports", json: #"{"reason":"spam"}"#, token: troll.token)
      #expect(report.status == .forbidden)
      #expect(try await client.send(.delete, like, token: troll.token).status == .ok)
      let state = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(state.likeCount == 0)
      // Unblocked, they may again.
      #expect(
        try await client.send(.delete, "/api/users/troll/block", token: ana.token).status
          == .noContent)
      #expect(try await client.send(.put, like, token: troll.token).status == .ok)
    }
  }

  @Test func reportsBlocksAndDeletesAreRateLimited() async throws {
    try await TestApp.run(
      .with {
        $0.rateLimits.reporting = .init(burst: 1, perSecond: 0.001)
        $0.rateLimits.blocking = .init(burst: 2, perSecond: 0.001)
        $0.rateLimits.deleting = .init(burst: 1, perSecond: 0.001)
      }
    ) { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let posts = [
        try await client.post(token: ana.token), try await client.post(token: ana.token),
      ]
      let reason = #"{"reason":"spam"}"#
      #expect(
        try await client.send(
          .post, "/api/posts/\(posts[0].id)/reports", json: reason, token: bruno.token
        )
        .status == .noContent)
      let second = try await client.send(
        .post, "/api/posts/\(posts[1].id)/reports", json: reason, token: bruno.token)
      #expect(second.status == .tooManyRequests && second.headers[.retryAfter] != nil)
      for status in [HTTPResponse.Status.noContent, .noContent, .tooManyRequests] {
        #expect(
          try await client.send(.put, "/api/users/ana/block", token: bruno.token).status == status)
      }
      #expect(
        try await client.send(.delete, "/api/posts/\(posts[0].id)", token: ana.token).status
          == .noContent)
      #expect(
        try await client.send(.delete, "/api/posts/\(posts[1].id)", token: ana.token).status
          == .tooManyRequests)
    }
  }

  @Test func blocksRemovePostsFromTheBlockersViews() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let post = try await client.post(token: ana.token)
      #expect(
        try await client.send(.put, "/api/users/ana/block", token: bruno.token).status
          == .noContent)
      #expect(
        try await client.send(.put, "/api/users/ana/block", token: bruno.token).status
          == .noContent)
      let feed = try await client.send(.get, "/api/feed", token: bruno.token).decode(FeedPage.self)
      #expect(feed.items.isEmpty)
      #expect(
        try await client.send(.get, "/api/posts/\(post.id)", token: bruno.token).status
          == .notFound)
      #expect(
        try await client.send(.put, "/api/posts/\(post.id)/like", token: bruno.token).status
          == .notFound)
      let others = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(others.items.count == 1)
      #expect(
        try await client.send(.delete, "/api/users/ana/block", token: bruno.token).status
          == .noContent)
      let again = try await client.send(.get, "/api/feed", token: bruno.token).decode(
        FeedPage.self)
      #expect(again.items.count == 1)
      #expect(
        try await client.send(.put, "/api/users/bruno/block", token: bruno.token).status
          == .badRequest)
      #expect(
        try await client.send(.put, "/api/users/zed/block", token: bruno.token).status
          == .notFound)
      #expect(try await client.send(.put, "/api/users/ana/block").status == .unauthorized)
    }
  }
}
