import Foundation
import Hummingbird
import LotsCore

/// Search: `GET /api/search?q=` (restaurants and people, for suggestions while typing and the
/// head of the results) and `GET /api/search/posts?q=` (posts, a feed page: newest first,
/// paged by cursor). Any text gets results or a 400 naming `q`; none reaches a database as
/// syntax (``SearchQuery``).
struct SearchRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("search") { request, context -> Response in
      let parameters = request.uri.queryParameters
      let query = try SearchQuery(parameters.get("q") ?? "")
      let limit = try Self.limit(parameters.get("limit"), default: 5, maximum: 10)
      async let restaurants =
        query.words.isEmpty
        ? []
        : services.storage.restaurants(matching: query.words.joined(separator: " "), limit: limit)
      async let people = services.storage.searchPeople(
        query, viewerID: context.user?.id, limit: limit)
      let found = SearchSuggestions(
        words: query.words, restaurants: try await restaurants, people: try await people)
      return try found.response(from: request, context: context)
    }
    router.get("search/posts") { request, context -> Response in
      let parameters = request.uri.queryParameters
      let query = try SearchQuery(parameters.get("q") ?? "")
      let limit = try Self.limit(parameters.get("limit"), default: 30, maximum: 100)
      var before: Int64?
      if let token = parameters.get("cursor") {
        guard case .keyset(_, _, let id) = try FeedCursor(token: token, feed: "search") else {
          throw AppError.badRequest("cursor is invalid for this feed")
        }
        before = id
      }
      let page = try await services.storage.searchPosts(
        query, viewerID: context.user?.id, before: before, limit: limit)
      return try page.response(from: request, context: context)
    }
  }

  /// A `limit` parameter from 1 to `maximum`.
  /// - Throws: ``AppError`` 400 (field `limit`) for anything else.
  static func limit(_ text: String?, default value: Int, maximum: Int) throws -> Int {
    guard let text else { return value }
    guard let limit = Int(text), (1...maximum).contains(limit) else {
      throw AppError.badRequest("limit must be an integer from 1 to \(maximum)", field: "limit")
    }
    return limit
  }
}

extension SearchSuggestions: ResponseEncodable {}
extension FeedPage: ResponseEncodable {}
