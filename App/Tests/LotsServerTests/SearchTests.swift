import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LotsCore
import Testing

@testable import LotsServer

/// Search over HTTP: posts by the words of their caption, restaurant and area (prefixes,
/// accents and case aside, every word required), newest first and paged; restaurants and
/// people; blocks and deletions respected; hostile text gets results or a 400, never a 5xx.
@Suite struct SearchTests {
  @Test func postsAreFoundByTheirWordsNewestFirst() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let bruno = try await client.signUp("bruno")
      var made: [String: Post] = [:]
      for (key, token, caption, place, area) in [
        ("pho", ana.token, "Beef phở with basil", "Phở Real", "Kreuzberg"),
        ("ramen", ana.token, "Miso ramen, extra egg", "Ramen Ya", "Mitte"),
        ("curry", bruno.token, "Green curry", "Thai Tanic", "Neukölln"),
        ("mine", bruno.token, "", "Café Ñandú", "Mitte"),
      ] {
        let response = try await client.createPost(
          token: token, fields: ["caption": caption, "restaurant": place, "area": area])
        made[key] = try response.decode(Post.self)
      }
      func ids(_ query: String, token: String? = nil) async throws -> [Int64] {
        let response = try await client.send(.get, "/api/search/posts?q=\(query)", token: token)
        #expect(response.status == .ok, "\(query): \(response.text)")
        return try response.decode(FeedPage.self).items.map(\.id)
      }
      #expect(try await ids("pho") == [made["pho"]!.id])
      #expect(try await ids("PH%E1%BB%9E") == [made["pho"]!.id])
      #expect(try await ids("bas") == [made["pho"]!.id], "a word being typed")
      #expect(
        try await ids("mitte") == [made["mine"]!.id, made["ramen"]!.id], "area, newest first")
      #expect(try await ids("miso%20mitte") == [made["ramen"]!.id], "every word")
      #expect(try await ids("nandu") == [made["mine"]!.id])
      #expect(try await ids("neukolln%20curry") == [made["curry"]!.id])
      #expect(try await ids("sushi").isEmpty)
      // ana blocks bruno: his posts leave her results; a deleted post leaves everyone's.
      _ = try await client.send(.put, "/api/users/bruno/block", token: ana.token)
      #expect(try await ids("mitte", token: ana.token) == [made["ramen"]!.id])
      _ = try await client.send(.delete, "/api/posts/\(made["ramen"]!.id)", token: ana.token)
      #expect(try await ids("miso").isEmpty)
    }
  }

  @Test func resultsArePagedWithoutLossOrRepeat() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      var posted: [Int64] = []
      for index in 0..<7 {
        let post = try await client.createPost(
          token: ana.token, fields: ["caption": "Noodles \(index)", "restaurant": "Kiyo"])
        posted.append(try post.decode(Post.self).id)
      }
      var seen: [Int64] = []
      var cursor: String?
      repeat {
        let after = cursor.map { "&cursor=\($0)" } ?? ""
        let page = try await client.send(.get, "/api/search/posts?q=noodle&limit=3\(after)")
        let decoded = try page.decode(FeedPage.self)
        seen += decoded.items.map(\.id)
        cursor = decoded.nextCursor
      } while cursor != nil
      #expect(seen == posted.reversed())
      let feedCursor = try await client.send(.get, "/api/feed?limit=1").decode(FeedPage.self)
      let wrong = try await client.send(
        .get, "/api/search/posts?q=noodle&cursor=\(feedCursor.nextCursor ?? "")")
      #expect(wrong.status == .badRequest)
    }
  }

  @Test func restaurantsAndPeopleAreSuggested() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      _ = try await client.signUp("anabel")
      _ = try await client.signUp("bruno")
      _ = try await client.createPost(
        token: ana.token, fields: ["restaurant": "Anatolia Grill", "area": "Wedding"])
      let found = try await client.send(.get, "/api/search?q=Ana").decode(SearchSuggestions.self)
      #expect(found.words == ["ana"])
      #expect(found.people.map(\.username) == ["ana", "anabel"])
      #expect(found.restaurants.map(\.name) == ["Anatolia Grill"])
      _ = try await client.send(.put, "/api/users/anabel/block", token: ana.token)
      let hers = try await client.send(.get, "/api/search?q=ana", token: ana.token)
      #expect(try hers.decode(SearchSuggestions.self).people.map(\.username) == ["ana"])
      let underscore = try await client.send(.get, "/api/search?q=a_a")
      #expect(try underscore.decode(SearchSuggestions.self).people.isEmpty, "_ is no wildcard")
    }
  }

  /// Query syntax of FTS5 and tsquery, punctuation alone, control characters, invalid UTF-8
  /// and a flood: each answers 200 with results or a 400 naming `q`.
  @Test func hostileQueriesGetResultsOrAClearRefusal() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      _ = try await client.createPost(
        token: ana.token, fields: ["caption": "pho or not", "restaurant": "Near Pho"])
      let hostile = [
        "%22", "%22pho", "pho%22%20OR%20%22x", "*", "pho*", "-pho", "NOT%20pho", "NEAR(pho%20or)",
        "pho%20OR", "AND", "%26%7C!", "'pho':*", "%3A*", "(((", "%5C", "%25", "_", "%00", "%FF%FE",
        "%C3%28", "e%CC%81%CC%81%CC%81", String(repeating: "a%20", count: 60),
        String(repeating: "%F0%9F%8D%9C", count: 100),
      ]
      for query in hostile {
        for path in ["/api/search/posts", "/api/search"] {
          let response = try await client.send(.get, "\(path)?q=\(query)")
          #expect(response.status == .ok, "\(path) \(query.prefix(40)): \(response.text)")
        }
      }
      let phrase = try await client.send(.get, "/api/search/posts?q=%22pho%20or%22")
      #expect(try phrase.decode(FeedPage.self).items.count == 1, "quotes are only punctuation")
      for query in [String(repeating: "a", count: 10_000), String(repeating: "pho%20", count: 51)]
      {
        for path in ["/api/search/posts", "/api/search"] {
          let response = try await client.send(.get, "\(path)?q=\(query)")
          #expect(response.status == .badRequest, "\(path) \(query.prefix(20))")
          #expect(try response.decode(ErrorBody.self).error.field == "q")
        }
      }
      for bad in ["limit=0", "limit=101", "cursor=nope"] {
        let response = try await client.send(.get, "/api/search/posts?q=pho&\(bad)")
        #expect(response.status == .badRequest, "\(bad)")
      }
    }
  }
}
