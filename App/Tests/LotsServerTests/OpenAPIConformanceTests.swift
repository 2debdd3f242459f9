import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct OpenAPIConformanceTests {
  /// Calls every documented JSON endpoint, successes and errors, and checks each body against
  /// the schema the document gives for that path, method and status.
  @Test func responsesMatchTheDocument() async throws {
    try await TestApp.run { client in
      let check = try DocumentCheck()
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let creds = #"{"username":"ana","password":"password1"}"#
      try check("/api/accounts", try await client.send(.post, "/api/accounts", json: creds), .post)
      try check("/api/accounts", try await client.send(.post, "/api/accounts", json: "{"), .post)
      try check("/api/sessions", try await client.send(.post, "/api/sessions", json: creds), .post)
      try check("/api/me", try await client.send(.get, "/api/me", token: ana.token), .get)
      try check("/api/me", try await client.send(.get, "/api/me"), .get)
      let created = try await client.createPost(token: ana.token)
      try check("/api/posts", created, .post)
      try check("/api/posts", try await client.createPost(token: nil), .post)
      let post = try created.decode(Post.self)
      let postPath = "/api/posts/\(post.id)"
      try check("/api/posts/{id}", try await client.send(.get, postPath), .get)
      try check("/api/posts/{id}", try await client.send(.get, "/api/posts/999"), .get)
      for (body, token) in [
        (#"{"caption":"Edited"}"#, ana.token), (#"{"photos":[]}"#, ana.token),
        (#"{"caption":"Mine"}"#, bruno.token),
      ] {
        try check(
          "/api/posts/{id}", try await client.send(.patch, postPath, json: body, token: token),
          .patch)
      }
      for method in [HTTPRequest.Method.put, .delete] {
        try check(
          "/api/posts/{id}/like",
          try await client.send(method, postPath + "/like", token: bruno.token), method)
      }
      let commented = try await client.send(
        .post, postPath + "/comments", json: #"{"body":"How much?"}"#, token: bruno.token)
      try check("/api/posts/{id}/comments", commented, .post)
      try check(
        "/api/posts/{id}/comments",
        try await client.send(
          .post, postPath + "/comments", json: #"{"body":""}"#, token: bruno.token),
        .post)
      try check(
        "/api/posts/{id}/comments", try await client.send(.get, postPath + "/comments"), .get)
      try check(
        "/api/posts/{id}/comments", try await client.send(.get, "/api/posts/999/comments"), .get)
      for path in ["/api/me/notifications", "/api/me/notifications/unread"] {
        try check(path, try await client.send(.get, path, token: ana.token), .get)
        try check(path, try await client.send(.get, path), .get)
      }
      try check(
        "/api/me/notifications/read",
        try await client.send(.post, "/api/me/notifications/read", token: ana.token), .post)
      let comment = try commented.decode(LotsCore.Comment.self)
      try check(
        "/api/comments/{id}",
        try await client.send(.delete, "/api/comments/\(comment.id)", token: ana.token), .delete)
      try check(
        "/api/comments/{id}",
        try await client.send(.delete, "/api/comments/\(comment.id)", token: ana.token), .delete)
      try check(
        "/api/posts/{id}/reports",
        try await client.send(.post, postPath + "/reports", json: "{}", token: bruno.token), .post)
      try check("/api/feed", try await client.send(.get, "/api/feed?limit=1"), .get)
      try check("/api/feed", try await client.send(.get, "/api/feed?limit=0"), .get)
      try check("/api/inspire", try await client.send(.get, "/api/inspire"), .get)
      try check(
        "/api/me/likes", try await client.send(.get, "/api/me/likes", token: ana.token), .get)
      try check(
        "/api/users/{username}/posts", try await client.send(.get, "/api/users/ana/posts"), .get)
      for query in ["q=pho", "q=", "limit=0"] {
        try check(
          "/api/restaurants", try await client.send(.get, "/api/restaurants?\(query)"), .get)
      }
      for id in [post.restaurantID, 999] {
        try check(
          "/api/restaurants/{id}", try await client.send(.get, "/api/restaurants/\(id)"), .get)
        try check(
          "/api/restaurants/{id}/posts",
          try await client.send(.get, "/api/restaurants/\(id)/posts"), .get)
      }
      try await checkLists(client, ana: ana.token, bruno: bruno.token, post: post) {
        try check($0, $1, $2)
      }
      try check(
        "/api/users/{username}/block",
        try await client.send(.put, "/api/users/zed/block", token: ana.token), .put)
      try check(
        "/api/posts/{id}", try await client.send(.delete, postPath, token: bruno.token), .delete)
      // Moderation: ana, the first account, moderates.
      _ = try await client.send(
        .post, postPath + "/reports", json: #"{"reason":"spam"}"#, token: bruno.token)
      let reported = try await client.send(
        .post, postPath + "/comments", json: #"{"body":"Rude"}"#, token: bruno.token
      ).decode(LotsCore.Comment.self)
      for body in [#"{"reason":"rude"}"#, "{}"] {
        try check(
          "/api/comments/{id}/reports",
          try await client.send(
            .post, "/api/comments/\(reported.id)/reports", json: body, token: ana.token),
          .post)
      }
      for token in [ana.token, bruno.token] {
        try check(
          "/api/moderation/queue",
          try await client.send(.get, "/api/moderation/queue", token: token), .get)
      }
      let decision = "/api/moderation/posts/\(post.id)/decision"
      for (body, token) in [
        (#"{"action":"remove","note":"spam"}"#, ana.token), (#"{"action":"x"}"#, ana.token),
        (#"{"action":"restore"}"#, bruno.token),
      ] {
        try check(
          "/api/moderation/posts/{id}/decision",
          try await client.send(.post, decision, json: body, token: token), .post)
      }
      for (body, token) in [
        (#"{"action":"remove","note":"rude"}"#, ana.token), (#"{"action":"x"}"#, ana.token),
        (#"{"action":"restore"}"#, bruno.token),
      ] {
        try check(
          "/api/moderation/comments/{id}/decision",
          try await client.send(
            .post, "/api/moderation/comments/\(reported.id)/decision", json: body, token: token),
          .post)
      }
      try check(
        "/api/me/notifications",
        try await client.send(.get, "/api/me/notifications", token: bruno.token), .get)
      try check(
        "/api/moderation/log",
        try await client.send(.get, "/api/moderation/log", token: ana.token),
        .get)
      let blocked = try await client.send(.put, "/api/users/ana/block", token: bruno.token)
      #expect(blocked.status == .noContent)
      try check(
        "/api/me/blocks", try await client.send(.get, "/api/me/blocks", token: bruno.token), .get)
      try check("/api/me/blocks", try await client.send(.get, "/api/me/blocks"), .get)
      try check("/api/demo", try await client.send(.get, "/api/demo"), .get)
      #expect(check.count == 55 + Self.listChecks)
    }
  }

  /// A demo server's description matches the document too.
  @Test func demoInfoMatchesTheDocument() async throws {
    let schema = try OpenAPISchema.load()
    try await LiveServer.run(DemoSeedingTests.demo(posts: 1)) { port in
      let response = try await LiveClient(port: port).send(.get, "/api/demo")
      let problems = schema.problems(
        path: "/api/demo", method: "GET", status: Int(response.status.code),
        body: Data(buffer: response.body!))
      #expect(problems?.isEmpty == true, "\(String(describing: problems))")
    }
  }
}
