import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct PostInputTests {
  static func rejected(
    photo: [UInt8]? = nil, fields: [String: String] = [:], photoName: String = "photo",
    status: HTTPResponse.Status, message: String
  ) async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(
        token: ana.token, photo: photo, fields: fields, photoName: photoName)
      #expect(response.status == status, "\(response.text)")
      #expect(response.errorMessage?.contains(message) == true, "\(response.text)")
      // Nothing was stored half-way: no post, no change-log entry.
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.isEmpty)
      #expect(feed.sequence == 0)
    }
  }

  @Test func notAnImage() async throws {
    try await Self.rejected(
      photo: Array("GIF89a not really".utf8), status: .unsupportedMediaType, message: "JPEG, PNG")
  }

  @Test func corruptJPEG() async throws {
    let photo = try SyntheticPhoto.make(width: 400, height: 300)
    try await Self.rejected(
      photo: Array(photo.prefix(photo.count / 2)), status: .unprocessableContent,
      message: "could not be decoded")
  }

  @Test func dimensionBomb() async throws {
    try await Self.rejected(
      photo: Self.pngHeader(width: 10_000, height: 6_000), status: .unprocessableContent,
      message: "more than 50 megapixels")
  }

  @Test func missingAndUnknownFields() async throws {
    try await Self.rejected(photoName: "picture", status: .badRequest, message: "unknown field")
    try await Self.rejected(
      fields: ["restaurant": ""], status: .badRequest, message: "missing field 'restaurant'")
  }

  @Test func badText() async throws {
    try await Self.rejected(
      fields: ["restaurant": "Bad\u{1}Name"], status: .badRequest, message: "control characters")
    try await Self.rejected(
      fields: ["caption": String(repeating: "a", count: 501)], status: .badRequest,
      message: "caption must be 0 to 500")
    try await Self.rejected(
      fields: ["mealDate": "2026-02-30"], status: .badRequest, message: "mealDate")
    // Later than today anywhere on Earth: not eaten yet.
    let future = MealDate.latestToday(
      secondsSince1970: Int64(Date().timeIntervalSince1970) + 86_400)
    try await Self.rejected(
      fields: ["mealDate": future.description], status: .badRequest,
      message: "the meal date cannot be in the future")
  }

  /// Text that hides, reorders or piles up: refused with a 400 that says why, nothing stored.
  @Test func hostileText() async throws {
    // One letter with a million combining marks was "one character": a 2 MB caption.
    try await Self.rejected(
      fields: ["caption": "a" + String(repeating: "\u{0301}", count: 1_000_000)],
      status: .badRequest, message: "caption must be at most 2000 bytes of UTF-8")
    try await Self.rejected(
      fields: ["caption": "Z" + String(repeating: "\u{0336}", count: 12)], status: .badRequest,
      message: "caption must not stack more than 8 marks")
    try await Self.rejected(
      fields: ["restaurant": "Pho\u{202E}laeR"], status: .badRequest,
      message: "restaurant must not contain invisible or direction-changing characters")
    try await Self.rejected(
      fields: ["restaurant": "\u{200B}\u{3164}"], status: .badRequest,
      message: "restaurant must not contain invisible")
  }

  @Test func textIsStoredNFC() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Cafe\u{0301} Pho\u{031B}\u{0309}"])
      #expect(response.status == .created, "\(response.text)")
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(
        Array(feed.items.first?.restaurant.unicodeScalars ?? "".unicodeScalars)
          == Array("Caf\u{E9} Ph\u{1EDF}".unicodeScalars))
    }
  }

  @Test func needsATokenAndMultipart() async throws {
    try await TestApp.run { client in
      #expect(try await client.createPost(token: nil).status == .unauthorized)
      let ana = try await client.signUp("ana")
      let json = try await client.send(.post, "/api/posts", json: "{}", token: ana.token)
      #expect(json.status == .unsupportedMediaType)
      var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=x"]
      headers[.authorization] = "Bearer \(ana.token)"
      let garbage = try await client.execute(
        uri: "/api/posts", method: .post, headers: headers, body: ByteBuffer(string: "garbage"))
      #expect(garbage.status == .badRequest)
      #expect(garbage.errorMessage == "malformed multipart body")
    }
  }

  @Test func oversizePhoto() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let response = try await client.createPost(
        token: ana.token, photo: [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 10_600_000))
      #expect(response.status == .contentTooLarge)
      let error = try response.decode(ErrorBody.self).error
      #expect(error.field == "photo")
      #expect(error.index == 1)
      #expect(error.message == "Photo 1: photo is larger than 10 MB")
    }
  }

  @Test func pathLikeFileNamesAreIgnored() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let body = Multipart.body(
        fields: ["restaurant": "Bao Down", "mealDate": "2026-11-20"],
        file: ("photo", try SyntheticPhoto.make(width: 20, height: 20)),
        filename: "../../etc/passwd\u{0}.jpg")
      let response = try await client.execute(
        uri: "/api/posts", method: .post,
        headers: [
          .contentType: "multipart/form-data; boundary=\(Multipart.boundary)",
          .authorization: "Bearer \(ana.token)",
        ], body: body)
      #expect(response.status == .created)
      let post = try response.decode(Post.self)
      // Stored under the content's hash, never under the client's name.
      #expect(FileImageStore.isValid(String(post.photo.originalURL.dropFirst("/images/".count))))
    }
  }

  /// A PNG signature and IHDR chunk declaring a size and pixel format, with no pixel data.
  static func pngHeader(
    width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2
  ) -> [UInt8] {
    func be(_ value: UInt32) -> [UInt8] {
      [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      return be(UInt32(data.count)) + body + be(~crc)
    }
    // A zlib stream of one stored empty block: decoding would fail, but the header says a lot.
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", be(width) + be(height) + [bitDepth, colorType, 0, 0, 0])
      + chunk("IDAT", idat)
      + chunk("IEND", [])
  }
}
