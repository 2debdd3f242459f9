import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import LotsCore
import Testing

@testable import LotsServer

@Suite struct ImageRoutesTests {
  /// A stored rendition of a new post: its URL and its whole answer.
  static func storedImage(
    _ client: some TestClientProtocol, _ rendition: KeyPath<PostPhoto, String>
  )
    async throws -> (url: String, full: TestResponse)
  {
    let ana = try await client.signUp("ana")
    let url = try await client.post(token: ana.token).photo[keyPath: rendition]
    let full = try await client.send(.get, url)
    #expect(full.status == .ok)
    return (url, full)
  }

  @Test func immutableETagAndRange() async throws {
    try await TestApp.run { client in
      let (url, full) = try await Self.storedImage(client, \.thumbnailURL)
      #expect(full.headers[.cacheControl]?.contains("immutable") == true)
      let etag = try #require(full.headers[.eTag])
      let cached = try await client.send(.get, url, headers: [.ifNoneMatch: etag])
      #expect(cached.status == .notModified)
      #expect(cached.body.readableBytes == 0)
      let other = try await client.send(.get, url, headers: [.ifNoneMatch: "\"nope\""])
      #expect(other.status == .ok)
      let part = try await client.send(.get, url, headers: [.range: "bytes=2-5"])
      #expect(part.status == .partialContent)
      #expect(Array(buffer: part.body) == Array(Array(buffer: full.body)[2...5]))
      #expect(part.headers[.contentRange] == "bytes 2-5/\(full.body.readableBytes)")
      let beyond = try await client.send(.get, url, headers: [.range: "bytes=999999-"])
      #expect(beyond.status == .rangeNotSatisfiable)
      #expect(beyond.headers[.contentRange] == "bytes */\(full.body.readableBytes)")
      #expect(try await client.send(.get, "/images/../../etc/passwd").status == .badRequest)
      #expect(try await client.send(.get, "/images/abc.jpg").status == .notFound)
    }
  }

  /// RFC 9110: a Range the server may ignore (several ranges, another unit, bad syntax) gets
  /// the whole image; and no error is ever cached as immutable (a CDN would keep a 404 or a
  /// 416 for a year).
  @Test func ignorableRangesGetTheWholeImageAndErrorsAreNeverImmutable() async throws {
    try await TestApp.run { client in
      let (url, full) = try await Self.storedImage(client, \.displayURL)
      #expect(full.headers[.contentLength] == String(full.body.readableBytes))
      for range in ["bytes=0-1,4-5", "items=0-3", "bytes=5-2", "bytes=x-y"] {
        let response = try await client.send(.get, url, headers: [.range: range])
        #expect(response.status == .ok, "\(range)")
        #expect(Array(buffer: response.body) == Array(buffer: full.body), "\(range)")
      }
      let missing = "/images/" + String(repeating: "a", count: 64) + ".jpg"
      let errors = [
        try await client.send(.get, url, headers: [.range: "bytes=999999-"]),
        try await client.send(.get, missing),
      ]
      for error in errors {
        #expect(error.headers[.cacheControl]?.contains("immutable") != true, "\(error.status)")
      }
      #expect(errors[0].headers[.cacheControl] == "no-store")
      #expect(errors[1].status == .notFound)
    }
  }

  /// An image larger than ``smallImageBytes`` is streamed from disk, whole or by range.
  @Test func largeImagesAreStreamedWholeOrByRange() async throws {
    let configuration = TestApp.configuration()
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    let services = try await makeServices(configuration, logger: Logger(label: "test"))
    var random = SeededRandom(seed: 7)
    let bytes = (0..<(smallImageBytes * 3 + 17)).map { _ in
      UInt8.random(in: 0...255, using: &random)
    }
    let key = try services.images.put(bytes, fileExtension: "jpg")
    let app = try buildApplication(services, logger: Logger(label: "test"))
    try await app.test(.router) { client in
      let full = try await client.send(.get, "/images/\(key)")
      #expect(full.status == .ok)
      #expect(Array(buffer: full.body) == bytes)
      let middle = try await client.send(
        .get, "/images/\(key)", headers: [.range: "bytes=300000-300009"])
      #expect(middle.status == .partialContent)
      #expect(Array(buffer: middle.body) == Array(bytes[300_000...300_009]))
      let tail = try await client.send(.get, "/images/\(key)", headers: [.range: "bytes=-5"])
      #expect(Array(buffer: tail.body) == Array(bytes.suffix(5)))
    }
  }
}
