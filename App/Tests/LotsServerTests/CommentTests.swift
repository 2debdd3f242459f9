import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// Comments: order and pages, counts, who may delete, blocks both ways, refusals, and the
/// stream.
@Suite struct CommentTests {
  static func comment(
    _ client: any TestClientProtocol, _ postID: Int64, _ body: String, token: String
  ) async throws -> TestResponse {
    let json = String(
      decoding: try JSONEncoder().encode(CommentRequest(body: body)), as: UTF8.self)
    return try await client.send(.post, "/api/posts/\(postID)/comments", json: json, token: token)
  }

  static func page(
    _ client: any TestClientProtocol, _ postID: Int64, _ query: String = "", token: String? = nil
  ) async throws -> CommentPage {
    let response = try await client.send(
      .get, "/api/posts/\(postID)/comments\(query)", token: token)
    #expect(response.status == .ok, "\(response.text)")
    return try response.decode(CommentPage.self)
  }

  @Test func commentsComeNewestLastInPagesAndAreCounted() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.post(token: ana.token)
      for index in 1...5 {
        let response = try await Self.comment(
          client, post.id, "Comment \(index)", token: index % 2 == 0 ? ana.token : ben.token)
        #expect(response.status == .created, "\(response.text)")
      }
      let last = try await Self.page(client, post.id, "?limit=2")
      #expect(last.items.map(\.body) == ["Comment 4", "Comment 5"])
      #expect(last.items.map(\.author.username) == ["ana", "ben"])
      let middle = try await Self.page(client, post.id, "?limit=2&before=\(last.earlierCursor!)")
      #expect(middle.items.map(\.body) == ["Comment 2", "Comment 3"])
      let first = try await Self.page(client, post.id, "?limit=2&before=\(middle.earlierCursor!)")
      #expect(first.items.map(\.body) == ["Comment 1"])
      #expect(first.earlierCursor == nil)
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(read.commentCount == 5)
      #expect(feed.items.first?.commentCount == 5)
    }
  }

  @Test func theWriterAndThePostsAuthorMayDeleteNoOneElse() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let cat = try await client.signUp("cat")
      let post = try await client.post(token: ana.token)
      let bens = try await Self.comment(client, post.id, "Ben's", token: ben.token)
        .decode(LotsCore.Comment.self)
      let cats = try await Self.comment(client, post.id, "Cat's", token: cat.token)
        .decode(LotsCore.Comment.self)
      // Cat may not delete Ben's comment under Ana's post.
      let refused = try await client.send(.delete, "/api/comments/\(bens.id)", token: cat.token)
      #expect(refused.status == .forbidden)
      #expect(try await client.send(.delete, "/api/comments/\(bens.id)").status == .unauthorized)
      #expect(try await Self.page(client, post.id).items.count == 2)
      // Ben deletes his own; Ana deletes Cat's under her post.
      #expect(
        try await client.send(.delete, "/api/comments/\(bens.id)", token: ben.token).status
          == .noContent)
      #expect(
        try await client.send(.delete, "/api/comments/\(cats.id)", token: ana.token).status
          == .noContent)
      #expect(
        try await client.send(.delete, "/api/comments/\(cats.id)", token: ana.token).status
          == .notFound)
      #expect(try await Self.page(client, post.id).items.isEmpty)
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(read.commentCount == 0)
    }
  }

  @Test func blocksApplyBothWays() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.post(token: ana.token)
      let bens = try await Self.comment(client, post.id, "Before the block", token: ben.token)
      #expect(bens.status == .created)
      #expect(
        try await client.send(.put, "/api/users/ben/block", token: ana.token).status
          == .noContent)
      // Ana no longer sees Ben's comment; others do.
      #expect(try await Self.page(client, post.id, token: ana.token).items.isEmpty)
      #expect(try await Self.page(client, post.id).items.count == 1)
      // Ben cannot comment on Ana's posts any more.
      let refused = try await Self.comment(client, post.id, "After", token: ben.token)
      #expect(refused.status == .forbidden, "\(refused.text)")
      #expect(try await Self.page(client, post.id).items.count == 1)
      // Ana cannot delete what she cannot see... but as the post's author she may still clear
      // it once she unblocks; a blocked comment is 404 to her now.
      let id = try bens.decode(LotsCore.Comment.self).id
      #expect(
        try await client.send(.delete, "/api/comments/\(id)", token: ana.token).status
          == .notFound)
    }
  }

  @Test func refusedCommentsChangeNothing() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.post(token: ana.token)
      for body in [
        "", "   ", "a\u{0007}b", String(repeating: "x", count: 1_001),
        "a" + String(repeating: "\u{0301}", count: 5_000), "\u{202E}evil",
      ] {
        let response = try await Self.comment(client, post.id, body, token: ben.token)
        #expect(response.status == .badRequest, "\(response.text)")
        #expect(try response.decode(ErrorBody.self).error.field == "body")
      }
      let unknownField = try await client.send(
        .post, "/api/posts/\(post.id)/comments", json: #"{"body":"x","postId":1}"#,
        token: ben.token)
      #expect(unknownField.status == .badRequest)
      // A post one cannot see: unknown, or by someone one blocks.
      let unknown = try await Self.comment(client, post.id + 10, "Hello", token: ben.token)
      #expect(unknown.status == .notFound)
      _ = try await client.send(.put, "/api/users/ana/block", token: ben.token)
      let hidden = try await Self.comment(client, post.id, "Hello", token: ben.token)
      #expect(hidden.status == .notFound)
      #expect(
        try await client.send(.get, "/api/posts/\(post.id)/comments", token: ben.token)
          .status == .notFound)
      let anonymous = try await client.send(
        .post, "/api/posts/\(post.id)/comments", json: #"{"body":"x"}"#)
      #expect(anonymous.status == .unauthorized)
      #expect(try await Self.page(client, post.id).items.isEmpty)
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(read.commentCount == 0)
    }
  }

  @Test func commentsReachOpenStreamsAndABlockerGetsOnlyTheCount() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let ben = try await api.signUp("ben")
      let cat = try await api.signUp("cat")
      let post = try await api.post(token: ana.token)
      _ = try await api.send(.put, "/api/users/ben/block", token: cat.token)
      let since = 2  // the post, cat's block
      let added = Mutex<LotsCore.Comment?>(nil)
      let seen = try await sse.events(
        "/api/stream?since=\(since)", headers: ["Authorization": "Bearer \(cat.token)"]
      ) {
        let response = try await api.send(
          .post, "/api/posts/\(post.id)/comments", json: #"{"body":"How much was it?"}"#,
          token: ben.token)
        let comment = try JSONCoding.decoder().decode(
          LotsCore.Comment.self, from: Data(buffer: response.body!))
        added.withLock { $0 = comment }
        _ = try await api.send(
          .post, "/api/posts/\(post.id)/comments", json: #"{"body":"12 euros"}"#,
          token: ana.token)
        _ = try await api.send(.delete, "/api/comments/\(comment.id)", token: ben.token)
      } until: {
        $0.count >= 3
      }
      let events = try seen.map(StreamTests.decode)
      #expect(events.map(\.kind) == [.comment, .comment, .uncomment])
      // Cat blocks Ben: his words do not reach her, the count does.
      #expect(events[0].comment == nil)
      let id = added.withLock { $0?.id }
      #expect(events[0].commentID == id)
      #expect(events[0].post?.commentCount ?? 0 >= 1)
      #expect(events[1].comment?.body == "12 euros")
      #expect(events[1].comment?.author.username == "ana")
      #expect(events[2].commentID == id)
      #expect(events[2].post?.commentCount == 1)
    }
  }
}
