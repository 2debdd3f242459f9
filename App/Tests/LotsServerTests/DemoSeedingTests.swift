import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import LotsCore
import ServiceLifecycle
import Testing

@testable import LotsServer

/// `lots serve --demo` answers at once, its posts arrive while it runs, its seeded account
/// moderates (no visitor becomes one unasked), and a seeding stopped half-way goes on.
@Suite struct DemoSeedingTests {
  static func demo(posts: Int) -> ConfigurationChange {
    .with {
      $0.seedDemoContent = true
      $0.demoPostCount = posts
    }
  }

  /// The server answers before the posts exist, says how far they are, and the posts arrive
  /// in order (each newer than the last) until all are there.
  @Test func answersBeforeThePostsAndTheyArrive() async throws {
    try await LiveServer.run(Self.demo(posts: 24)) { port in
      let client = LiveClient(port: port)
      let first = try await client.send(.get, "/api/demo")
      #expect(first.status == .ok)
      let info = try JSONCoding.decoder().decode(DemoInfo.self, from: Data(buffer: first.body!))
      #expect(info.moderator == "ana")
      #expect(info.accounts.first == "ana" && info.accounts.count == 12)
      #expect(info.postsTotal == 24)
      #expect(info.postsReady < 24, "the posts are still being made when the server answers")
      // Poll until done: bounded in count, never a deadline a slow machine could miss.
      var ready = info.postsReady
      var seen: [Int] = []
      for _ in 0..<20_000 where ready < 24 {
        let now = try JSONCoding.decoder().decode(
          DemoInfo.self, from: Data(buffer: try await client.send(.get, "/api/demo").body!))
        #expect(now.postsReady >= ready)
        ready = now.postsReady
        seen.append(ready)
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(ready == 24)
      let feed = try JSONCoding.decoder().decode(
        FeedPage.self,
        from: Data(buffer: try await client.send(.get, "/api/feed?limit=50").body!))
      #expect(feed.items.count == 24)
      let times = feed.items.map(\.createdAt)
      #expect(times == times.sorted(by: >))
      #expect(Set(feed.items.map(\.author.username)).count > 1)
    }
  }

  /// The demo's moderator is its seeded account ana; the first visitor to sign up is not made
  /// one.
  @Test func theSeededAccountModeratesNotTheFirstVisitor() async throws {
    try await LiveServer.run(Self.demo(posts: 2)) { port in
      let client = LiveClient(port: port)
      let visitor = try await client.signUp("visitor")
      let me = try JSONCoding.decoder().decode(
        Me.self,
        from: Data(buffer: try await client.send(.get, "/api/me", token: visitor.token).body!))
      #expect(!me.moderator)
    }
  }

  /// Without --demo there is no demo to describe; the first account (told by `/api/me`)
  /// moderates as before.
  @Test func noDemoNoDemoInfo() async throws {
    try await TestApp.run { client in
      let response = try await client.send(.get, "/api/demo")
      #expect(response.status == .noContent)
      #expect(response.body.readableBytes == 0)
      let first = try await client.signUp("first")
      let me = try await client.send(.get, "/api/me", token: first.token).decode(Me.self)
      #expect(me.moderator)
    }
  }

  /// A seeding stopped after some posts goes on where it was at the next start: the same
  /// accounts, every post once, none twice.
  @Test func aStoppedSeedingGoesOn() async throws {
    try await TestApp.withSeeder(users: 3, posts: 9) { seeder in
      let plan = try #require(try await seeder.prepare())
      // Stop after the fourth post, as a killed server would.
      var partial = plan
      partial.made = 0
      var stopped = seeder
      stopped.postCount = 4
      try await stopped.seedPosts(partial)
      // seedPosts of a cut seeder removes the marker: put it back, as an interrupted run
      // leaves it.
      try Data("\(Int(plan.start.timeIntervalSince1970))\n".utf8).write(to: seeder.marker)
      let again = try #require(try await seeder.prepare())
      #expect(again.made == 4)
      #expect(again.users == plan.users)
      #expect(again.password == nil)
      #expect(seeder.services.demo.info?.postsReady == 4)
      try await seeder.seedPosts(again)
      #expect(!FileManager.default.fileExists(atPath: seeder.marker.path))
      let page = try await seeder.services.storage.page(
        .main, viewerID: nil, cursor: nil, limit: 100, now: Date())
      #expect(page.items.count == 9)
      #expect(Set(page.items.map(\.createdAt)).count == 9)
      #expect(try await seeder.prepare() == nil)
      #expect(seeder.services.demo.info?.postsReady == 9)
      // Every demo person has "Want to try" and two named lists, the first shared, each
      // holding posts and a restaurant; the seeding that went on made no second set.
      for user in plan.users {
        let lists = try await seeder.services.storage.lists(ownerID: user)
        #expect(lists.map(\.kind) == [.wantToTry, .named, .named])
        #expect(lists.filter(\.shared).count == 1)
        #expect(lists.allSatisfy { $0.entryCount >= 2 })
      }
    }
  }
}
