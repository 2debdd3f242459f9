import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct SeedAndLimitTests {
  @Test func seedsOnceWithVariedAspectRatios() async throws {
    try await TestApp.withSeeder(users: 3, posts: 12) { seeder in
      let services = seeder.services
      #expect(try await seeder.seedIfEmpty() != nil)
      #expect(try await seeder.seedIfEmpty() == nil)
      let page = try await services.storage.page(
        .main, viewerID: nil, cursor: nil, limit: 100, now: Date())
      #expect(page.items.count == 12)
      #expect(Set(page.items.map(\.author.username)).count > 1)
      #expect(Set(page.items.map { $0.photo.width * 1000 / $0.photo.height }).count >= 3)
      let session = try await services.storage.account(named: "ana")
      #expect(session != nil)
    }
  }

  /// Demo accounts exist only when asked for, and their password is made at seeding: the old
  /// constant, published in the repository, signed anyone in as a demo user.
  @Test func demoPasswordsAreNeverAConstant() async throws {
    var passwords: [String] = []
    for _ in 0..<2 {
      try await TestApp.withSeeder(users: 2, posts: 2) { seeder in
        let password = try #require(try await seeder.seedIfEmpty())
        passwords.append(password)
        let storage = seeder.services.storage
        let hash = try #require(try await storage.account(named: "ana")?.passwordHash)
        #expect(Bcrypt.verify(password, hash: hash))
        #expect(!Bcrypt.verify("lunch-of-today", hash: hash))
        // Written where the operator can read it, and no one else.
        let file = seeder.services.configuration.dataDirectory
          .appendingPathComponent("demo-password.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(password) && text.contains("ana, bruno"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
      }
    }
    #expect(passwords[0] != passwords[1])
    #expect(passwords.allSatisfy { $0.count == 16 })
    // A server started without --demo has no demo account.
    try await TestApp.run { client in
      let response = try await client.send(
        .post, "/api/sessions", json: #"{"username":"ana","password":"lunch-of-today"}"#)
      #expect(response.status == .unauthorized)
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
