import CVips
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// What the web app's pages need from the server: errors that name the field at fault, uploads
/// that are safe to retry, rendition widths for `srcset`, and deep links that load the app.
@Suite struct PageSupportTests {
  @Test func errorsNameTheFieldAtFault() async throws {
    try await TestApp.run { client in
      func field(_ response: TestResponse) throws -> String? {
        try response.decode(ErrorBody.self).error.field
      }
      func signUp(_ json: String) async throws -> TestResponse {
        try await client.send(.post, "/api/accounts", json: json)
      }
      #expect(try field(await signUp(#"{"username":"ab","password":"password1"}"#)) == "username")
      #expect(try field(await signUp(#"{"username":"abc","password":"short"}"#)) == "password")
      #expect(try field(await signUp(#"{"username":"abc"}"#)) == "password")
      #expect(try field(await signUp(#"{"username":1,"password":"password1"}"#)) == "username")
      #expect(try field(await signUp(#"{"username":"abc","password":"password1","x":1}"#)) == nil)
      let ana = try await client.signUp("ana")
      let taken = try await signUp(#"{"username":"ana","password":"password1"}"#)
      #expect(try taken.status == .conflict && field(taken) == "username")
      for (fields, name) in [
        (["restaurant": ""], "restaurant"), (["mealDate": "2026-13-40"], "mealDate"),
        (["caption": String(repeating: "x", count: 501)], "caption"),
      ] {
        let response = try await client.createPost(token: ana.token, fields: fields)
        #expect(response.status == .badRequest)
        #expect(try field(response) == name, "\(fields)")
      }
      let notAnImage = try await client.createPost(token: ana.token, photo: Array("hello".utf8))
      #expect(try notAnImage.status == .unsupportedMediaType && field(notAnImage) == "photo")
      let post = try await client.post(token: ana.token)
      let bob = try await client.signUp("bob")
      let report = try await client.send(
        .post, "/api/posts/\(post.id)/reports", json: #"{"reason":" "}"#, token: bob.token)
      #expect(try field(report) == "reason")
      let change = try await client.send(
        .put, "/api/me/password", json: #"{"currentPassword":"password1","newPassword":"x"}"#,
        token: bob.token)
      #expect(try change.status == .badRequest && field(change) == "newPassword")
    }
  }

  @Test func aRetriedUploadWithTheSameKeyMakesOnePost() async throws {
    try await TestApp.run(.manyUploadsPerUser) { client in
      let ana = try await client.signUp("ana")
      let bob = try await client.signUp("bob")
      let photo = try SyntheticPhoto.make(width: 64, height: 48)
      func upload(_ key: String?, token: String) async throws -> TestResponse {
        var headers: HTTPFields = [
          .contentType: "multipart/form-data; boundary=\(Multipart.boundary)",
          .authorization: "Bearer \(token)",
        ]
        if let key { headers[PostRoutes.idempotencyKeyField] = key }
        let body = Multipart.body(
          fields: ["restaurant": "Pho Real", "mealDate": "2026-11-20"], file: ("photo", photo))
        return try await client.execute(
          uri: "/api/posts", method: .post, headers: headers, body: body)
      }
      let first = try await upload("7f1c-lunch", token: ana.token)
      let retry = try await upload("7f1c-lunch", token: ana.token)
      #expect(first.status == .created && retry.status == .created)
      #expect(try first.decode(Post.self).id == retry.decode(Post.self).id)
      #expect(first.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
      #expect(retry.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
      // Retries racing each other, and the same key from someone else (their own post).
      let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
        for _ in 0..<6 {
          group.addTask { try await upload("race", token: ana.token).decode(Post.self).id }
        }
        return try await group.reduce(into: Set<Int64>()) { $0.insert($1) }
      }
      #expect(ids.count == 1)
      let bobs = try await upload("7f1c-lunch", token: bob.token).decode(Post.self)
      #expect(bobs.author.username == "bob")
      var feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.count == 3)
      // Without a key every upload is new; a bad key is refused; after a delete, the key
      // makes a new post.
      _ = try await upload(nil, token: ana.token)
      _ = try await upload(nil, token: ana.token)
      for bad in ["", "has space", String(repeating: "k", count: 101), "naïve"] {
        #expect(try await upload(bad, token: ana.token).status == .badRequest, "\(bad)")
      }
      let original = try first.decode(Post.self)
      _ = try await client.send(.delete, "/api/posts/\(original.id)", token: ana.token)
      let again = try await upload("7f1c-lunch", token: ana.token).decode(Post.self)
      #expect(again.id != original.id)
      feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.count == 5)
    }
  }

  @Test func postsCarryTheirRenditionWidths() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      for (width, height, display, thumbnail) in [
        (64, 48, 64, 64), (2000, 1000, 1080, 400), (700, 1400, 700, 400),
      ] {
        let photo = try SyntheticPhoto.make(width: width, height: height)
        let created = try await client.createPost(token: ana.token, photo: photo)
        let post = try created.decode(Post.self)
        #expect(post.photo.displayWidth == display && post.photo.thumbnailWidth == thumbnail)
        // The feed's rendered JSON says the same, and the files are that wide.
        let feed = try await client.send(.get, "/api/feed?limit=1")
        let json =
          try JSONSerialization.jsonObject(with: Data(buffer: feed.body)) as? [String: Any]
        let items = json?["items"] as? [[String: Any]]
        let rendered = items?.first?["photo"] as? [String: Any]
        #expect(rendered?["displayWidth"] as? Int == display)
        #expect(rendered?["thumbnailWidth"] as? Int == thumbnail)
        for (url, expected) in [
          (post.photo.displayURL, display), (post.photo.thumbnailURL, thumbnail),
        ] {
          let bytes = Array(buffer: try await client.send(.get, url).body)
          #expect(try Self.width(of: bytes) == expected, "\(url)")
        }
      }
    }
  }

  /// Every page loads the app (its body as in `index.html`, a list's with its first screen; its
  /// head titled by the page); an address that names nothing loads it too, with 404, for its
  /// "not found" page; API errors stay JSON.
  @Test func deepLinksLoadTheAppAndAPIErrorsStayJSON() async throws {
    let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Web").standardizedFileURL
    try await TestApp.run(.with { $0.webDirectory = web }) { client in
      let shell = try String(contentsOf: web.appendingPathComponent("index.html"), encoding: .utf8)
      func body(_ html: String) -> Substring {
        html[(html.range(of: "</head>")?.lowerBound ?? html.startIndex)...]
      }
      func after(_ html: String) -> Substring {
        html[(html.range(of: #"<main id="not-found""#)?.lowerBound ?? html.startIndex)...]
      }
      let ana = try await client.signUp("ana")
      let post = try await client.post(token: ana.token)
      let pages = [
        "/inspire", "/post", "/likes", "/signin", "/signup", "/account", "/p/\(post.id)", "/u/ana",
      ]
      let missing = ["/p/4242", "/u/nobody", "/p/42/more", "/nothing", "/moderation/nothing"]
      for path in pages + missing {
        let response = try await client.send(.get, path)
        #expect(response.status == (pages.contains(path) ? .ok : .notFound), "\(path)")
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(response.headers[.contentSecurityPolicy]?.contains("'wasm-unsafe-eval'") == true)
        if ["/inspire", "/u/ana"].contains(path) {
          // A list's page: its first screen in the list's element, the rest as the shell's.
          #expect(response.text.contains(#"id="first-page""#), "\(path)")
          #expect(after(response.text) == after(shell), "\(path)")
        } else {
          #expect(body(response.text) == body(shell), "\(path)")
        }
      }
      for path in ["/api/nothing", "/api/posts/x/y", "/api/posts/4242", "/nothing.js"] {
        let response = try await client.send(.get, path)
        #expect(response.status == .notFound, "\(path)")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(path)")
      }
    }
  }

  /// The width libvips reads from an encoded image's header.
  static func width(of bytes: [UInt8]) throws -> Int? {
    guard let format = ImageFormat(sniffing: bytes) else { return nil }
    return VipsImageRef.header(of: bytes, as: format)?.width
  }
}
