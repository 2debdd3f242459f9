import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

@Suite struct ImageRoutesTests {
  @Test func immutableETagAndRange() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let url = post.photo.thumbnailURL
      let full = try await client.send(.get, url)
      #expect(full.status == .ok)
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
      #expect(try await client.send(.get, "/images/../../etc/passwd").status == .notFound)
      #expect(try await client.send(.get, "/images/abc.jpg").status == .notFound)
    }
  }
}
