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
      guard let account = try await services.database.account(named: name) else {
        throw AppError.notFound("user")
      }
      return try await page(.user(id: account.user.id), request, context)
    }
  }

  /// A page of `feed`. The main, user and likes feeds read only ids and counts when every post
  /// of the page was rendered before (a profile of the main feed under load put half of a
  /// page's time in reading, decoding and writing the parts of posts that never change);
  /// otherwise the whole posts, which are then kept rendered.
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
    let database = services.database
    let viewerID = context.user?.id
    if feed != .inspire {
      let entries = try database.entries(feed, viewerID: viewerID, cursor: cursor, limit: limit)
      if let posts = services.renderedPosts.posts(of: entries) {
        return JSONWriter.response { $0.write(entries, posts) }
      }
    }
    let page = try await database.page(
      feed, viewerID: viewerID, cursor: cursor, limit: limit, now: Date())
    services.renderedPosts.store(page.items)
    return JSONWriter.response { $0.write(page) }
  }
}
