import Foundation
import HTTPTypes
import HummingbirdTesting
import LotsCore
import NIOCore
import Testing

@testable import LotsServer

/// JSON and multipart requests to a live server, one connection per call.
struct LiveClient: Sendable {
  let port: Int

  func send(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, token: String? = nil,
    headers: HTTPFields = [:], body: ByteBuffer? = nil
  ) async throws -> TestClient.Response {
    var fields = headers
    if json != nil { fields[.contentType] = "application/json" }
    if let token { fields[.authorization] = "Bearer \(token)" }
    let request = TestClient.Request(
      uri, method: method, authority: "127.0.0.1:\(port)", headers: fields,
      body: json.map { ByteBuffer(string: $0) } ?? body)
    // The timeout only guards against a hang: a busy machine (every suite at once, on two
    // cores) must not fail a request the server answers late.
    return try await TestClient.withClient(
      host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(300))
    ) { client in
      try await client.execute(request)
    }
  }

  func signUp(_ name: String) async throws -> Session {
    let response = try await send(
      .post, "/api/accounts", json: #"{"username":"\#(name)","password":"password1"}"#)
    return try JSONCoding.decoder().decode(Session.self, from: Data(buffer: response.body!))
  }

  /// Signs in again as `name` (password "password1"): another session, as on another device.
  func signIn(_ name: String) async throws -> Session {
    let response = try await send(
      .post, "/api/sessions", json: #"{"username":"\#(name)","password":"password1"}"#)
    return try JSONCoding.decoder().decode(Session.self, from: Data(buffer: response.body!))
  }

  /// Opens a stream with `token`, runs `action`, and returns the events that came before the
  /// stream ended (an `action` that ends the session's streams ends it with none).
  func streamEvents(
    token: String, during action: @escaping @Sendable () async throws -> Void
  ) async throws -> [RawHTTPClient.Event] {
    try await RawHTTPClient(port: port).events(
      "/api/stream", headers: ["Authorization": "Bearer \(token)"], during: action
    ) { _ in false }
  }

  func post(token: String, caption: String = "", headers: HTTPFields = [:]) async throws -> Post {
    let body = Multipart.body(
      fields: ["restaurant": "Curry Up", "mealDate": "2026-11-21", "caption": caption],
      file: ("photo", try SyntheticPhotoForTests.jpeg()))
    var headers = headers
    headers[.contentType] = "multipart/form-data; boundary=\(Multipart.boundary)"
    let response = try await send(.post, "/api/posts", token: token, headers: headers, body: body)
    #expect(response.status == .created, "\(String(buffer: response.body ?? ByteBuffer()))")
    return try JSONCoding.decoder().decode(Post.self, from: Data(buffer: response.body!))
  }

  func like(_ postID: Int64, token: String, _ liked: Bool = true) async throws {
    _ = try await send(liked ? .put : .delete, "/api/posts/\(postID)/like", token: token)
  }
}

enum SyntheticPhotoForTests {
  static func jpeg() throws -> [UInt8] { try SyntheticPhoto.make(width: 40, height: 30) }
}
