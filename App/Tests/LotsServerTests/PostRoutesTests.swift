import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct PostRoutesTests {
  @Test func createGetAndDeleteAPost() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(
        token: ana.token, photo: try SyntheticPhoto.make(width: 300, height: 200),
        fields: ["caption": "Robert'); DROP TABLE post;--", "restaurant": "  Bao Down "])
      #expect(response.status == .created, "\(response.text)")
      let post = try response.decode(Post.self)
      #expect(post.photo.width == 300 && post.photo.height == 200)
      #expect(post.caption == "Robert'); DROP TABLE post;--")
      #expect(post.restaurant == "Bao Down")
      #expect(post.mealDate == "2026-11-20")
      #expect(post.author.username == "ana")
      #expect(post.photo.color.count == 7 && post.photo.color.hasPrefix("#"))

      let fetched = try await client.send(.get, "/api/posts/\(post.id)")
      #expect(try fetched.decode(Post.self) == post)

      let bruno = try await client.signUp("bruno")
      let notMine = try await client.send(.delete, "/api/posts/\(post.id)", token: bruno.token)
      #expect(notMine.status == .forbidden)
      let deleted = try await client.send(.delete, "/api/posts/\(post.id)", token: ana.token)
      #expect(deleted.status == .noContent)
      #expect(try await client.send(.get, "/api/posts/\(post.id)").status == .notFound)
      #expect(
        try await client.send(.delete, "/api/posts/\(post.id)", token: ana.token).status
          == .notFound)
      #expect(try await client.send(.get, post.photo.thumbnailURL).status == .notFound)
    }
  }

  @Test func renditionsAreBoundedAndOriginalsStripped() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      // Stored landscape 1600×1200 with EXIF orientation 6: upright it is portrait 1200×1600.
      let photo = try SyntheticPhoto.make(
        width: 1600, height: 1200, encoding: .jpegWithEXIF(orientation: 6))
      #expect(Self.contains(photo, "lots-test"))
      let created = try await client.createPost(token: ana.token, photo: photo)
      #expect(created.status == .created, "\(created.text)")
      let post = try created.decode(Post.self)
      #expect(post.photo.width == 1200 && post.photo.height == 1600)
      let original = try await client.send(.get, post.photo.originalURL)
      #expect(original.status == .ok)
      #expect(!Self.contains(Array(buffer: original.body), "lots-test"))
      #expect(!Self.contains(Array(buffer: original.body), "Exif"))
      let display = try await client.send(.get, post.photo.displayURL)
      #expect(display.headers[.contentType] == "image/webp")
      let pipeline = ImagePipeline()
      let displayed = try pipeline.process(Array(buffer: display.body)).original
      #expect(displayed.width == 1080 && displayed.height == 1440)
      let thumb = try await client.send(.get, post.photo.thumbnailURL)
      let thumbnail = try pipeline.process(Array(buffer: thumb.body)).original
      #expect(thumbnail.width == 400 && thumbnail.height == 533)
    }
  }

  @Test func acceptsHEICAndStoresJPEG() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let photo = try SyntheticPhoto.make(width: 128, height: 96, encoding: .heic)
      #expect(ImageFormat(sniffing: photo) == .heic)
      let response = try await client.createPost(token: ana.token, photo: photo)
      #expect(response.status == .created, "\(response.text)")
      let post = try response.decode(Post.self)
      #expect(post.photo.width == 128 && post.photo.height == 96)
      #expect(post.photo.originalURL.hasSuffix(".jpg"))
      let original = try await client.send(.get, post.photo.originalURL)
      #expect(original.headers[.contentType] == "image/jpeg")
    }
  }

  @Test(arguments: [SyntheticPhoto.Encoding.png, .webp])
  func acceptsPNGAndWebP(_ encoding: SyntheticPhoto.Encoding) async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let photo = try SyntheticPhoto.make(width: 90, height: 160, encoding: encoding)
      let response = try await client.createPost(token: ana.token, photo: photo)
      #expect(response.status == .created, "\(response.text)")
      #expect(try response.decode(Post.self).photo.height == 160)
    }
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    MultipartForm.find(Array(text.utf8), in: bytes, from: 0) != nil
  }
}
