import Foundation
import HTTPTypes
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

#if canImport(Glibc)
  import Glibc
#endif

/// Uploads whose bodies trickle in: each holds one of the server's few upload places while it
/// lasts, so one account or one address may hold only a couple, and none for long.
@Suite struct SlowUploadTests {
  /// A socket that has sent an upload's head, as `token` from `address` (behind the trusted
  /// proxy), and the first bytes of its 100 kB body, and no more.
  static func slowUpload(port: Int, token: String, from address: String) -> Int32? {
    let head =
      "POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
      + "X-Forwarded-For: \(address)\r\nContent-Length: 100000\r\n"
      + "Content-Type: multipart/form-data; boundary=\(Multipart.boundary)\r\n\r\n"
      + "--\(Multipart.boundary)\r\n"
    return RawSocket.open(to: port, sending: Array(head.utf8))
  }

  /// Three accounts on one address open seven slow uploads against six places: one account
  /// holds at most two, the address four, the rest are told 429 at once, and someone elsewhere
  /// still posts; then the four held are ended with 408 when their bodies have not arrived.
  @Test func slowUploadsCannotHoldEveryPlaceNorHoldOneForLong() async throws {
    let change = ConfigurationChange.with {
      $0.trustedProxies = ["127.0.0.1"]
      $0.uploadsAtOnce = 6
      // Long enough that the refusals below always come first, however busy the machine.
      $0.uploadBodyTimeout = .seconds(20)
    }
    try await LiveServer.run(change) { port in
      let api = LiveClient(port: port)
      var mallory: [String] = []
      for index in 1...3 { mallory.append(try await api.signUp("mallory\(index)").token) }
      let tokens = [0, 0, 0, 1, 1, 2, 2].map { mallory[$0] }
      let sockets = try tokens.map {
        try #require(Self.slowUpload(port: port, token: $0, from: "203.0.113.9"))
      }
      defer { for socket in sockets { close(socket) } }
      // The refusals come at once (whatever order the server took the seven in).
      var statuses = [Int?](repeating: nil, count: sockets.count)
      for _ in 0..<400 where statuses.compactMap({ $0 }).count < 3 {
        for (index, socket) in sockets.enumerated() where statuses[index] == nil {
          statuses[index] = await RawSocket.status(of: socket, within: 0)
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      #expect(statuses.compactMap { $0 } == [429, 429, 429], "\(statuses)")
      #expect(statuses[0..<3].contains(429), "mallory1's third upload")
      // Someone elsewhere still posts while the four are held.
      let ben = try await api.signUp("ben")
      _ = try await api.post(token: ben.token, headers: [.xForwardedFor: "198.51.100.7"])
      // The trickling bodies lose their places: 408, never a post.
      for (index, socket) in sockets.enumerated() where statuses[index] == nil {
        statuses[index] = await RawSocket.status(of: socket, within: 30)
      }
      #expect(statuses.sorted { ($0 ?? 0) < ($1 ?? 0) } == [408, 408, 408, 408, 429, 429, 429])
      let feed = try await api.send(.get, "/api/feed?limit=50")
      #expect(String(buffer: feed.body!).components(separatedBy: "mallory").count == 1)
    }
  }

  /// A post of three photos whose bytes keep coming over 16 s, twice the base deadline of 8 s
  /// (at twice the rate that earns a second: 512 B), is made; a body trickling at a sixth of
  /// that rate is ended with 408, and makes nothing. The margins are wide: a server busy with
  /// every suite at once reads the bytes late, and credits them late; the client sends from a
  /// thread of its own, at its own pace, as another machine would.
  @Test func aSteadyUploadOutlastsTheBaseDeadlineAndATrickleDoesNot() async throws {
    let change = ConfigurationChange.with {
      $0.uploadBodyTimeout = .seconds(8)
      $0.uploadBytesPerExtraSecond = 512
    }
    try await LiveServer.run(change) { port in
      let api = LiveClient(port: port)
      let ana = try await api.signUp("ana")
      var parts: [(name: String, bytes: [UInt8], filename: String?)] = [
        ("restaurant", Array("Pho Real".utf8), nil), ("mealDate", Array("2026-11-20".utf8), nil),
      ]
      for index in 0..<3 {
        let photo = try SyntheticPhoto.make(
          width: 480, height: 360, color: (Double(60 * index), 90, 40))
        parts.append(("photo", photo, "\(index).jpg"))
        parts.append(("description", Array("Dish \(index + 1)".utf8), nil))
      }
      let body = Array(buffer: Multipart.body(parts: parts))
      /// The status of one upload of `body` in `chunk`-byte pieces, one each `pause`; a 503
      /// (the server busy with other suites' photos) is tried again after its Retry-After.
      func upload(chunk: Int, every pause: Duration) async throws -> Int? {
        for _ in 0..<100 {
          let status = try await send(chunk: chunk, every: pause)
          guard status == 503 else { return status }
          try await Task.sleep(for: .seconds(1))
        }
        return 503
      }
      func send(chunk: Int, every pause: Duration) async throws -> Int? {
        let head =
          "POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ana.token)\r\n"
          + "Content-Length: \(body.count)\r\n"
          + "Content-Type: multipart/form-data; boundary=\(Multipart.boundary)\r\n\r\n"
        let socket = try #require(RawSocket.open(to: port, sending: Array(head.utf8)))
        defer { close(socket) }
        // A refusal ends the sending (a trickle is told 408 and closed).
        await RawSocket.sendPaced(body, chunk: chunk, every: pause, on: socket)
        return await RawSocket.status(of: socket, within: 300)
      }
      // The body in 80 pieces, one each 200 ms: 16 s, at 1 kB/s or more.
      #expect(body.count >= 16_384, "\(body.count) bytes: the rate is twice what earns a second")
      let piece = (body.count + 79) / 80
      let steady = try await upload(chunk: piece, every: .milliseconds(200))
      #expect(steady == 201)
      // 16 bytes each 200 ms: 80 B/s, earning a sixth of a second each second.
      #expect(try await upload(chunk: 16, every: .milliseconds(200)) == 408)
      let feed = try await api.send(.get, "/api/feed")
      let page = try JSONCoding.decoder().decode(FeedPage.self, from: Data(buffer: feed.body!))
      #expect(page.items.count == 1 && page.items[0].morePhotos.count == 2)
    }
  }

  @Test func theLimitCountsPerKeyAndForgetsKeysWithNothingInFlight() async throws {
    let limit = InFlightLimit(1, tooMany: "uploads")
    try await limit.holding("a") {
      #expect(limit.count("a") == 1)
      await #expect(throws: AppError.self) { try await limit.holding("a") {} }
      try await limit.holding("b") { #expect(limit.count("b") == 1) }
    }
    #expect(limit.count("a") == 0 && limit.count("b") == 0)
    await #expect(throws: CancellationError.self) {
      try await limit.holding("a") { throw CancellationError() }
    }
    #expect(limit.count("a") == 0, "a failure gives its place back")
  }
}
