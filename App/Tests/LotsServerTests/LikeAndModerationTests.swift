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

  @Test func threeDistinctReportsHideAPost() async throws {
    try await TestApp.run { client in
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
