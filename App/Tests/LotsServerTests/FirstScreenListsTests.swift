import Foundation
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// The first screens of Inspire (the mosaic), Likes and profiles (the grid), beside Main's:
/// each page carries its list's first page as its API serves it, laid out as the page will
/// lay it out. (That the frames are the page engine's, to the bit, and that the engine takes
/// them over in place, is the browser test test_first_screen.py.)
@Suite struct FirstScreenListsTests {
  static var withWeb: ConfigurationChange { HostileRequestTests.withWeb }

  /// The data block of a served document: the path it names and its JSON.
  static func block(_ html: String) throws -> (path: String, page: FeedPage)? {
    guard let start = html.range(of: #"<script type="application/json" id="first-page""#)
    else { return nil }
    let rest = html[start.upperBound...]
    let path = try #require(rest.firstMatch(of: #/data-path="([^"]*)">/#))
    let end = try #require(rest.range(of: "</script>"))
    let json = rest[path.range.upperBound..<end.lowerBound]
    return (
      String(path.output.1), try JSONCoding.decoder().decode(FeedPage.self, from: Data(json.utf8))
    )
  }

  @Test func eachListsPageCarriesItsFirstPageAsItsAPIServesIt() async throws {
    try await TestApp.run(Self.withWeb) { client in
      // Given ana's twelve posts, five of them liked by bruno.
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      var posts: [Post] = []
      for index in 0..<12 {
        posts.append(try await client.post(token: ana.token, caption: "\(index)"))
      }
      for post in posts.prefix(5) {
        let liked = try await client.send(.put, "/api/posts/\(post.id)/like", token: bruno.token)
        #expect(liked.status == .ok)
      }
      for (path, token, api, kind, title) in [
        ("/inspire", nil, "/api/inspire", "mosaic", nil),
        ("/u/ana", nil, "/api/users/ana/posts", "grid", "@ana"),
        ("/likes", bruno.token, "/api/me/likes", "grid", "Your likes"),
      ] as [(String, String?, String, String, String?)] {
        // When the page is asked for by a phone,
        let response = try await client.send(
          .get, path, token: token, headers: [.cookie: "lots-view=390x3"])
        #expect(response.status == .ok, "\(path)")
        let html = response.text
        // then it opens the list laid out as the page lays it out,
        #expect(
          html.contains(#"<main id="feed" aria-busy="true" data-layout="\#(kind)">"#), "\(path)")
        #expect(html.components(separatedBy: #"<main id="feed""#).count == 2, "\(path): one list")
        // with its first page as the API serves it (no second fetch),
        let (named, page) = try #require(try Self.block(html), "\(path)")
        #expect(named == api)
        #expect(!page.items.isEmpty, "\(path)")
        let served = try await client.send(
          .get, "\(api)?limit=\(page.items.count)", token: token
        ).decode(FeedPage.self)
        #expect(page.items.map(\.id) == served.items.map(\.id), "\(path)")
        // the first screen's cells (the mosaic's photos have no caption),
        let cells = html.components(separatedBy: #"<article id="fs-"#).count - 1
        #expect(cells >= 1 && cells <= page.items.count, "\(path)")
        #expect(html.contains(#"<div class="caption">"#) == (kind != "mosaic"), "\(path)")
        // The header marks the list's own link as the page, as the page does (a visitor's
        // profile of another has none),
        let current = html.components(separatedBy: #" aria-current="page""#).count - 1
        let nav = path.dropFirst()
        #expect(current == (path == "/u/ana" ? 0 : 1), "\(path)")
        #expect(path == "/u/ana" || html.contains(#"data-nav="\#(nav)" aria-current="page""#))
        // and the heading the page shows above it.
        if let title {
          #expect(html.contains(#"<h2 id="list-title">\#(title)</h2>"#), "\(path)")
        } else {
          #expect(html.contains(#"<h2 id="list-title" hidden></h2>"#), "\(path)")
        }
      }
      // A visitor's Likes sends them to sign in: the bare document, nothing laid out.
      let visitor = try await client.send(.get, "/likes")
      #expect(visitor.status == .ok)
      #expect(try Self.block(visitor.text) == nil)
      #expect(visitor.text.contains(#"<main id="feed" aria-busy="true"></main>"#))
      // A profile no one has is still the not-found page.
      #expect(try await client.send(.get, "/u/nobody").status == .notFound)
    }
  }

  @Test func theMosaicIsNarrowerOnADesktopAndTheOthersAreAsWideAsTheList() {
    let phone = ViewportHint.phone
    var desktop = ViewportHint(width: 1280, scale: 1)
    #expect(FirstScreenLayout.width(of: .mosaic, in: phone) == 390)
    #expect(FirstScreenLayout.width(of: .mosaic, in: desktop) == 960)
    #expect(FirstScreenLayout.width(of: .grid, in: desktop) == 1280)
    // A scroll bar of 15 px: the list is 1265 wide, the mosaic's box 960 with its bar.
    desktop = ViewportHint(width: 1265, scale: 1, gutter: 15)
    #expect(FirstScreenLayout.width(of: .mosaic, in: desktop) == 945)
    #expect(FirstScreenLayout.width(of: .waterfall, in: desktop) == 1265)
    let frames = FirstScreenLayout.frames(
      of: [(400, 300), (300, 600)], in: desktop, kind: .mosaic)
    #expect(frames.width == 945)
  }

  @Test func theGridsCellsAreSquarePhotosWithTheirCaption() {
    let frames = FirstScreenLayout.frames(
      of: [(400, 300), (300, 600), (640, 480)], in: .phone, kind: .grid)
    for frame in frames.items {
      #expect(frame.height - frame.width == FirstScreenLayout.caption)
    }
    #expect(frames.items[0].y == frames.items[1].y && frames.items[1].x > frames.items[0].x)
  }

  @Test(arguments: [
    ("1265x1x15", ViewportHint(width: 1265, scale: 1, gutter: 15)),
    ("390x3x0", ViewportHint(width: 390, scale: 3)),
  ])
  func theCookieMaySayTheScrollBar(cookie: String, hint: ViewportHint) {
    #expect(ViewportHint.parse(cookie: cookie) == hint)
  }

  @Test(arguments: ["390x3x", "390x3x101", "390x3x1x1", "390x3x-1", "390x3xa"])
  func aScrollBarOutOfRangeIsNoHint(cookie: String) {
    #expect(ViewportHint.parse(cookie: cookie) == nil)
  }
}
