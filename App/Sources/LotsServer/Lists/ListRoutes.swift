import Foundation
import Hummingbird
import LotsCore

/// Pocket lists: one's own lists (`/api/me/lists`), a list and its entries (`/api/lists/{id}`:
/// its owner's alone, 404 for anyone else), saving, notes, moves and sharing, and a list
/// shared by link (`/api/shared/{token}`, read-only).
struct ListRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("me/lists") { request, context -> Response in
      let user = try context.requireUser()
      let lists = try await services.storage.lists(ownerID: user.id)
      return try PocketLists(items: lists).response(from: request, context: context)
    }
    router.post("me/lists") { request, context -> EditedResponse<PocketList> in
      let user = try context.requireUser()
      let name = try await Self.name(request, services)
      let list = try await services.storage.createList(ownerID: user.id, name: name, now: Date())
      return EditedResponse(status: .created, response: list)
    }
    router.get("me/saved") { request, context -> Response in
      let user = try context.requireUser()
      let query = request.uri.queryParameters
      let target = try Self.savedTarget(
        post: query.get("postId"), restaurant: query.get("restaurantId"))
      let places = try await services.storage.savedPlaces(target, ownerID: user.id)
      return try places.response(from: request, context: context)
    }
    router.get("lists/:id") { request, context -> Response in
      let user = try context.requireUser()
      let access = ListAccess.owner(listID: try Self.id(context, "id"), ownerID: user.id)
      return try await page(access, request, context)
    }
    router.patch("lists/:id") { request, context -> PocketList in
      let user = try context.requireUser()
      let id = try Self.id(context, "id")
      let name = try await Self.name(request, services)
      return try await services.storage.renameList(
        id: id, ownerID: user.id, name: name, now: Date())
    }
    router.delete("lists/:id") { _, context -> Response in
      let user = try context.requireUser()
      try await services.storage.deleteList(
        id: try Self.id(context, "id"), ownerID: user.id, now: Date())
      return Response(status: .noContent)
    }
    for (method, shared) in [(HTTPRequest.Method.put, true), (.delete, false)] {
      router.on("lists/:id/share", method: method) { _, context -> PocketList in
        let user = try context.requireUser()
        return try await services.storage.setShared(
          shared, id: try Self.id(context, "id"), ownerID: user.id, now: Date())
      }
    }
    ListEntryRoutes(services: services).register(on: router)
    router.get("shared/:token") { request, context -> Response in
      let token = context.parameters.get("token") ?? ""
      guard ShareToken.isWellFormed(token) else { throw AppError.notFound("list") }
      return try await page(.shared(token: token), request, context)
    }
  }

  /// A page of a list, or 404.
  private func page(_ access: ListAccess, _ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    let query = request.uri.queryParameters
    var limit = 30
    if let text = query.get("limit") {
      guard let value = Int(text), (1...100).contains(value) else {
        throw AppError.badRequest("limit must be an integer from 1 to 100", field: "limit")
      }
      limit = value
    }
    let cursor = try query.get("cursor").map { try FeedCursor(token: $0, feed: "list") }
    guard
      let page = try await services.storage.listPage(
        access, viewerID: context.user?.id, cursor: cursor, limit: limit)
    else { throw AppError.notFound("list") }
    return try page.response(from: request, context: context)
  }

  /// A list's name from the body: the caption's rules, 1–60 characters on one line.
  static func name(_ request: Request, _ services: AppServices) async throws -> String {
    var request = request
    let body = try await request.decodeStrictly(
      ListNameRequest.self, within: services.configuration.requestBodyTimeout)
    do {
      return try Validation.text(body.name, field: "name", length: 1...60)
    } catch {
      throw AppError(error)
    }
  }

  /// A positive id from the path, or 404.
  static func id(_ context: AppRequestContext, _ name: String) throws -> Int64 {
    guard let id = context.parameters.get(name).flatMap(Int64.init), id > 0 else {
      throw AppError.notFound(name == "id" ? "list" : "entry")
    }
    return id
  }

  /// `?postId=` or `?restaurantId=`, exactly one.
  private static func savedTarget(post: String?, restaurant: String?) throws -> SaveTarget {
    switch (post.flatMap { Int64($0) }, restaurant.flatMap { Int64($0) }) {
    case (let id?, nil): return .post(id)
    case (nil, let id?): return .restaurant(id)
    default: throw AppError.badRequest("give postId or restaurantId, one of them")
    }
  }
}

extension PocketList: ResponseEncodable {}
extension PocketLists: ResponseEncodable {}
extension ListPage: ResponseEncodable {}
extension ListEntry: ResponseEncodable {}
extension SavedPlaces: ResponseEncodable {}
extension ListVersion: ResponseEncodable {}
