import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Pocket lists over HTTP: "Want to try" and named lists, saving posts and restaurants with a
/// note, sharing by link; private lists are invisible to everyone else; bad input is a 4xx and
/// changes nothing.
@Suite struct ListRoutesTests {
  @Test func listsAreMadeNamedRenamedAndDeleted() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      var lists = try await client.send(.get, "/api/me/lists", token: ana.token)
      #expect(try lists.decode(PocketLists.self).items.map(\.name) == ["Want to try"])
      let want = try lists.decode(PocketLists.self).items[0]
      #expect(want.kind == .wantToTry && want.entryCount == 0 && !want.shared)
      let date = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Date night"}"#, token: ana.token)
      #expect(date.status == .created)
      let made = try date.decode(PocketList.self)
      _ = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Ramen run"}"#, token: ana.token)
      lists = try await client.send(.get, "/api/me/lists", token: ana.token)
      #expect(
        try lists.decode(PocketLists.self).items.map(\.name)
          == ["Want to try", "Ramen run", "Date night"])
      // Names are one's own, whatever their case or accents; "Want to try" is taken.
      for name in ["date NIGHT", "Want to try", "wánt-to-try"] {
        let taken = try await client.send(
          .post, "/api/me/lists", json: #"{"name":"\#(name)"}"#, token: ana.token)
        #expect(taken.status == .conflict, "\(name)")
        #expect(try taken.decode(ErrorBody.self).error.field == "name")
      }
      let renamed = try await client.send(
        .patch, "/api/lists/\(made.id)", json: #"{"name":"Date nights"}"#, token: ana.token)
      #expect(try renamed.decode(PocketList.self).name == "Date nights")
      for method in [HTTPRequest.Method.patch, .delete] {
        let fixed = try await client.send(
          method, "/api/lists/\(want.id)", json: #"{"name":"Mine"}"#, token: ana.token)
        #expect(fixed.status == .conflict, "\(method)")
      }
      #expect(
        try await client.send(.delete, "/api/lists/\(made.id)", token: ana.token).status
          == .noContent)
      lists = try await client.send(.get, "/api/me/lists", token: ana.token)
      #expect(
        try lists.decode(PocketLists.self).items.map(\.name) == ["Want to try", "Ramen run"])
      #expect(try await client.send(.get, "/api/me/lists").status == .unauthorized)
    }
  }

  @Test func postsAndRestaurantsAreSavedOnceWithANote() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let post = try await client.post(token: bruno.token, caption: "Miso ramen")
      let want = try await Self.wantToTry(client, ana.token)
      let other = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Later"}"#, token: ana.token
      ).decode(PocketList.self)
      let saved = try await client.send(
        .post, "/api/lists/\(want.id)/entries",
        json: #"{"postId":\#(post.id),"note":"the miso ramen, not the shoyu"}"#, token: ana.token)
      #expect(saved.status == .created, "\(saved.text)")
      let entry = try saved.decode(ListEntry.self)
      #expect(entry.post?.id == post.id && entry.note == "the miso ramen, not the shoyu")
      // Saving again changes nothing and answers the entry there.
      let again = try await client.send(
        .post, "/api/lists/\(want.id)/entries", json: #"{"postId":\#(post.id)}"#,
        token: ana.token)
      #expect(again.status == .ok)
      #expect(try again.decode(ListEntry.self).id == entry.id)
      // In several lists; the post's page asks where.
      _ = try await client.send(
        .post, "/api/lists/\(other.id)/entries", json: #"{"postId":\#(post.id)}"#,
        token: ana.token)
      let places = try await client.send(.get, "/api/me/saved?postId=\(post.id)", token: ana.token)
      #expect(try places.decode(SavedPlaces.self).items.map(\.listID) == [want.id, other.id])
      // A restaurant, with its newest photo as cover.
      let place = try await client.send(
        .post, "/api/lists/\(want.id)/entries",
        json: #"{"restaurantId":\#(post.restaurantID)}"#, token: ana.token)
      #expect(place.status == .created)
      let placeEntry = try place.decode(ListEntry.self)
      #expect(placeEntry.restaurant?.id == post.restaurantID)
      #expect(placeEntry.cover?.displayURL == post.photo.displayURL)
      // The index of lists says of each list what its own page says (count, cover: a post's
      // photo, a restaurant's newest, or none).
      _ = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Empty"}"#, token: ana.token)
      let placesList = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Places"}"#, token: ana.token
      ).decode(PocketList.self)
      _ = try await client.send(
        .post, "/api/lists/\(placesList.id)/entries",
        json: #"{"restaurantId":\#(post.restaurantID)}"#, token: ana.token)
      let index = try await client.send(.get, "/api/me/lists", token: ana.token)
        .decode(PocketLists.self).items
      #expect(index.map(\.name) == ["Want to try", "Places", "Empty", "Later"])
      #expect(index.map { $0.cover != nil } == [true, true, false, true])
      for list in index {
        let own = try await client.send(.get, "/api/lists/\(list.id)", token: ana.token)
        #expect(try own.decode(ListPage.self).list == list, "\(list.name)")
      }
      // Newest first; the note changes; an entry goes.
      var page = try await client.send(.get, "/api/lists/\(want.id)", token: ana.token)
      var decoded = try page.decode(ListPage.self)
      #expect(decoded.items.map(\.id) == [placeEntry.id, entry.id])
      #expect(decoded.list.entryCount == 2 && decoded.list.cover != nil)
      let noted = try await client.send(
        .patch, "/api/lists/\(want.id)/entries/\(entry.id)", json: #"{"note":"shoyu after all"}"#,
        token: ana.token)
      #expect(try noted.decode(ListEntry.self).note == "shoyu after all")
      #expect(
        try await client.send(
          .delete, "/api/lists/\(want.id)/entries/\(placeEntry.id)", token: ana.token
        ).status == .noContent)
      page = try await client.send(.get, "/api/lists/\(want.id)", token: ana.token)
      decoded = try page.decode(ListPage.self)
      #expect(decoded.items.map(\.note) == ["shoyu after all"])
      // A deleted post leaves every list at once.
      _ = try await client.send(.delete, "/api/posts/\(post.id)", token: bruno.token)
      page = try await client.send(.get, "/api/lists/\(other.id)", token: ana.token)
      #expect(try page.decode(ListPage.self).items.isEmpty)
      let gone = try await client.send(.get, "/api/me/saved?postId=\(post.id)", token: ana.token)
      #expect(try gone.decode(SavedPlaces.self).items.isEmpty)
    }
  }

  /// Every route of a private list answers someone else 404, exactly as for a list that does
  /// not exist, and changes nothing.
  @Test func aPrivateListIsNotFoundForAnyoneElse() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let post = try await client.post(token: ana.token)
      let list = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Secret spots"}"#, token: ana.token
      ).decode(PocketList.self)
      let entry = try await client.send(
        .post, "/api/lists/\(list.id)/entries", json: #"{"postId":\#(post.id)}"#,
        token: ana.token
      ).decode(ListEntry.self)
      let base = "/api/lists/\(list.id)"
      let missing = "/api/lists/999999"
      let routes: [(HTTPRequest.Method, String, String?)] = [
        (.get, "", nil), (.patch, "", #"{"name":"Mine now"}"#), (.delete, "", nil),
        (.put, "/share", nil), (.delete, "/share", nil),
        (.post, "/entries", #"{"postId":\#(post.id)}"#),
        (.patch, "/entries/\(entry.id)", #"{"note":"x"}"#),
        (.delete, "/entries/\(entry.id)", nil),
        (.put, "/entries/\(entry.id)/position", #"{"after":null}"#),
      ]
      for (method, path, json) in routes {
        let theirs = try await client.send(method, base + path, json: json, token: bruno.token)
        let none = try await client.send(method, missing + path, json: json, token: bruno.token)
        #expect(theirs.status == .notFound, "\(method) \(path)")
        #expect(theirs.text == none.text, "\(method) \(path): the same as no list at all")
      }
      let brunos = try await client.send(.get, "/api/me/lists", token: bruno.token)
      #expect(try brunos.decode(PocketLists.self).items.map(\.name) == ["Want to try"])
      let saved = try await client.send(
        .get, "/api/me/saved?postId=\(post.id)", token: bruno.token)
      #expect(try saved.decode(SavedPlaces.self).items.isEmpty)
      let page = try await client.send(.get, base, token: ana.token).decode(ListPage.self)
      #expect(page.list.name == "Secret spots" && page.items.map(\.id) == [entry.id])
      #expect(page.list.version == list.version + 1 && !page.list.shared)
    }
  }

  @Test func aSharedLinkIsReadOnlyRevocableAndRespectsTheReader() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let carla = try await client.signUp("carla")
      let dara = try await client.signUp("dara")
      let mine = try await client.post(token: ana.token, caption: "mine")
      let hers = try await client.post(token: carla.token, caption: "hers")
      let list = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Best of Mitte"}"#, token: ana.token
      ).decode(PocketList.self)
      for id in [mine.id, hers.id] {
        _ = try await client.send(
          .post, "/api/lists/\(list.id)/entries", json: #"{"postId":\#(id)}"#, token: ana.token)
      }
      let shared = try await client.send(.put, "/api/lists/\(list.id)/share", token: ana.token)
        .decode(PocketList.self)
      let token = try #require(shared.shareToken)
      #expect(shared.shared && token.count == 32)
      let again = try await client.send(.put, "/api/lists/\(list.id)/share", token: ana.token)
      #expect(try again.decode(PocketList.self).shareToken == token)
      // Signed out: the list, without its token.
      let open = try await client.send(.get, "/api/shared/\(token)").decode(ListPage.self)
      #expect(open.list.name == "Best of Mitte" && open.list.shareToken == nil && open.list.shared)
      #expect(open.items.compactMap(\.post?.id) == [hers.id, mine.id])
      // dara blocks carla: carla's post leaves dara's view, and its count.
      _ = try await client.send(.put, "/api/users/carla/block", token: dara.token)
      let daras = try await client.send(.get, "/api/shared/\(token)", token: dara.token)
        .decode(ListPage.self)
      #expect(daras.items.compactMap(\.post?.id) == [mine.id] && daras.list.entryCount == 1)
      // Someone ana blocks does not get her list.
      _ = try await client.send(.put, "/api/users/dara/block", token: ana.token)
      #expect(
        try await client.send(.get, "/api/shared/\(token)", token: dara.token).status == .notFound)
      // Read-only: the link gives no way to write, and the list's own routes stay 404.
      let write = try await client.send(
        .post, "/api/lists/\(list.id)/entries", json: #"{"postId":\#(hers.id)}"#,
        token: carla.token)
      #expect(write.status == .notFound)
      for bad in [
        "nope", String(repeating: "A", count: 32), token + "x",
        String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A"),
      ] {
        #expect(try await client.send(.get, "/api/shared/\(bad)").status == .notFound, "\(bad)")
      }
      for climbing in ["/api/shared/../me/lists", "/api/shared/%2E%2E"] {
        let response = try await client.send(.get, climbing, token: ana.token)
        #expect((400..<500).contains(Int(response.status.code)), "\(climbing): \(response.status)")
      }
      // Revoked: the link is dead; sharing again makes a new one.
      let revoked = try await client.send(.delete, "/api/lists/\(list.id)/share", token: ana.token)
      #expect(try revoked.decode(PocketList.self).shareToken == nil)
      #expect(try await client.send(.get, "/api/shared/\(token)").status == .notFound)
      let renewed = try await client.send(.put, "/api/lists/\(list.id)/share", token: ana.token)
      #expect(try renewed.decode(PocketList.self).shareToken != token)
    }
  }

  @Test func badInputIsRefusedAndChangesNothing() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let post = try await client.post(token: ana.token)
      let want = try await Self.wantToTry(client, ana.token)
      let entry = try await client.send(
        .post, "/api/lists/\(want.id)/entries", json: #"{"postId":\#(post.id)}"#,
        token: ana.token
      ).decode(ListEntry.self)
      let flood = "e" + String(repeating: "\u{301}", count: 300)
      for (json, field) in [
        (#"{"name":""}"#, "name"), (#"{"name":"\#(String(repeating: "x", count: 61))"}"#, "name"),
        (#"{"name":"two\nlines"}"#, "name"), (#"{"name":"\u0007bell"}"#, "name"),
        (#"{"name":"\#(flood)"}"#, "name"), (#"{"name":"x","extra":1}"#, nil),
        (#"{"name":3}"#, nil), ("[]", nil),
      ] as [(String, String?)] {
        let response = try await client.send(.post, "/api/me/lists", json: json, token: ana.token)
        #expect(response.status == .badRequest, "\(json)")
        if let field { #expect(try response.decode(ErrorBody.self).error.field == field) }
      }
      let entries = "/api/lists/\(want.id)/entries"
      for json in [
        #"{"postId":\#(post.id),"note":"\#(String(repeating: "n", count: 501))"}"#,
        #"{"postId":\#(post.id),"restaurantId":1}"#, "{}", #"{"postId":"1"}"#,
      ] {
        let response = try await client.send(.post, entries, json: json, token: ana.token)
        #expect(response.status == .badRequest, "\(json)")
      }
      // A post one may not see, a restaurant that does not exist: 404.
      _ = try await client.send(.put, "/api/users/ana/block", token: bruno.token)
      let brunosWant = try await Self.wantToTry(client, bruno.token)
      for json in [#"{"postId":\#(post.id)}"#, #"{"postId":999999}"#, #"{"restaurantId":999999}"#]
      {
        let response = try await client.send(
          .post, "/api/lists/\(brunosWant.id)/entries", json: json, token: bruno.token)
        #expect(response.status == .notFound, "\(json)")
      }
      // Moves: after itself 400; after an entry not in the list, or of an entry not in it, 404.
      let position = "\(entries)/\(entry.id)/position"
      let itself = try await client.send(
        .put, position, json: #"{"after":\#(entry.id)}"#, token: ana.token)
      #expect(itself.status == .badRequest)
      let stranger = try await client.send(
        .put, position, json: #"{"after":999999}"#, token: ana.token)
      #expect(stranger.status == .notFound)
      let unknown = try await client.send(
        .put, "\(entries)/999999/position", json: #"{"after":null}"#, token: ana.token)
      #expect(unknown.status == .notFound)
      let page = try await client.send(.get, "/api/lists/\(want.id)", token: ana.token)
        .decode(ListPage.self)
      #expect(page.list.version == want.version + 1, "only the save changed the list")
      #expect(page.items.map(\.id) == [entry.id] && page.items[0].note == "")
      #expect(try await Self.wantToTry(client, bruno.token).entryCount == 0)
    }
  }

  @Test func aPersonKeepsAtMostAHundredLists() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      for index in 1..<ListLimits.lists {
        let made = try await client.send(
          .post, "/api/me/lists", json: #"{"name":"List \#(index)"}"#, token: ana.token)
        #expect(made.status == .created)
      }
      let one = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"One more"}"#, token: ana.token)
      #expect(one.status == .conflict)
      #expect(one.errorMessage?.contains("100") == true)
      let lists = try await client.send(.get, "/api/me/lists", token: ana.token)
      #expect(try lists.decode(PocketLists.self).items.count == ListLimits.lists)
    }
  }

  static func wantToTry(_ client: some TestClientProtocol, _ token: String) async throws
    -> PocketList
  {
    let lists = try await client.send(.get, "/api/me/lists", token: token)
    return try lists.decode(PocketLists.self).items[0]
  }
}

/// `/lists`, `/lists/{id}` and `/s/{token}` are the app with the list's title; someone else's
/// list, an unknown one and a dead link are the Not found page.
@Suite struct ListPagesTests {
  @Test func aListsPageIsItsOwnersAndItsLinksAlone() async throws {
    try await TestApp.run(AppShellTests.withWeb) { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      let list = try await client.send(
        .post, "/api/me/lists", json: #"{"name":"Date <night>"}"#, token: ana.token
      ).decode(PocketList.self)
      #expect(try await client.send(.get, "/lists").text.contains("<title>Your lists · LOTs"))
      let own = try await client.send(.get, "/lists/\(list.id)", token: ana.token)
      #expect(own.status == .ok && own.text.contains("<title>Date &lt;night&gt; · LOTs</title>"))
      for token in [bruno.token, nil] {
        let other = try await client.send(.get, "/lists/\(list.id)", token: token)
        #expect(other.status == .notFound)
        #expect(!other.text.contains("Date"), "the name does not leak")
      }
      let shared = try await client.send(.put, "/api/lists/\(list.id)/share", token: ana.token)
      let link = try shared.decode(PocketList.self).shareToken ?? ""
      let open = try await client.send(.get, "/s/\(link)")
      #expect(open.status == .ok && open.text.contains("<title>Date &lt;night&gt; · LOTs</title>"))
      _ = try await client.send(.delete, "/api/lists/\(list.id)/share", token: ana.token)
      for path in ["/s/\(link)", "/s/nope", "/lists/999999", "/lists/x"] {
        #expect(try await client.send(.get, path, token: ana.token).status == .notFound, "\(path)")
      }
    }
  }
}
