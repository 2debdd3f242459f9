import Foundation
import Hummingbird
import LotsCore

/// Restaurants: suggestions while typing (`GET /api/restaurants?q=`), one restaurant
/// (`GET /api/restaurants/{id}`) and its posts, a feed like the others
/// (`GET /api/restaurants/{id}/posts`).
struct RestaurantRoutes {
  let services: AppServices

  /// The longest query suggestions accept, in characters.
  static let maximumQueryLength = 100

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("restaurants") { request, context -> Response in
      let parameters = request.uri.queryParameters
      let query = parameters.get("q") ?? ""
      guard query.count <= Self.maximumQueryLength else {
        throw AppError.badRequest(
          "q must be at most \(Self.maximumQueryLength) characters long", field: "q")
      }
      var limit = 8
      if let text = parameters.get("limit") {
        guard let value = Int(text), (1...20).contains(value) else {
          throw AppError.badRequest("limit must be an integer from 1 to 20", field: "limit")
        }
        limit = value
      }
      let items = try await services.storage.restaurants(matching: query, limit: limit)
      return try RestaurantList(items: items).response(from: request, context: context)
    }
    router.get("restaurants/:id") { request, context -> Response in
      try await restaurant(context).response(from: request, context: context)
    }
    router.get("restaurants/:id/posts") { request, context -> Response in
      let found = try await restaurant(context)
      return try await FeedRoutes(services: services).page(
        .restaurant(id: found.id), request, context)
    }
  }

  /// The restaurant the path names, as the viewer sees it.
  /// - Throws: ``AppError`` 404 when there is none.
  private func restaurant(_ context: AppRequestContext) async throws -> Restaurant {
    guard let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
      let found = try await services.storage.restaurant(id: id, viewerID: context.user?.id)
    else { throw AppError.notFound("restaurant") }
    return found
  }
}

extension Restaurant: ResponseEncodable {}
extension RestaurantList: ResponseEncodable {}
