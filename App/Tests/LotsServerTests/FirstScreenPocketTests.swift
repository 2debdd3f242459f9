import Foundation
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// A pocket list's page (`/lists/{id}`, `/s/{token}`) with its first screen: the layer
/// written as pocket-list.js writes it (the owner's tools only for the owner), the list's
/// first page carried as its API serves it, its entries (posts and restaurants, with notes)
/// laid out in the reader's layout; every text a person wrote stays text. (That the page takes
/// itself over in place is the browser test test_first_screen.py.)
@Suite struct FirstScreenPocketTests {
  /// ana's list "Date night" of twelve posts (the newest with a note) and a restaurant, shared.
  static func dateNight(_ client: some TestClientProtocol, name: String = "Date night")
    async throws -> (owner: Session, list: PocketList, posts: [Post])
  {
    let ana = try await client.signUp("ana")
    let list = try await client.send(
      .post, "/api/me/lists", json: #"{"name":\#(try jsonString(name))}"#, token: ana.token
    ).decode(PocketList.self)
    var posts: [Post] = []
    for index in 0..<12 {
      let post = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Place \(index)", "caption": "Dish \(index)"]
      ).decode(Post.self)
      posts.append(post)
      let note = index == 11 ? #","note":\#(try jsonString("the <b>miso</b> one"))"# : ""
      let saved = try await client.send(
        .post, "/api/lists/\(list.id)/entries", json: #"{"postId":\#(post.id)\#(note)}"#,
        token: ana.token)
      #expect(saved.status == .created || saved.status == .ok, "\(saved.text)")
    }
    _ = try await client.send(
      .post, "/api/lists/\(list.id)/entries",
      json: #"{"restaurantId":\#(posts[0].restaurantID)}"#, token: ana.token)
    let shared = try await client.send(.put, "/api/lists/\(list.id)/share", token: ana.token)
      .decode(PocketList.self)
    return (ana, shared, posts)
  }

  /// The path a served document's first page names.
  static func dataPath(_ html: String) throws -> String {
    let match = try #require(html.firstMatch(of: #/id="first-page" data-path="([^"]*)">/#))
    return String(match.output.1)
  }

  /// A string as JSON.
  static func jsonString(_ text: String) throws -> String {
    String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
  }

  @Test func anOwnersListCarriesItsHeadToolsAndFirstEntriesAsTheAPIServesThem() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let (ana, list, _) = try await Self.dateNight(client)
      // When its owner opens it on a phone,
      let response = try await client.send(
        .get, "/lists/\(list.id)", token: ana.token, headers: [.cookie: "lots-view=390x3"])
      #expect(response.status == .ok)
      // (theirs alone: never stored),
      #expect(response.headers[.cacheControl] == "no-store")
      let html = response.text
      // then the layer is open, busy, named by its heading, with the owner's tools,
      #expect(
        html.contains(
          #"<section id="pocket" class="page" aria-busy="true" aria-labelledby="pocket-title">"#))
      #expect(html.contains(#"<h2 id="pocket-title" tabindex="-1">Date night</h2>"#))
      #expect(html.contains(#"<button type="button" class="rename">Rename</button>"#))
      #expect(html.contains(#"<p class="pocket-meta">13 places · Shared</p>"#))
      #expect(html.contains(#"aria-expanded="false">Shared link</button>"#))
      #expect(html.contains(#"<button type="button" class="delete danger">Delete list</button>"#))
      #expect(html.contains(#"id="reorder-hint""#))
      // in the waterfall (the reader chose nothing else), the owner's room below each entry,
      #expect(html.contains(#"<div class="pocket-list owned" data-layout="waterfall">"#))
      #expect(html.contains(#"data-kind="waterfall" aria-pressed="true">Waterfall"#))
      // its first page as its API serves it,
      let path = try Self.dataPath(html)
      #expect(path == "/api/lists/\(list.id)")
      let carried = try JSONCoding.decoder().decode(
        ListPage.self, from: try #require(try FirstScreenPlaceTests.block("first-page", in: html)))
      #expect(!carried.items.isEmpty && carried.items.count < 13 && carried.nextCursor != nil)
      let served = try await client.send(
        .get, "\(path)?limit=\(carried.items.count)", token: ana.token
      ).decode(ListPage.self)
      #expect(carried.items.map(\.id) == served.items.map(\.id))
      #expect(carried.list.name == "Date night")
      // the restaurant as a card linking to its page, the note as text, the owner's buttons,
      #expect(html.contains(#"class="cv-cell post place-entry""#))
      #expect(html.contains(#"<span class="meta">Restaurant</span>"#))
      #expect(html.contains(#"<p class="entry-note">the &lt;b&gt;miso&lt;/b&gt; one</p>"#))
      #expect(html.contains(#">Edit note</button>"#) && html.contains(#">Add note</button>"#))
      #expect(html.contains(#"aria-label="Remove Place 0 from Date night">Remove</button>"#))
      // and the header's Lists is the current page.
      #expect(html.contains(#"data-nav="lists" aria-current="page" id="lists-link">"#))
      #expect(html.components(separatedBy: #"aria-current="page""#).count == 2)
      // A reader who chose the grid gets the grid.
      let grid = try await client.send(
        .get, "/lists/\(list.id)", token: ana.token,
        headers: [.cookie: "lots-view=390x3; lots-list-layout=grid"]
      ).text
      #expect(grid.contains(#"<div class="pocket-list owned" data-layout="grid">"#))
      #expect(grid.contains(#"data-kind="grid" aria-pressed="true">Grid"#))
      // Someone else's list is as missing as none.
      let bruno = try await client.signUp("bruno")
      #expect(
        try await client.send(.get, "/lists/\(list.id)", token: bruno.token).status == .notFound)
    }
  }

  @Test func aSharedListShowsNoToolsAndItsWantToTryHasNoRenameOrDelete() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let (ana, list, _) = try await Self.dateNight(client)
      let token = try #require(list.shareToken)
      // A visitor opening the link sees the list, not its tools.
      let visited = try await client.send(.get, "/s/\(token)")
      #expect(visited.headers[.cacheControl] == "no-cache")
      let html = visited.text
      #expect(html.contains(#"<h2 id="pocket-title" tabindex="-1">Date night</h2>"#))
      #expect(html.contains(#"<p class="pocket-meta">13 places</p>"#))
      #expect(html.contains("A list shared with you: you can look, not change it."))
      #expect(!html.contains(#"class="rename""#) && !html.contains(#"class="delete"#))
      #expect(html.contains(#"<div class="pocket-list" data-layout="waterfall">"#))
      #expect(html.contains(#"<div class="entry-actions" hidden>"#))
      #expect(!html.contains(#"aria-current="page""#))
      #expect(try Self.dataPath(html) == "/api/shared/\(token)")
      let page = try JSONCoding.decoder().decode(
        ListPage.self, from: try #require(try FirstScreenPlaceTests.block("first-page", in: html)))
      #expect(page.list.shareToken == nil && !page.items.isEmpty)
      // Want to try cannot be renamed or deleted: its buttons are there, hidden, as the page
      // leaves them.
      let want = try #require(
        try await client.send(.get, "/api/me/lists", token: ana.token).decode(PocketLists.self)
          .items.first { $0.kind == .wantToTry })
      let own = try await client.send(.get, "/lists/\(want.id)", token: ana.token).text
      #expect(own.contains(#"<button type="button" class="rename" hidden>Rename</button>"#))
      #expect(own.contains(#"class="delete danger" hidden>"#))
      #expect(own.contains(#"<p class="pocket-meta">0 places</p>"#))
    }
  }

  @Test func everyTextAPersonWroteStaysTextOnAListsPage() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let hostile = #"</script><img src=x onerror=alert(1)> & "q""#
      let (ana, list, _) = try await Self.dateNight(client, name: hostile)
      let html = try await client.send(.get, "/lists/\(list.id)", token: ana.token).text
      #expect(!html.contains("<img src=x") && !html.contains("<b>miso"))
      // The module's end and the data block's: the name closes no script.
      #expect(html.components(separatedBy: "</script>").count == 3)
      let carried = try JSONCoding.decoder().decode(
        ListPage.self, from: try #require(try FirstScreenPlaceTests.block("first-page", in: html)))
      #expect(carried.list.name == hostile)
    }
  }
}
