import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// Reports of comments: who may report what, the queue they join, a moderator's removal or
/// keeping, what the writer hears of it, and the stream.
@Suite struct CommentModerationTests {
  static func report(
    _ client: any TestClientProtocol, _ commentID: Int64, _ reason: String = "rude",
    token: String?
  ) async throws -> TestResponse {
    let json = String(
      decoding: try JSONEncoder().encode(ReportRequest(reason: reason)), as: UTF8.self)
    return try await client.send(
      .post, "/api/comments/\(commentID)/reports", json: json, token: token)
  }

  static func decide(
    _ client: any TestClientProtocol, _ commentID: Int64, _ action: String, token: String
  ) async throws -> HTTPResponse.Status {
    try await client.send(
      .post, "/api/moderation/comments/\(commentID)/decision",
      json: #"{"action":"\#(action)","note":"checked"}"#, token: token
    ).status
  }

  static func comment(
    _ client: any TestClientProtocol, _ postID: Int64, _ body: String, token: String
  ) async throws -> LotsCore.Comment {
    let response = try await CommentTests.comment(client, postID, body, token: token)
    #expect(response.status == .created, "\(response.text)")
    return try response.decode(LotsCore.Comment.self)
  }

  @Test func reportsAreRefusedWhereTheyWouldBeHarassmentOrNonsense() async throws {
    try await TestApp.run { client in
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let cat = try await client.signUp("cat")
      let dan = try await client.signUp("dan")
      let post = try await client.post(token: ana.token)
      let bens = try await Self.comment(client, post.id, "Ben's", token: ben.token)
      let dans = try await Self.comment(client, post.id, "Dan's", token: dan.token)
      #expect(try await Self.report(client, bens.id, token: nil).status == .unauthorized)
      let own = try await Self.report(client, bens.id, token: ben.token)
      #expect(own.status == .badRequest && own.text.contains("your own comment"))
      #expect(try await Self.report(client, 99_999, token: cat.token).status == .notFound)
      #expect(try await Self.report(client, bens.id, "", token: cat.token).status == .badRequest)
      let long = String(repeating: "r", count: 501)
      #expect(
        try await Self.report(client, bens.id, long, token: cat.token).status == .badRequest)
      let extra = try await client.send(
        .post, "/api/comments/\(bens.id)/reports", json: #"{"reason":"x","more":1}"#,
        token: cat.token)
      #expect(extra.status == .badRequest)
      let zero = try await client.send(
        .post, "/api/comments/0/reports", json: #"{"reason":"x"}"#, token: cat.token)
      #expect(zero.status == .notFound && zero.text.contains("comment"))
      // Cat blocks Dan: his comment is not hers to see, nor to report.
      _ = try await client.send(.put, "/api/users/dan/block", token: cat.token)
      #expect(try await Self.report(client, dans.id, token: cat.token).status == .notFound)
      // Ben blocks Cat: she still sees his comment, but may not report it.
      _ = try await client.send(.put, "/api/users/cat/block", token: ben.token)
      #expect(try await Self.report(client, bens.id, token: cat.token).status == .forbidden)
      // None of it reached the queue.
      let queue = try await ModerationTests.queue(client, moderator.token)
      #expect(queue.items.isEmpty && queue.total == 0)
    }
  }

  @Test func aModeratorRemovesOrKeepsAReportedComment() async throws {
    // Every report weighs 1 (fresh accounts' would weigh nothing).
    try await TestApp.run(.with { $0.policy.reports = .counting(1) }) { client in
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let cat = try await client.signUp("cat")
      let post = try await client.post(token: ana.token)
      let bens = try await Self.comment(client, post.id, "You call that lunch?", token: ben.token)
      let anas = try await Self.comment(client, post.id, "It was 12 euros", token: ana.token)
      // Cat reports both; twice is once.
      for id in [bens.id, bens.id, anas.id] {
        #expect(try await Self.report(client, id, token: cat.token).status == .noContent)
      }
      // Reports hide nothing by themselves.
      #expect(try await CommentTests.page(client, post.id).items.count == 2)
      var queue = try await ModerationTests.queue(client, moderator.token)
      #expect(queue.total == 2)
      #expect(Set(queue.items.compactMap(\.comment?.id)) == [bens.id, anas.id])
      let item = try #require(queue.items.first { $0.comment?.id == bens.id })
      #expect(item.post.id == post.id && item.state == .shown && item.score == 1)
      #expect(item.comment?.body == "You call that lunch?")
      #expect(item.reports.map(\.reporter.username) == ["cat"])
      #expect(item.reports.map(\.reason) == ["rude"])

      #expect(try await Self.decide(client, bens.id, "remove", token: cat.token) == .forbidden)
      #expect(try await Self.decide(client, 99_999, "remove", token: moderator.token) == .notFound)
      #expect(
        try await Self.decide(client, bens.id, "remove", token: moderator.token) == .noContent)
      #expect(
        try await Self.decide(client, bens.id, "remove", token: moderator.token) == .conflict)
      // Gone for everyone, its writer too, and uncounted.
      for token in [nil, ana.token, ben.token, cat.token] {
        let page = try await CommentTests.page(client, post.id, token: token)
        #expect(page.items.map(\.id) == [anas.id])
      }
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(read.commentCount == 1)
      #expect(
        try await client.send(.delete, "/api/comments/\(bens.id)", token: ben.token).status
          == .notFound)
      #expect(try await Self.report(client, bens.id, token: cat.token).status == .notFound)

      // Ana's comment is kept: its report is dismissed, and keeping it again is a conflict.
      #expect(
        try await Self.decide(client, anas.id, "restore", token: moderator.token) == .noContent)
      #expect(
        try await Self.decide(client, anas.id, "restore", token: moderator.token) == .conflict)
      queue = try await ModerationTests.queue(client, moderator.token)
      #expect(queue.items.isEmpty && queue.total == 0)
      #expect(try await CommentTests.page(client, post.id).items.map(\.id) == [anas.id])

      // The trail names the comments.
      let log = try await client.send(.get, "/api/moderation/log", token: moderator.token)
        .decode(ModerationLogPage.self)
      #expect(log.entries.map(\.commentID) == [anas.id, bens.id])
      #expect(log.entries.map(\.action) == [.restore, .remove])
      #expect(log.entries.allSatisfy { $0.postID == post.id && $0.note == "checked" })
      #expect(log.entries.map(\.score) == [1, 1])

      // Ben hears of the removal, with his words; Ana of the keeping of hers, not as news
      // about her post.
      let bensNews = try await NotificationTests.page(client, ben.token)
      #expect(bensNews.items.map(\.kind) == [.moderation])
      #expect(bensNews.items[0].excerpt == "remove")
      #expect(bensNews.items[0].comment == "You call that lunch?")
      #expect(bensNews.items[0].post.id == post.id && bensNews.items[0].people.isEmpty)
      let anasNews = try await NotificationTests.page(client, ana.token)
      let decisions = anasNews.items.filter { $0.kind == .moderation }
      #expect(decisions.map(\.comment) == ["It was 12 euros"])
      #expect(decisions.map(\.excerpt) == ["restore"])
      // Ben's removed comment is no longer news to Ana.
      #expect(!anasNews.items.contains { $0.kind == .comment })

      // A removed comment can be shown again.
      #expect(
        try await Self.decide(client, bens.id, "restore", token: moderator.token) == .noContent)
      #expect(
        try await CommentTests.page(client, post.id).items.map(\.id) == [bens.id, anas.id])
      let again = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(again.commentCount == 2)
    }
  }

  @Test func aRemovalReachesOpenPagesAsAnUncomment() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let moderator = try await api.signUp("mod")
      let ana = try await api.signUp("ana")
      let ben = try await api.signUp("ben")
      let post = try await api.post(token: ana.token)
      let response = try await api.send(
        .post, "/api/posts/\(post.id)/comments", json: #"{"body":"Meh"}"#, token: ben.token)
      let comment = try JSONCoding.decoder().decode(
        LotsCore.Comment.self, from: Data(buffer: response.body!))
      _ = try await api.send(
        .post, "/api/comments/\(comment.id)/reports", json: #"{"reason":"rude"}"#,
        token: ana.token)
      let since = 2  // the post, the comment
      let seen = try await sse.events(
        "/api/stream?since=\(since)", headers: ["Authorization": "Bearer \(ana.token)"]
      ) {
        _ = try await api.send(
          .post, "/api/moderation/comments/\(comment.id)/decision",
          json: #"{"action":"remove","note":""}"#, token: moderator.token)
      } until: {
        $0.contains { $0.data.contains("uncomment") }
      }
      let events = try seen.map(StreamTests.decode).filter { $0.kind == .uncomment }
      #expect(events.map(\.commentID) == [comment.id])
      #expect(events.first?.post?.commentCount == 0)
    }
  }
}
