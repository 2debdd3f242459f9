import Foundation
import Hummingbird
import LotsCore

/// The four feeds, each paged with an opaque cursor.
struct FeedRoutes {
  let services: AppServices

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("feed") { request, context in
      try await page(.main, request, context)
    }
    router.get("inspire") { request, context in
      try await page(.inspire, request, context)
    }
    router.get("me/likes") { request, context in
      _ = try context.requireUser()
      return try await page(.likes, request, context)
    }
    router.get("users/:username/posts") { request, context in
      let name = context.parameters.get("username") ?? ""
      guard let account = try await services.storage.account(named: name) else {
        throw AppError.notFound("user")
      }
      return try await page(.user(id: account.user.id), request, context)
    }
  }

  /// A page of `feed`: the query parsed here, the page read by the ``FeedReader``.
  func page(_ feed: FeedQuery, _ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let query = request.uri.queryParameters
    var limit = 30
    if let text = query.get("limit") {
      guard let value = Int(text), (1...100).contains(value) else {
        throw AppError.badRequest("limit must be an integer from 1 to 100")
      }
      limit = value
    }
    let cursor = try query.get("cursor").map { try FeedCursor(token: $0, feed: feed.name) }
    let reader = FeedReader(store: services.storage, renderedPosts: services.renderedPosts)
    let body = try await reader.page(
      feed, viewerID: context.user?.id, cursor: cursor, limit: limit, now: Date())
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: body))
  }
}
