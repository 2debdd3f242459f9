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

  /// Likes, unlikes, comments and comment deletions of one post, all at once: every one is
  /// answered (no deadlock between writers that lock the post's row and the change log's in
  /// different orders, which PostgreSQL ended with a 500 after a second), and the counts are
  /// exact.
  @Test func likesAndCommentsOfOnePostAtOnceAllSucceedAndCountExactly() async throws {
    try await TestApp.run { client in
      let author = try await client.signUp("author")
      let post = try await client.post(token: author.token)
      var likers: [String] = []
      for index in 0..<24 { likers.append(try await client.signUp("liker\(index)").token) }
      var writers: [String] = []
      for index in 0..<8 { writers.append(try await client.signUp("writer\(index)").token) }
      // Each liker toggles 25 times (ending liked when odd); each writer writes 10 comments
      // and deletes every other one.
      let toggles = 25
      let failures = try await withThrowingTaskGroup(of: [String].self) { group in
        for token in likers {
          group.addTask {
            var failures: [String] = []
            for toggle in 0..<toggles {
              let method: HTTPRequest.Method = toggle % 2 == 0 ? .put : .delete
              let response = try await client.send(
                method, "/api/posts/\(post.id)/like", token: token)
              if response.status != .ok { failures.append("\(method): \(response.text)") }
            }
            return failures
          }
        }
        for token in writers {
          group.addTask {
            var failures: [String] = []
            for index in 0..<10 {
              let response = try await CommentTests.comment(
                client, post.id, "comment \(index)", token: token)
              guard response.status == .created else {
                failures.append("comment: \(response.text)")
                continue
              }
              guard index % 2 == 1 else { continue }
              let id = try response.decode(Comment.self).id
              let deleted = try await client.send(.delete, "/api/comments/\(id)", token: token)
              if deleted.status != .noContent { failures.append("delete: \(deleted.text)") }
            }
            return failures
          }
        }
        return try await group.reduce(into: [String]()) { $0 += $1 }
      }
      #expect(failures.isEmpty, "\(failures.count) refused, e.g. \(failures.prefix(3))")
      let fetched = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(fetched.likeCount == likers.count)
      #expect(fetched.commentCount == writers.count * 5)
    }
  }

  /// Two hundred uploads at once (the per-user limit lifted): at most `uploadsAtOnce` are
  /// admitted at a time, the rest are told 503 with Retry-After, and a client that retries gets
  /// every post in exactly once.
  @Test func twoHundredConcurrentPostsAppearOnceEach() async throws {
    try await TestApp.run(.manyUploadsPerUser) { client in
      let ana = try await client.signUp("ana")
      let results = try await withThrowingTaskGroup(of: (Int64, Int).self) { group in
        for index in 0..<200 {
          group.addTask {
            var busy = 0
            while true {
              let response = try await client.createPost(
                token: ana.token, fields: ["caption": "\(index)"])
              if response.status == .serviceUnavailable, busy < 1_000 {
                #expect(response.headers[.retryAfter] == "1")
                busy += 1
                // As Retry-After says, spread: a budget of retries every 5–40 ms ran out on
                // a busy machine, where the last of 200 uploads waits minutes for a place.
                try await Task.sleep(for: .milliseconds(Int.random(in: 500...1_000)))
                continue
              }
              #expect(response.status == .created, "\(response.text)")
              return (try response.decode(Post.self).id, busy)
            }
          }
        }
        return try await group.reduce(into: [(Int64, Int)]()) { $0.append($1) }
      }
      let ids = results.map(\.0)
      #expect(results.map(\.1).reduce(0, +) > 0, "some uploads waited for a place")
      let items = try await FeedRoutesTests.readAll(client, "/api/feed", limit: 100)
      #expect(items.count == 200)
      #expect(Set(items.map(\.id)) == Set(ids))
      #expect(items.map(\.id) == items.map(\.id).sorted(by: >))
    }
  }
}
