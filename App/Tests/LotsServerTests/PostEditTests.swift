import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// An author's edits: what changes, what is refused (and then unchanged), and where it shows.
@Suite struct PostEditTests {
  static func edit(
    _ client: any TestClientProtocol, _ id: Int64, _ json: String, token: String
  ) async throws -> TestResponse {
    try await client.send(.patch, "/api/posts/\(id)", json: json, token: token)
  }

  @Test func theAuthorEditsTextAndTheFeedShowsIt() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token, caption: "Bibimbap with a tpyo")
      // A feed read before the edit renders the post once (and keeps that rendering).
      _ = try await client.send(.get, "/api/feed")
      let response = try await Self.edit(
        client, post.id,
        #"{"caption":"Bibimbap, no typo","restaurant":"Seoul Kitchen","area":"Mitte","mealDate":"2026-11-19"}"#,
        token: ana.token)
      #expect(response.status == .ok, "\(response.text)")
      let edited = try response.decode(Post.self)
      #expect(edited.caption == "Bibimbap, no typo")
      #expect(edited.restaurant == "Seoul Kitchen")
      #expect(edited.area == "Mitte")
      #expect(edited.mealDate == "2026-11-19")
      #expect(edited.editedAt != nil)
      #expect(edited.restaurantID != post.restaurantID)
      #expect(edited.createdAt == post.createdAt)
      // Every read shows the edit: the post, the feed (no stale rendering), search.
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      let found = try await client.send(.get, "/api/search/posts?q=typo").decode(FeedPage.self)
      let old = try await client.send(.get, "/api/search/posts?q=tpyo").decode(FeedPage.self)
      #expect(read == edited)
      #expect(feed.items == [edited])
      #expect(found.items.map(\.id) == [post.id])
      #expect(old.items.isEmpty)
      // A second edit is a later version.
      let again = try await Self.edit(client, post.id, #"{"caption":"v3"}"#, token: ana.token)
        .decode(Post.self)
      #expect(again.editedAt! > edited.editedAt!)
      #expect(try await client.send(.get, "/api/feed").decode(FeedPage.self).items == [again])
    }
  }

  @Test func photosAreReorderedDescribedAndRemovedWithTheirFiles() async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      let post = try await client.createPost(
        token: ana.token, photos: try PostPhotosTests.photos(3), descriptions: ["a", "b", "c"]
      ).decode(Post.self)
      let urls = post.photos.map(\.originalURL)
      let body = """
        {"photos":[{"originalURL":"\(urls[2])","description":"C, closer"},\
        {"originalURL":"\(urls[0])","description":""}]}
        """
      let response = try await Self.edit(client, post.id, body, token: ana.token)
      #expect(response.status == .ok, "\(response.text)")
      let edited = try response.decode(Post.self)
      #expect(edited.photos.map(\.originalURL) == [urls[2], urls[0]])
      #expect(edited.photos.map(\.description) == ["C, closer", ""])
      #expect(edited.photos.map(\.width) == [56, 40])
      // The removed photo's files are gone; the others stay.
      let removed = post.photos[1]
      for url in [removed.originalURL, removed.displayURL, removed.thumbnailURL] {
        #expect(try await client.send(.get, url).status == .notFound)
      }
      for url in edited.photos.flatMap({ [$0.originalURL, $0.displayURL, $0.thumbnailURL] }) {
        #expect(try await client.send(.get, url).status == .ok)
      }
      let kept = Set(edited.photos.flatMap { [$0.originalURL, $0.displayURL, $0.thumbnailURL] })
      #expect(try PostPhotosTests.imageFiles(directory).count == kept.count)
    }
  }

  @Test func refusedEditsChangeNothing() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let ben = try await client.signUp("ben")
      let post = try await client.createPost(
        token: ana.token, photos: try PostPhotosTests.photos(2), descriptions: ["a", "b"]
      ).decode(Post.self)
      let url = post.photo.originalURL
      let refusals: [(String, String, HTTPResponse.Status, String?)] = [
        (ana.token, #"{"photos":[]}"#, .badRequest, "photos"),
        (
          ana.token, #"{"photos":[{"originalURL":"/images/elsewhere.jpg","description":""}]}"#,
          .badRequest, "photos"
        ),
        (
          ana.token, #"{"photos":[{"originalURL":"\#(url)","description":"a\u0007"}]}"#,
          .badRequest, "description"
        ),
        (
          ana.token,
          #"{"photos":[{"originalURL":"\#(url)","description":"","likes":9}]}"#,
          .badRequest, "photos[0].likes"
        ),
        (
          ana.token, #"{"photos":[{"originalURL":"\#(url)"}]}"#, .badRequest,
          "photos[0].description"
        ),
        (ana.token, #"{"caption":"x\u0000y"}"#, .badRequest, "caption"),
        (ana.token, #"{"mealDate":"2999-01-01"}"#, .badRequest, "mealDate"),
        (ana.token, #"{"restaurantId":1,"restaurant":"Two"}"#, .badRequest, "restaurantId"),
        (ana.token, #"{"area":"Mitte"}"#, .badRequest, "area"),
        (ana.token, #"{}"#, .badRequest, nil),
        (ana.token, #"{"caption":"x","likeCount":99}"#, .badRequest, nil),
        (ben.token, #"{"caption":"mine now"}"#, .forbidden, nil),
      ]
      for (token, body, status, field) in refusals {
        let response = try await Self.edit(client, post.id, body, token: token)
        #expect(response.status == status, "\(body): \(response.text)")
        #expect(try response.decode(ErrorBody.self).error.field == field, "\(body)")
      }
      let unknown = try await Self.edit(
        client, post.id + 100, #"{"caption":"x"}"#, token: ana.token)
      #expect(unknown.status == .notFound)
      let anonymous = try await client.send(
        .patch, "/api/posts/\(post.id)", json: #"{"caption":"x"}"#)
      #expect(anonymous.status == .unauthorized)
      // Nothing changed, and nothing reached the change log.
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      #expect(read == post)
      #expect(try await client.send(.get, "/api/feed").decode(FeedPage.self).sequence == 1)
    }
  }

  @Test func anEditReachesOpenStreamsAsAnUpdate() async throws {
    try await LiveServer.run { port in
      let api = LiveClient(port: port)
      let sse = RawHTTPClient(port: port)
      let ana = try await api.signUp("ana")
      let post = try await api.post(token: ana.token)
      let events = try await sse.events("/api/stream?since=1") {
        let response = try await api.send(
          .patch, "/api/posts/\(post.id)", json: #"{"caption":"Edited"}"#, token: ana.token)
        #expect(response.status == .ok)
      } until: {
        !$0.isEmpty
      }
      let event = try StreamTests.decode(events[0])
      #expect(event.kind == .update)
      #expect(event.post?.caption == "Edited")
      #expect(event.post?.editedAt != nil)
    }
  }
}
