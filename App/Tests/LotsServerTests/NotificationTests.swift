import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Notifications: grouped likes, comments, saves and decisions on one's posts; nothing of one's
/// own, nothing from someone one blocks; read and unread; and the bell's doorbell.
@Suite struct NotificationTests {
  static func page(_ client: any TestClientProtocol, _ token: String) async throws
    -> NotificationPage
  {
    let response = try await client.send(.get, "/api/me/notifications", token: token)
    #expect(response.status == .ok, "\(response.text)")
    return try response.decode(NotificationPage.self)
  }

  static func unread(_ client: any TestClientProtocol, _ token: String) async throws -> Int {
    try await client.send(.get, "/api/me/notifications/unread", token: token)
      .decode(UnreadCount.self).unreadCount
  }

  /// Saves a post into the user's Want to try list.
  static func save(_ client: any TestClientProtocol, _ postID: Int64, _ token: String)
    async throws
  {
    let lists = try await client.send(.get, "/api/me/lists", token: token)
      .decode(PocketLists.self)
    let list = try #require(lists.items.first)
    let response = try await client.send(
      .post, "/api/lists/\(list.id)/entries", json: #"{"postId":\#(postID)}"#, token: token)
    #expect(response.status == .created, "\(response.text)")
  }

  @Test func likesCommentsAndSavesAreGroupedByPost() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let people = [
        try await client.signUp("mina"), try await client.signUp("ben"),
        try await client.signUp("cat"), try await client.signUp("dan"),
      ]
      let bibimbap = try await client.post(token: ana.token, caption: "Bibimbap")
      let other = try await client.post(token: ana.token, caption: "Ramen")
      // Ana's own like, comment and save are not news to her.
      _ = try await client.send(.put, "/api/posts/\(bibimbap.id)/like", token: ana.token)
      _ = try await CommentTests.comment(client, bibimbap.id, "Mine", token: ana.token)
      try await Self.save(client, bibimbap.id, ana.token)
      // Each a few milliseconds after the last, so that "newest" is one order.
      let tick = { try await Task.sleep(for: .milliseconds(3)) }
      for person in people.reversed() {
        try await tick()
        _ = try await client.send(.put, "/api/posts/\(bibimbap.id)/like", token: person.token)
      }
      try await tick()
      _ = try await CommentTests.comment(client, other.id, "How much?", token: people[1].token)
      try await tick()
      _ = try await CommentTests.comment(client, other.id, "Where?", token: people[2].token)
      try await tick()
      try await Self.save(client, other.id, people[3].token)
      let page = try await Self.page(client, ana.token)
      #expect(page.items.map(\.kind) == [.save, .comment, .like])
      let likes = page.items[2]
      #expect(likes.post.id == bibimbap.id)
      #expect(likes.people.map(\.username) == ["mina", "ben", "cat"])
      #expect(likes.peopleCount == 4)
      #expect(likes.unread)
      let comments = page.items[1]
      #expect(comments.excerpt == "Where?")
      #expect(comments.people.map(\.username) == ["cat", "ben"])
      #expect(page.items[0].people.map(\.username) == ["dan"])
      #expect(page.unreadCount == 7)
      #expect(try await Self.unread(client, ana.token) == 7)
      // Someone else sees only their own.
      #expect(try await Self.page(client, people[0].token).items.isEmpty)
    }
  }

  @Test func readingClearsTheCountAndUndoingTakesTheNotificationAway() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.post(token: ana.token)
      _ = try await client.send(.put, "/api/posts/\(post.id)/like", token: ben.token)
      let comment = try await CommentTests.comment(client, post.id, "Yum", token: ben.token)
        .decode(LotsCore.Comment.self)
      #expect(try await Self.unread(client, ana.token) == 2)
      let read = try await client.send(.post, "/api/me/notifications/read", token: ana.token)
      #expect(read.status == .noContent)
      #expect(try await Self.unread(client, ana.token) == 0)
      #expect(try await Self.page(client, ana.token).items.allSatisfy { !$0.unread })
      // Undone: an unlike and a deleted comment leave no notification behind.
      _ = try await client.send(.delete, "/api/posts/\(post.id)/like", token: ben.token)
      _ = try await client.send(.delete, "/api/comments/\(comment.id)", token: ben.token)
      #expect(try await Self.page(client, ana.token).items.isEmpty)
      // Something new is unread again.
      try await Task.sleep(for: .milliseconds(5))
      _ = try await client.send(.put, "/api/posts/\(post.id)/like", token: ben.token)
      #expect(try await Self.unread(client, ana.token) == 1)
      #expect(
        try await client.send(.get, "/api/me/notifications").status == .unauthorized)
    }
  }

  @Test func nothingFromSomeoneOneBlocks() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let cat = try await client.signUp("cat")
      let post = try await client.post(token: ana.token)
      _ = try await client.send(.put, "/api/posts/\(post.id)/like", token: ben.token)
      _ = try await client.send(.put, "/api/posts/\(post.id)/like", token: cat.token)
      try await Self.save(client, post.id, ben.token)
      _ = try await client.send(.put, "/api/users/ben/block", token: ana.token)
      let page = try await Self.page(client, ana.token)
      #expect(page.items.map(\.kind) == [.like])
      #expect(page.items[0].people.map(\.username) == ["cat"])
      #expect(page.items[0].peopleCount == 1)
      #expect(page.unreadCount == 1)
    }
  }

  @Test func aModeratorsDecisionIsTheAuthorsNews() async throws {
    try await TestApp.run { client in
      // The first account moderates.
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.post(token: ana.token)
      _ = try await client.send(
        .post, "/api/posts/\(post.id)/reports", json: #"{"reason":"spam"}"#, token: ben.token)
      let decided = try await client.send(
        .post, "/api/moderation/posts/\(post.id)/decision", json: #"{"action":"remove"}"#,
        token: moderator.token)
      #expect(decided.status == .noContent || decided.status == .ok, "\(decided.text)")
      let page = try await Self.page(client, ana.token)
      #expect(page.items.map(\.kind) == [.moderation])
      #expect(page.items[0].excerpt == "remove")
      #expect(page.items[0].people.isEmpty)
      #expect(page.items[0].post.id == post.id)
    }
  }

  @Test func theBellRingsOnlyItsOwnersStream() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let ben = try await api.signUp("ben")
      let post = try await api.post(token: ana.token)
      let lists = try JSONCoding.decoder().decode(
        PocketLists.self,
        from: Data(buffer: try await api.send(.get, "/api/me/lists", token: ben.token).body!))
      let events = try await sse.events(
        "/api/stream?since=1", headers: ["Authorization": "Bearer \(ana.token)"]
      ) {
        _ = try await api.send(
          .post, "/api/lists/\(lists.items[0].id)/entries", json: #"{"postId":\#(post.id)}"#,
          token: ben.token)
        _ = try await api.send(.post, "/api/me/notifications/read", token: ana.token)
      } until: {
        $0.count >= 2
      }
      #expect(try events.map(StreamTests.decode).map(\.kind) == [.notification, .notification])
      // Ben's stream hears of his own list, never of Ana's bell.
      let bens = try await sse.events(
        "/api/stream?since=1", headers: ["Authorization": "Bearer \(ben.token)"]
      ) { !$0.isEmpty }
      #expect(try bens.map(StreamTests.decode).map(\.kind).contains(.notification) == false)
    }
  }
}
