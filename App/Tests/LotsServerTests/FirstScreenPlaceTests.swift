import Foundation
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// A restaurant's page (`/r/{id}`) with its first screen: the page written as place-page.js
/// writes it, the restaurant and its first page of posts carried as their API serves them, the
/// cells laid out as Main's waterfall; every text a person wrote stays text. (That the page
/// takes itself over in place is the browser test test_first_screen.py.)
@Suite struct FirstScreenPlaceTests {
  /// The JSON of the data block `id` of a served document.
  static func block(_ id: String, in html: String) throws -> Data? {
    guard let start = html.range(of: #"<script type="application/json" id="\#(id)""#) else {
      return nil
    }
    let rest = html[start.upperBound...]
    let open = try #require(rest.range(of: ">"))
    let end = try #require(rest.range(of: "</script>"))
    return Data(rest[open.upperBound..<end.lowerBound].utf8)
  }

  @Test func aRestaurantsPageCarriesItsHeadAndFirstPostsAsTheAPIServesThem() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      // Given eighteen posts of one restaurant, and one of another.
      let ana = try await client.signUp("ana")
      let fields = ["restaurant": "Phở 24", "area": "Mitte"]
      var posts: [Post] = []
      for index in 0..<18 {
        var these = fields
        these["caption"] = "Bowl \(index)"
        let made = try await client.createPost(token: ana.token, fields: these)
        posts.append(try made.decode(Post.self))
      }
      _ = try await client.createPost(token: ana.token, fields: ["restaurant": "Elsewhere"])
      let id = posts[0].restaurantID
      // When a phone asks for its page,
      let response = try await client.send(.get, "/r/\(id)", headers: [.cookie: "lots-view=390x3"])
      #expect(response.status == .ok)
      let html = response.text
      // then the page is open, busy, named by its heading, with Back,
      #expect(html.components(separatedBy: #"<section id="place""#).count == 2)
      #expect(
        html.contains(
          #"<section id="place" class="page" aria-busy="true" aria-labelledby="place-title">"#))
      #expect(html.contains(#"aria-label="Back">← Back</button>"#))
      #expect(html.contains(#"<h2 id="place-title" tabindex="-1">Phở 24</h2>"#))
      // the area and the restaurant's count (more than the page carries),
      #expect(html.contains(#"<span class="place-area">Mitte</span>"#))
      #expect(html.contains(#"<span class="place-count">18 posts</span>"#))
      #expect(html.contains(#"aria-label="Save restaurant Phở 24, Mitte""#))
      // the restaurant as its API serves it,
      let carried = try #require(try Self.block("first-place", in: html))
      let served = try await client.send(.get, "/api/restaurants/\(id)")
      #expect(
        try JSONCoding.decoder().decode(Restaurant.self, from: carried)
          == served.decode(Restaurant.self))
      #expect(html.contains(#"id="first-place" data-id="\#(id)">"#))
      // and its first posts as its feed serves them, newest first, the other's not among them,
      let (path, page) = try #require(try FirstScreenListsTests.block(html))
      #expect(path == "/api/restaurants/\(id)/posts")
      #expect(!page.items.isEmpty && page.items.count < 18 && page.nextCursor != nil)
      let feed = try await client.send(
        .get, "/api/restaurants/\(id)/posts?limit=\(page.items.count)"
      ).decode(FeedPage.self)
      #expect(page.items.map(\.id) == feed.items.map(\.id))
      #expect(page.items.first?.id == posts.last?.id)
      // in the waterfall's cells, whose restaurant is no link on its own page.
      #expect(html.contains(#"<div class="place-list"><link rel="stylesheet""#))
      #expect(html.contains(#"aria-label="Posts of Phở 24""#))
      #expect(html.contains(#"<article id="fs-0""#))
      #expect(!html.contains(#"href="/r/\#(id)""#))
      #expect(html.contains(#"<a class="place"><b class="restaurant">Phở 24</b>"#))
      // The list beneath stays the bare shell's.
      #expect(html.contains(#"<main id="feed" aria-busy="true"></main>"#))
      // A restaurant no one has is still the not-found page.
      #expect(try await client.send(.get, "/r/999999").status == .notFound)
    }
  }

  @Test func aRestaurantWithFewPostsCountsWhatItShowsAndHidesAnUnknownArea() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let ana = try await client.signUp("ana")
      let post = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Curry Up"]
      ).decode(Post.self)
      let html = try await client.send(.get, "/r/\(post.restaurantID)").text
      #expect(html.contains(#"<span class="place-area" hidden></span>"#))
      #expect(html.contains(#"<span class="dot" aria-hidden="true" hidden> · </span>"#))
      #expect(html.contains(#"<span class="place-count">1 post</span>"#))
      #expect(html.contains(#"aria-label="Save restaurant Curry Up""#))
      let (_, page) = try #require(try FirstScreenListsTests.block(html))
      #expect(page.items.map(\.id) == [post.id] && page.nextCursor == nil)
    }
  }

  /// A reader who has the restaurant in a list gets its Save button pressed, "Saved
  /// restaurant", as the page draws it once it knows their lists (it keeps the server's until
  /// then); anyone else, and the reader once it is removed, gets "Save restaurant".
  @Test func aReaderWhoSavedTheRestaurantFindsItSaved() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let ana = try await client.signUp("ana")
      let bob = try await client.signUp("bob")
      let post = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Curry Up"]
      ).decode(Post.self)
      let path = "/r/\(post.restaurantID)"
      let pressed = #"class="place-save" aria-pressed="true""#
      let unpressed = #"class="place-save" aria-pressed="false""#
      let saved = #"data-saved><svg"#
      let words = (saved: "Saved restaurant</span>", not: ">Save restaurant</span>")
      for token in [nil, ana.token, bob.token] {
        let html = try await client.send(.get, path, token: token).text
        #expect(html.contains(unpressed) && !html.contains(saved) && html.contains(words.not))
      }
      // Bob saves it in a list of his own.
      let list = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Curries"}"#, token: bob.token
      ).decode(PocketList.self)
      let entry = try await client.send(
        .post, "/api/lists/\(list.id)/entries",
        json: #"{"restaurantId":\#(post.restaurantID)}"#, token: bob.token
      ).decode(ListEntry.self)
      let his = try await client.send(.get, path, token: bob.token).text
      #expect(his.contains(pressed) && his.contains(saved) && his.contains(words.saved))
      #expect(his.contains(#"aria-label="Save restaurant Curry Up""#))
      // Only his: Ana's page and a visitor's are as before.
      for token in [nil, ana.token] {
        let html = try await client.send(.get, path, token: token).text
        #expect(html.contains(unpressed) && !html.contains(saved) && html.contains(words.not))
      }
      // Removed, it is not saved.
      let removed = try await client.send(
        .delete, "/api/lists/\(list.id)/entries/\(entry.id)", token: bob.token)
      #expect(removed.status == .noContent || removed.status == .ok)
      let after = try await client.send(.get, path, token: bob.token).text
      #expect(after.contains(unpressed) && !after.contains(saved) && after.contains(words.not))
    }
  }

  @Test func everyTextAPersonWroteStaysTextOnARestaurantsPage() async throws {
    try await TestApp.run(FirstScreenListsTests.withWeb) { client in
      let ana = try await client.signUp("ana")
      for text in FirstScreenTests.hostile {
        let post = try await client.createPost(
          token: ana.token, fields: ["restaurant": text, "area": text, "caption": text]
        ).decode(Post.self)
        let response = try await client.send(.get, "/r/\(post.restaurantID)")
        #expect(response.status == .ok, "\(text)")
        let html = response.text
        // Markup outside the data blocks never holds the text as written,
        var markup = html
        for id in ["first-place", "first-page"] {
          let tag = #"<script type="application/json" id="\#(id)""#
          let start = try #require(markup.range(of: tag))
          let end = try #require(
            markup.range(of: "</script>", range: start.upperBound..<markup.endIndex))
          markup.removeSubrange(start.lowerBound..<end.upperBound)
        }
        #expect(!markup.contains(text), "\(text)")
        #expect(!html.contains("<img src=x") && !html.contains("<b>bold</b>"), "\(text)")
        // and the blocks parse back to what was written.
        let place = try JSONCoding.decoder().decode(
          Restaurant.self, from: try #require(try Self.block("first-place", in: html)))
        #expect(place.name == text.trimmingCharacters(in: .whitespaces), "\(text)")
        let (_, page) = try #require(try FirstScreenListsTests.block(html))
        #expect(page.items.first?.caption == text, "\(text)")
      }
    }
  }
}
