import Hummingbird

/// Marks every API response `Cache-Control: no-store` unless its route chose a policy: what
/// the API answers is someone's own (their session, their likes, what they may see), and no
/// browser cache or proxy on the way may keep it for the next person at the same machine.
/// (Errors are `no-store` wherever they are rendered: ``AppError``.)
struct PrivateResponsesMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    return response
  }
}
