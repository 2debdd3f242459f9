import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Synchronization
import Testing

@testable import LotsServer

/// Posts of several photos: order and descriptions kept, all or nothing, limits, and files.
@Suite struct PostPhotosTests {
  /// Three photos of different sizes, so that their order shows in the post.
  static func photos(_ count: Int) throws -> [[UInt8]] {
    try (0..<count).map { try SyntheticPhoto.make(width: 40 + 8 * $0, height: 30 + $0) }
  }

  @Test func keepsTheOrderAndTheDescriptions() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let descriptions = ["Bibimbap from above", "", "The kimchi, close\nup"]
      let response = try await client.createPost(
        token: ana.token, photos: try Self.photos(3), descriptions: descriptions)
      #expect(response.status == .created, "\(response.text)")
      let post = try response.decode(Post.self)
      #expect(post.photos.map(\.width) == [40, 48, 56])
      #expect(post.photos.map(\.description) == descriptions)
      // The same post in a fresh read, in the feed and in the post's own answer.
      let read = try await client.send(.get, "/api/posts/\(post.id)").decode(Post.self)
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(read.photos == post.photos)
      #expect(feed.items.first?.photos == post.photos)
      #expect(Set(post.photos.map(\.originalURL)).count == 3)
    }
  }

  @Test func withoutDescriptionsEveryPhotoHasAnEmptyOne() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(token: ana.token, photos: try Self.photos(2))
      #expect(response.status == .created, "\(response.text)")
      #expect(try response.decode(Post.self).photos.map(\.description) == ["", ""])
    }
  }

  @Test func aRefusedPhotoMakesNoPostAndLeavesNoFile() async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      var photos = try Self.photos(3)
      photos[1] = Array("GIF89a not a photo at all".utf8)
      let response = try await client.createPost(
        token: ana.token, photos: photos, descriptions: ["a", "b", "c"])
      #expect(response.status == .unsupportedMediaType, "\(response.text)")
      let error = try response.decode(ErrorBody.self).error
      #expect(error.field == "photo")
      #expect(error.index == 2)
      #expect(error.message.hasPrefix("Photo 2: "))
      try await Self.expectNothingStored(client, directory)
    }
  }

  @Test func elevenPhotosAreRefusedBeforeTheEleventhIsRead() async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(token: ana.token, photos: try Self.photos(11))
      #expect(response.status == .badRequest, "\(response.text)")
      let error = try response.decode(ErrorBody.self).error
      #expect(error.field == "photo")
      #expect(error.index == 11)
      #expect(error.message.contains("at most 10 photos"))
      try await Self.expectNothingStored(client, directory)
      // Ten is allowed.
      let ten = try await client.createPost(token: ana.token, photos: try Self.photos(10))
      #expect(ten.status == .created, "\(ten.text)")
      #expect(try ten.decode(Post.self).photos.count == 10)
    }
  }

  @Test(
    arguments: [
      (["ok", "a\u{0007}b"], 2, "description must not contain control characters"),
      (
        ["ok", String(repeating: "x", count: 1_001)], 2, "description must be 0 to 1000 characters"
      ),
      (
        ["a" + String(repeating: "\u{0301}", count: 100_000), "ok"], 1,
        "description must be at most"
      ),
      (["only one"], nil, "one description per photo"),
    ] as [([String], Int?, String)])
  func badDescriptionsAreRefusedByTheirPlace(
    _ descriptions: [String], _ index: Int?, _ message: String
  ) async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(
        token: ana.token, photos: try Self.photos(2), descriptions: descriptions)
      #expect(response.status == .badRequest, "\(response.text)")
      let error = try response.decode(ErrorBody.self).error
      #expect(error.field == "description")
      #expect(error.index == index)
      #expect(error.message.contains(message), "\(error.message)")
      try await Self.expectNothingStored(client, directory)
    }
  }

  @Test func aRetryMakesOnePostAndDeletingItRemovesEveryFile() async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      let photos = try Self.photos(3)
      let first = try await client.createPost(token: ana.token, photos: photos, key: "k-1")
      let again = try await client.createPost(token: ana.token, photos: photos, key: "k-1")
      #expect(first.status == .created)
      #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
      let post = try first.decode(Post.self)
      #expect(try again.decode(Post.self).id == post.id)
      // Each photo's renditions (a small photo's display rendition is its original).
      let keys = Set(post.photos.flatMap { [$0.originalURL, $0.displayURL, $0.thumbnailURL] })
      #expect(try Self.imageFiles(directory).count == keys.count)
      let deleted = try await client.send(.delete, "/api/posts/\(post.id)", token: ana.token)
      #expect(deleted.status == .noContent)
      #expect(try Self.imageFiles(directory).isEmpty)
    }
  }

  @Test func aPhotoSharedWithAnotherPostStaysWhenOneGoes() async throws {
    try await PostPhotosTests.run { client, directory in
      let ana = try await client.signUp("ana")
      let photos = try Self.photos(3)
      // The third photo of one post is the first of another.
      let one = try await client.createPost(token: ana.token, photos: photos).decode(Post.self)
      let two = try await client.createPost(token: ana.token, photos: [photos[2]])
        .decode(Post.self)
      #expect(two.photo.originalURL == one.morePhotos[1].originalURL)
      _ = try await client.send(.delete, "/api/posts/\(one.id)", token: ana.token)
      let kept = Set([two.photo.originalURL, two.photo.displayURL, two.photo.thumbnailURL])
      #expect(try Self.imageFiles(directory).count == kept.count)
      let image = try await client.send(.get, two.photo.originalURL)
      #expect(image.status == .ok)
    }
  }

  /// Runs `test` against a server, with its data directory.
  static func run(
    _ test: @escaping @Sendable (any TestClientProtocol, URL?) async throws -> Void
  ) async throws {
    let directory = Mutex<URL?>(nil)
    try await TestApp.run(
      .with { configuration in directory.withLock { $0 = configuration.dataDirectory } }
    ) { client in
      try await test(client, directory.withLock { $0 })
    }
  }

  /// No post, no change, no image file.
  static func expectNothingStored(_ client: any TestClientProtocol, _ directory: URL?) async throws
  {
    let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
    #expect(feed.items.isEmpty)
    #expect(feed.sequence == 0)
    #expect(try imageFiles(directory).isEmpty)
  }

  /// The image files in a data directory.
  static func imageFiles(_ directory: URL?) throws -> [String] {
    guard let directory else { return [] }
    let images = directory.appendingPathComponent("images")
    guard let walker = FileManager.default.enumerator(atPath: images.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter {
      var folder: ObjCBool = false
      FileManager.default.fileExists(
        atPath: images.appendingPathComponent($0).path, isDirectory: &folder)
      return !folder.boolValue && !$0.hasPrefix(".") && !$0.contains("/.")
    }
  }
}

extension TestClientProtocol {
  /// Posts `photos` in order, with `descriptions` (one part each) if given.
  func createPost(
    token: String, photos: [[UInt8]], descriptions: [String]? = nil, key: String? = nil
  ) async throws -> TestResponse {
    var parts: [(name: String, bytes: [UInt8], filename: String?)] = [
      ("restaurant", Array("Pho Real".utf8), nil), ("mealDate", Array("2026-11-20".utf8), nil),
    ]
    for (index, photo) in photos.enumerated() {
      parts.append(("photo", photo, "p\(index).jpg"))
      if let descriptions, index < descriptions.count {
        parts.append(("description", Array(descriptions[index].utf8), nil))
      }
    }
    var headers: HTTPFields = [
      .contentType: "multipart/form-data; boundary=\(Multipart.boundary)",
      .authorization: "Bearer \(token)",
    ]
    if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
    return try await execute(
      uri: "/api/posts", method: .post, headers: headers, body: Multipart.body(parts: parts))
  }
}
