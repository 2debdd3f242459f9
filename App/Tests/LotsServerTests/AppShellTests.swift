import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Every page of the app by its own address, with its own title and link preview; an address
/// that names nothing is the app's "not found" page with status 404, JSON only under `/api/`.
@Suite struct AppShellTests {
  static var withWeb: ConfigurationChange { HostileRequestTests.withWeb }

  static func head(_ html: String) -> String {
    String(html[..<(html.range(of: "</head>")?.lowerBound ?? html.endIndex)])
  }

  @Test func unknownPagesAreTheAppsNotFoundPage() async throws {
    try await TestApp.run(Self.withWeb) { client in
      for path in ["/nope", "/u/nobody", "/p/99999", "/p/abc", "/deeper/still/nope"] {
        let response = try await client.send(.get, path)
        #expect(response.status == .notFound, "\(path)")
        #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
        #expect(response.text.contains("<title>Not found · LOTs</title>"), "\(path)")
        #expect(response.text.contains(#"<script type="module""#), "\(path): the app runs")
      }
      for path in ["/api/nope", "/api/users/nobody/posts", "/images/nope", "/app/missing.js"] {
        let response = try await client.send(.get, path)
        #expect(response.status == .notFound, "\(path)")
        #expect(response.errorMessage != nil, "\(path) stays JSON: \(response.text)")
      }
      // The app's own files are still served as they are.
      #expect(try await client.send(.get, "/app/app.css").status == .ok)
      #expect(try await client.send(.get, "/").status == .ok)
    }
  }

  /// A HEAD of a page is its GET without the body; files, the API and missing pages keep
  /// their own answers.
  @Test func aHeadOfAPageIsItsGetWithoutTheBody() async throws {
    try await TestApp.run(Self.withWeb) { client in
      for (path, status) in [
        ("/", HTTPResponse.Status.ok), ("/inspire", .ok), ("/print", .ok), ("/print/shop", .ok),
        ("/print/stores/999", .notFound), ("/nope", .notFound), ("/app/app.css", .ok),
      ] {
        let get = try await client.send(.get, path)
        let head = try await client.send(.head, path)
        #expect(get.status == status && head.status == status, "\(path): \(head.status)")
        #expect(head.body.readableBytes == 0, "\(path)")
        #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
        #expect(
          head.headers[.contentLength] == String(get.body.readableBytes),
          "\(path): \(head.headers)")
      }
      #expect(try await client.send(.head, "/api/nope").status == .notFound)
    }
  }

  @Test func eachPageHasItsTitleAndPreview() async throws {
    try await TestApp.run(Self.withWeb) { client in
      let jonas = try await client.signUp("jonas")
      let created = try await client.createPost(
        token: jonas.token,
        fields: ["restaurant": "Pasta La Vista", "caption": "Pho with extra basil, best in town"])
      let post = try created.decode(Post.self)
      let page = try await client.send(.get, "/p/\(post.id)")
      #expect(page.status == .ok)
      let head = Self.head(page.text)
      #expect(
        head.contains(
          "<title>Pasta La Vista — Pho with extra basil, best in town by @jonas · LOTs</title>"))
      #expect(head.contains(#"<meta property="og:image" content="http://"#))
      #expect(head.contains(post.photo.displayURL))
      #expect(head.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
      #expect(head.components(separatedBy: "<title>").count == 2, "one title")
      #expect(head.components(separatedBy: #"name="description""#).count == 2)
      for (path, title) in [
        ("/inspire", "Inspire · LOTs"), ("/likes", "Your likes · LOTs"),
        ("/u/jonas", "@jonas · LOTs"),
        ("/signin", "Sign in · LOTs"), ("/post", "New post · LOTs"),
      ] {
        let response = try await client.send(.get, path)
        #expect(response.status == .ok, "\(path)")
        #expect(Self.head(response.text).contains("<title>\(title)</title>"), "\(path)")
      }
    }
  }

  /// A caption or a name is text in the head, never markup, whatever it holds.
  @Test func userTextIsEscapedInTheHead() async throws {
    try await TestApp.run(Self.withWeb) { client in
      let ana = try await client.signUp("ana")
      let hostile = #"</title><script>alert(1)</script>"'&<img src=x onerror=alert(2)>"#
      let post = try await client.createPost(
        token: ana.token, fields: ["restaurant": #"Bob's "Grill" <b>"#, "caption": hostile]
      ).decode(Post.self)
      let head = Self.head(try await client.send(.get, "/p/\(post.id)").text)
      #expect(!head.contains("<script>alert"))
      #expect(!head.contains("<img"))
      #expect(!head.contains("<b>"))
      #expect(head.contains("&lt;/title&gt;&lt;script&gt;"))
      #expect(head.contains("Bob&#39;s &quot;Grill&quot; &lt;b&gt;"))
    }
  }

  /// A post hidden pending review is not previewed to strangers: 404, as its API says.
  @Test func aPostOthersCannotSeeIsNotFound() async throws {
    try await TestApp.run(Self.withWeb) { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let post = try await client.post(token: ana.token)
      #expect(try await client.send(.get, "/p/\(post.id)", token: bruno.token).status == .ok)
      let deleted = try await client.send(.delete, "/api/posts/\(post.id)", token: ana.token)
      #expect(deleted.status == .noContent)
      #expect(try await client.send(.get, "/p/\(post.id)", token: bruno.token).status == .notFound)
    }
  }

  @Test(arguments: [
    ("Pho", 40, "Pho"),
    ("Salmon poke bowl, best lunch this week and then some", 30, "Salmon poke bowl, best lunch…"),
    (String(repeating: "x", count: 50), 10, String(repeating: "x", count: 9) + "…"),
    ("two\nlines", 40, "two lines"),
  ])
  func excerpts(_ text: String, _ limit: Int, _ expected: String) {
    #expect(PageHead.excerpt(text, limit: limit) == expected)
    #expect(PageHead.excerpt(text, limit: limit).count <= limit)
  }
}
