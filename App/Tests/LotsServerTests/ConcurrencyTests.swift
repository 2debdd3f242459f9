import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite(.serialized) struct ConcurrencyTests {
  @Test func aThousandUsersLikeOnePostAtOnce() async throws {
    try await TestApp.run { client in
      let author = try await client.signUp("author")
      let post = try await client.post(token: author.token)
      var tokens: [String] = []
      for index in 0..<1_000 { tokens.append(try await client.signUp("fan\(index)").token) }
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for token in tokens {
          group.addTask {
            try await client.send(.put, "/api/posts/\(post.id)/like", token: token).status
          }
        }
        return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
      }
      #expect(statuses.count == 1_000 && statuses.allSatisfy { $0 == .ok })
      let fetched = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(fetched.likeCount == 1_000)
    }
  }

  @Test func twoHundredConcurrentPostsAppearOnceEach() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
        for index in 0..<200 {
          group.addTask { try await client.post(token: ana.token, caption: "\(index)").id }
        }
        return try await group.reduce(into: [Int64]()) { $0.append($1) }
      }
      let items = try await FeedRoutesTests.readAll(client, "/api/feed", limit: 100)
      #expect(items.count == 200)
      #expect(Set(items.map(\.id)) == Set(ids))
      #expect(items.map(\.id) == items.map(\.id).sorted(by: >))
    }
  }
}
