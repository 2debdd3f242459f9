import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Restaurants over HTTP: posting names one (picked by id, or by name and area, found again
/// whatever the spelling), suggestions while typing, a restaurant and its feed; bad input is a
/// 4xx naming its field, and changes nothing.
@Suite struct RestaurantRoutesTests {
  @Test func spellingsOfOnePlaceInOneAreaAreOneRestaurant() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let first = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Phở Real", "area": "Kreuzberg"])
      #expect(first.status == .created, "\(first.text)")
      let made = try first.decode(Post.self)
      #expect(made.restaurant == "Phở Real" && made.area == "Kreuzberg")
      for (name, area) in [("pho real", "KREUZBERG"), ("  PHO-REAL ", "kreuzberg ")] {
        let again = try await client.createPost(
          token: ana.token, fields: ["restaurant": name, "area": area])
        let post = try again.decode(Post.self)
        #expect(post.restaurantID == made.restaurantID)
        #expect(post.restaurant == "Phở Real" && post.area == "Kreuzberg")
      }
      // Another area is another place; so is another name.
      let mitte = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Pho Real", "area": "Mitte"]
      ).decode(Post.self)
      #expect(mitte.restaurantID != made.restaurantID)
      // Picked by id.
      let picked = try await client.createPost(
        token: ana.token,
        fields: ["restaurant": "", "restaurantId": "\(made.restaurantID)", "caption": "again"])
      #expect(picked.status == .created, "\(picked.text)")
      #expect(try picked.decode(Post.self).restaurantID == made.restaurantID)
      let place = try await client.send(.get, "/api/restaurants/\(made.restaurantID)")
      #expect(try place.decode(Restaurant.self).postCount == 4)
      #expect(try place.decode(Restaurant.self).name == "Phở Real")
    }
  }

  @Test func suggestionsIgnoreCaseAndAccentsAndMatchWordStarts() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      for (name, area, posts) in [
        ("Phở Real", "Kreuzberg", 1), ("Café Ñandú", "Mitte", 2), ("Big Pho House", "Mitte", 3),
        ("Sophie's", "Wedding", 1),
      ] {
        for _ in 0..<posts {
          let response = try await client.createPost(
            token: ana.token, fields: ["restaurant": name, "area": area])
          #expect(response.status == .created)
        }
      }
      func names(_ query: String) async throws -> [String] {
        let response = try await client.send(.get, "/api/restaurants?q=\(query)")
        #expect(response.status == .ok, "\(query): \(response.text)")
        return try response.decode(RestaurantList.self).items.map(\.name)
      }
      // Most posts first; "pho" is a word's start in both, not inside "Sophie's".
      #expect(try await names("pho") == ["Big Pho House", "Phở Real"])
      #expect(try await names("PH%E1%BB%9F") == ["Big Pho House", "Phở Real"])
      #expect(try await names("cafe%20nan") == ["Café Ñandú"])
      #expect(try await names("nandu") == ["Café Ñandú"])
      #expect(try await names("pho%20h") == ["Big Pho House"])
      for query in ["", "%20%20", "%25", "_", "%22", "*", "xyz", "NEAR", "-pho"] {
        #expect(try await names(query) == (query == "-pho" ? ["Big Pho House", "Phở Real"] : []))
      }
      let limited = try await client.send(.get, "/api/restaurants?q=p&limit=1")
      #expect(try limited.decode(RestaurantList.self).items.count == 1)
      for bad in ["limit=0", "limit=21", "limit=x", "q=" + String(repeating: "a", count: 101)] {
        let response = try await client.send(.get, "/api/restaurants?\(bad)")
        #expect(response.status == .badRequest, "\(bad)")
        #expect(response.errorMessage != nil)
      }
    }
  }

  @Test func badRestaurantFieldsAreRefusedAndMakeNothing() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let made = try await client.post(token: ana.token)
      let cases: [([String: String], String)] = [
        (["restaurantId": "\(made.restaurantID)"], "restaurantId"),  // beside a name
        (["restaurant": "", "restaurantId": "999999"], "restaurantId"),
        (["restaurant": "", "restaurantId": "-1"], "restaurantId"),
        (["restaurant": "", "restaurantId": "1e3"], "restaurantId"),
        (["restaurant": "", "restaurantId": "99999999999999999999"], "restaurantId"),
        (["restaurant": "!!!"], "restaurant"),
        (["area": String(repeating: "a", count: 61)], "area"),
        (["area": "two\nlines"], "area"),
        (["area": "\u{202E}evil"], "area"),
      ]
      for (fields, field) in cases {
        let response = try await client.createPost(token: ana.token, fields: fields)
        #expect(response.status == .badRequest, "\(fields): \(response.text)")
        #expect(try response.decode(ErrorBody.self).error.field == field, "\(fields)")
      }
      let feed = try await client.send(.get, "/api/feed").decode(FeedPage.self)
      #expect(feed.items.map(\.id) == [made.id])
      let all = try await client.send(.get, "/api/restaurants?q=a&limit=20")
      #expect(try all.decode(RestaurantList.self).items.count <= 1)
    }
  }

  /// A restaurant's feed holds its posts only, newest first, paged; the viewer's blocks and
  /// hidden posts apply to it and to its count.
  @Test func aRestaurantsFeedIsItsPostsAsTheViewerMaySeeThem() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      var ids: [Int64] = []
      var place: Int64 = 0
      for index in 0..<5 {
        let token = index % 2 == 0 ? ana.token : bruno.token
        let post = try await client.createPost(
          token: token, fields: ["restaurant": "Ramen Ya", "area": "Mitte"]
        ).decode(Post.self)
        ids.append(post.id)
        place = post.restaurantID
        _ = try await client.createPost(token: token, fields: ["restaurant": "Elsewhere"])
      }
      var seen: [Int64] = []
      var cursor: String?
      repeat {
        let query = cursor.map { "&cursor=\($0)" } ?? ""
        let page = try await client.send(.get, "/api/restaurants/\(place)/posts?limit=2\(query)")
        #expect(page.status == .ok, "\(page.text)")
        let decoded = try page.decode(FeedPage.self)
        seen += decoded.items.map(\.id)
        #expect(decoded.items.allSatisfy { $0.restaurantID == place })
        cursor = decoded.nextCursor
      } while cursor != nil
      #expect(seen == ids.reversed())
      // A cursor of another feed is refused.
      let main = try await client.send(.get, "/api/feed?limit=1").decode(FeedPage.self)
      let wrong = try await client.send(
        .get, "/api/restaurants/\(place)/posts?cursor=\(main.nextCursor ?? "")")
      #expect(wrong.status == .badRequest)
      // ana blocks bruno: his posts leave her view of the restaurant, and its count.
      _ = try await client.send(.put, "/api/users/bruno/block", token: ana.token)
      let hers = try await client.send(.get, "/api/restaurants/\(place)/posts", token: ana.token)
      #expect(try hers.decode(FeedPage.self).items.map(\.id) == [ids[4], ids[2], ids[0]])
      let counted = try await client.send(.get, "/api/restaurants/\(place)", token: ana.token)
      #expect(try counted.decode(Restaurant.self).postCount == 3)
      let anyone = try await client.send(.get, "/api/restaurants/\(place)")
      #expect(try anyone.decode(Restaurant.self).postCount == 5)
      for path in [
        "/api/restaurants/999999", "/api/restaurants/0", "/api/restaurants/x",
        "/api/restaurants/999999/posts", "/api/restaurants/-3/posts",
      ] {
        let response = try await client.send(.get, path)
        #expect(response.status == .notFound, "\(path)")
        #expect(response.errorMessage != nil)
      }
    }
  }

  /// `/r/{id}` is the app with the restaurant's title, and 404 where there is none.
  @Test func aRestaurantsPageHasItsTitle() async throws {
    try await TestApp.run(AppShellTests.withWeb) { client in
      let ana = try await client.signUp("ana")
      let post = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Taco <b>", "area": "Neukölln"]
      ).decode(Post.self)
      let page = try await client.send(.get, "/r/\(post.restaurantID)")
      #expect(page.status == .ok)
      #expect(page.text.contains("<title>Taco &lt;b&gt;, Neukölln · LOTs</title>"))
      #expect(page.text.contains("1 lunch at Taco &lt;b&gt;, Neukölln"))
      for path in ["/r/999999", "/r/abc", "/r/0"] {
        let missing = try await client.send(.get, path)
        #expect(missing.status == .notFound, "\(path)")
        #expect(missing.text.contains("<title>Not found · LOTs</title>"))
      }
    }
  }
}
