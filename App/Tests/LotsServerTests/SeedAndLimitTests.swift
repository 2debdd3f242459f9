import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct SeedAndLimitTests {
  @Test func seedsOnceWithVariedAspectRatios() async throws {
    try await TestApp.withSeeder(users: 3, posts: 12) { seeder in
      let services = seeder.services
      #expect(try await seeder.seedIfEmpty())
      #expect(try await !seeder.seedIfEmpty())
      let page = try await services.storage.page(
        .main, viewerID: nil, cursor: nil, limit: 100, now: Date())
      #expect(page.items.count == 12)
      #expect(Set(page.items.map(\.author.username)).count > 1)
      #expect(Set(page.items.map { $0.photo.width * 1000 / $0.photo.height }).count >= 3)
      let session = try await services.storage.account(named: "ana")
      #expect(session != nil)
    }
  }

  @Test func postingAndLikingAreRateLimited() async throws {
    try await TestApp.run(
      .with { configuration in
        configuration.rateLimits.posting = .init(burst: 1, perSecond: 0.001)
        configuration.rateLimits.liking = .init(burst: 2, perSecond: 0.001)
      }
    ) { client in
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let second = try await client.createPost(token: ana.token)
      #expect(second.status == .tooManyRequests)
      #expect(second.errorMessage?.contains("posting") == true)
      let uri = "/api/posts/\(post.id)/like"
      #expect(try await client.send(.put, uri, token: ana.token).status == .ok)
      #expect(try await client.send(.delete, uri, token: ana.token).status == .ok)
      #expect(try await client.send(.put, uri, token: ana.token).status == .tooManyRequests)
      // Another user has their own budget.
      let bruno = try await client.signUp("bruno")
      #expect(try await client.send(.put, uri, token: bruno.token).status == .ok)
    }
  }
}

@Suite struct WebDirectoryTests {
  @Test func servesTheWebClientBesideTheAPI() async throws {
    let web = FileManager.default.temporaryDirectory.appendingPathComponent("lots-web-\(UUID())")
    try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: web) }
    try Data("<h1>LOTs</h1>".utf8).write(to: web.appendingPathComponent("index.html"))
    try await TestApp.run(.with { $0.webDirectory = web }) { client in
      let page = try await client.send(.get, "/")
      #expect(page.status == .ok)
      #expect(page.text == "<h1>LOTs</h1>")
      #expect(try await client.send(.get, "/health").text == "ok")
      #expect(try await client.send(.get, "/missing.js").status == .notFound)
    }
  }
}
