import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Moderation that cannot be turned into censorship: reports weigh by the reporter's standing,
/// a hide is pending review, a moderator restores or removes, and all of it is audited.
@Suite struct ModerationTests {
  /// The attack that hid any post for good: three accounts made a minute ago report it.
  @Test func threeFreshAccountsCannotHideAPost() async throws {
    try await TestApp.run { client in
      let moderator = try await client.signUp("mod")  // the first account moderates
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      for name in ["sock1", "sock2", "sock3"] {
        let sock = try await client.signUp(name)
        let response = try await client.send(
          .post, "/api/posts/\(post.id)/reports", json: #"{"reason":"spam"}"#, token: sock.token)
        #expect(response.status == .noContent)
      }
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.map(\.id) == [post.id])
      // Every report still reaches the moderators, weighing nothing.
      let queue = try await Self.queue(client, moderator.token)
      #expect(queue.total == 1 && queue.items.map(\.post.id) == [post.id])
      #expect(queue.items[0].state == .shown && queue.items[0].score == 0)
      #expect(queue.items[0].reports.map(\.reporter.username) == ["sock1", "sock2", "sock3"])
      #expect(queue.items[0].reports.allSatisfy { $0.weight == 0 && $0.reason == "spam" })
      #expect(
        try await client.send(.get, "/api/moderation/queue", token: ana.token).status
          == .forbidden)
      #expect(try await client.send(.get, "/api/moderation/queue").status == .unauthorized)
      #expect(
        try await client.send(.get, "/api/me", token: moderator.token).decode(Me.self)
          .moderator)
      #expect(
        !(try await client.send(.get, "/api/me", token: ana.token).decode(Me.self)
          .moderator))
    }
  }

  @Test func weightsFollowAgeActivityAndAccuracy() {
    let weighing = ReportWeighing()
    let day: TimeInterval = 86_400
    func weight(_ age: TimeInterval, posts: Int = 0, likes: Int = 0, up: Int = 0, down: Int = 0)
      -> Double
    {
      weighing.weight(
        ReporterStanding(age: age, posts: posts, likes: likes, upheld: up, dismissed: down))
    }
    #expect(weight(60, posts: 10, likes: 100) == 0)
    #expect(weight(day - 1, posts: 10) == 0)
    #expect(weight(4 * day, posts: 3) == 0.5)
    #expect(weight(7 * day) == 0.5)
    #expect(weight(30 * day, posts: 3) == 1)
    #expect(weight(30 * day, likes: 30) == 1)
    #expect(weight(30 * day, posts: 1) == 0.5 + 0.5 / 3)
    #expect(weight(30 * day, posts: 3, down: 1) == 0.5)
    #expect(weight(30 * day, posts: 3, up: 1, down: 1) == 2.0 / 3)
    #expect(weight(30 * day, posts: 50, likes: 1_000, up: 100) == 1)
    #expect(
      ReportWeighing.counting(2).weight(
        ReporterStanding(
          age: 0, posts: 0, likes: 0, upheld: 0, dismissed: 0)) == 1)
  }

  @Test func reportersInStandingHideAPostUntilAModeratorRestoresIt() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-moderation-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await TestApp.run(.with { $0.dataDirectory = directory }) { client in
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let other = try await client.post(token: ana.token)
      var idle: [Session] = []
      var active: [Session] = []
      for index in 0..<3 { idle.append(try await client.signUp("idle\(index)")) }
      for index in 0..<3 {
        let user = try await client.signUp("active\(index)")
        for _ in 0..<3 { _ = try await client.post(token: user.token) }
        active.append(user)
      }
      try await Self.age(directory, days: 8, users: (idle + active).map(\.user.id))
      func report(_ who: Session, _ id: Int64) async throws {
        let response = try await client.send(
          .post, "/api/posts/\(id)/reports", json: #"{"reason":"not food"}"#, token: who.token)
        #expect(response.status == .noContent, "\(response.text)")
      }
      // Three idle week-old accounts weigh ½ each: shown.
      for user in idle { try await report(user, post.id) }
      #expect(try await Self.queue(client, moderator.token).items[0].score == 1.5)
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      // One active one makes 2.5, a second 3.5: hidden pending review, its author still sees it.
      try await report(active[0], post.id)
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      try await report(active[1], post.id)
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .notFound)
      #expect(try await client.send(.get, "/api/posts/\(post.id)", token: ana.token).status == .ok)
      var queue = try await Self.queue(client, moderator.token)
      #expect(queue.items[0].state == .pending && queue.items[0].score == 3.5)

      let restore = try await client.send(
        .post, "/api/moderation/posts/\(post.id)/decision",
        json: #"{"action":"restore","note":"it is a lunch"}"#, token: moderator.token)
      #expect(restore.status == .noContent, "\(restore.text)")
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      #expect(try await Self.queue(client, moderator.token).total == 0)
      let again = try await client.send(
        .post, "/api/moderation/posts/\(post.id)/decision", json: #"{"action":"restore"}"#,
        token: moderator.token)
      #expect(again.status == .conflict)
      // Reports after a restore reach the queue but cannot hide it again.
      try await report(active[2], post.id)
      for user in idle { try await report(user, post.id) }  // already reported: once each
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .ok)
      queue = try await Self.queue(client, moderator.token)
      #expect(queue.items.map(\.post.id) == [post.id] && queue.items[0].state == .shown)
      #expect(queue.items[0].reports.map(\.reporter.username) == ["active2"])
      // A dismissed report costs its reporter half their weight.
      try await report(active[0], other.id)
      queue = try await Self.queue(client, moderator.token)
      #expect(queue.items.first { $0.post.id == other.id }?.score == 0.5)

      let log = try await client.send(.get, "/api/moderation/log", token: moderator.token)
        .decode(ModerationLogPage.self)
      #expect(log.entries.map(\.action) == [.restore, .hide])
      #expect(
        log.entries[0].moderator?.username == "mod" && log.entries[0].note == "it is a lunch")
      #expect(log.entries[1].moderator == nil && log.entries[1].score == 3.5)
      #expect(log.entries.allSatisfy { $0.postID == post.id } && log.next == nil)
    }
  }

  @Test func aRemovalHidesAPostFromEveryoneUntilRestored() async throws {
    try await TestApp.run(.with { $0.policy.reports = .counting(1) }) { client in
      let moderator = try await client.signUp("mod")
      let ana = try await client.signUp("ana")
      let bob = try await client.signUp("bob")
      let post = try await client.post(token: ana.token)
      func decide(_ body: String, by token: String = moderator.token, post id: Int64 = post.id)
        async throws -> HTTPResponse.Status
      {
        try await client.send(
          .post, "/api/moderation/posts/\(id)/decision", json: body, token: token
        ).status
      }
      let remove = #"{"action":"remove"}"#
      #expect(try await decide(remove, by: bob.token) == .forbidden)
      #expect(try await decide(#"{"action":"delete"}"#) == .badRequest)
      #expect(try await decide(#"{"action":"remove","x":1}"#) == .badRequest)
      let long = String(repeating: "n", count: 501)
      #expect(try await decide(#"{"action":"remove","note":"\#(long)"}"#) == .badRequest)
      #expect(try await decide(remove, post: 999) == .notFound)
      // A moderator may remove a post no one reported.
      #expect(try await decide(remove) == .noContent)
      for token in [nil, ana.token, bob.token] {
        #expect(
          try await client.send(.get, "/api/posts/\(post.id)", token: token).status
            == .notFound)
      }
      let own = try await client.send(.get, "/api/users/ana/posts", token: ana.token)
      #expect(try own.decode(FeedPage.self).items.isEmpty)
      #expect(try await decide(remove) == .conflict)
      #expect(try await decide(#"{"action":"restore"}"#) == .noContent)
      #expect(
        try await client.send(.get, "/api/posts/\(post.id)", token: bob.token).status
          == .ok)
      let log = try await client.send(
        .get, "/api/moderation/log?before=x",
        token: moderator.token)
      #expect(log.status == .badRequest)
    }
  }

  @Test func moderatorsNamedAtStartReplaceTheFirstAccount() async throws {
    try await TestApp.run(.with { $0.moderators = ["bruno"] }) { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("Bruno")
      #expect(
        !(try await client.send(.get, "/api/me", token: ana.token).decode(Me.self)
          .moderator))
      #expect(
        try await client.send(.get, "/api/me", token: bruno.token).decode(Me.self)
          .moderator)
      #expect(
        try await client.send(.get, "/api/moderation/queue", token: ana.token).status
          == .forbidden)
      #expect(
        try await client.send(.get, "/api/moderation/queue", token: bruno.token).status
          == .ok)
    }
  }

  /// Makes accounts `days` older, as if they had signed up that long ago (in the test
  /// server's database: SQLite in `directory`, or its PostgreSQL database).
  static func age(_ directory: URL, days: Double, users: [Int64]) async throws {
    if let url = TestApp.databaseURL {
      let ms = Int64(days * 86_400_000)
      try await StoreBackend.execute(
        "UPDATE account SET createdAt = createdAt - \(ms) WHERE id = ANY(\(users))", on: url)
      return
    }
    let database = try DatabaseQueue(path: directory.appendingPathComponent("lots.sqlite").path)
    try await database.write { db in
      for id in users {
        try db.execute(
          sql: "UPDATE account SET createdAt = createdAt - ? WHERE id = ?",
          arguments: [Int64(days * 86_400_000), id])
      }
    }
  }

  static func queue(_ client: any TestClientProtocol, _ token: String) async throws
    -> ReviewQueue
  {
    try await client.send(.get, "/api/moderation/queue", token: token).decode(ReviewQueue.self)
  }
}
