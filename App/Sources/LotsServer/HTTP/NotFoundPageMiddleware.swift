import Hummingbird

/// An address that names nothing (no route, no file) is the app's "not found" page with status
/// 404, so a person who followed a bad link sees the app and a way back, not JSON. Under
/// `/api/` and `/images/`, and for a missing file (a name with an extension), the 404 stays
/// JSON. It sits outside the file server, which serves a file only when no route answered.
struct NotFoundPageMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let shell: AppShell

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as any HTTPResponseError
      where error.status == .notFound && Self.isPage(request)
    {
      let page = shell.page(.notFound, status: .notFound)
      return request.method == .head ? page.createHeadResponse() : page
    }
  }

  /// Whether `request` asks for a page: a GET (or HEAD) of a path outside the API and the
  /// images whose last segment has no extension.
  static func isPage(_ request: Request) -> Bool {
    let path = request.uri.path
    return (request.method == .get || request.method == .head) && !path.hasPrefix("/api/")
      && !path.hasPrefix("/images/")
      && !(path.split(separator: "/").last?.contains(".") ?? false)
  }
}
