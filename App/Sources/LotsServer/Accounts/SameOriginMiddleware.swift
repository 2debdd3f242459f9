import HTTPTypes
import Hummingbird

/// Refuses writes that a browser makes for another site: a request that changes something and
/// is authenticated by the session cookie (which the browser attaches whoever asks), or that
/// signs up or signs in, must come from the app's own origin (`Sec-Fetch-Site`, else `Origin`
/// against `Host`). Requests with a bearer token, or no browser headers at all (native clients,
/// curl) and no cookie, pass: no browser sent them on a visitor's behalf.
struct SameOriginMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext

  static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

  func handle(
    _ request: Request, context: AppRequestContext,
    next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    let method = request.method
    let unsafe = method != .get && method != .head && method != .options
    let signsIn =
      method == .post
      && (request.uri.path == "/api/accounts" || request.uri.path == "/api/sessions")
    if unsafe && (context.viaCookie || signsIn)
      && !Self.isSameOrigin(request, strict: context.viaCookie)
    {
      throw AppError(.forbidden, "this request must come from the LOTs app itself")
    }
    return try await next(request, context)
  }

  /// Whether the request's browser headers say it comes from this origin. With `strict`, a
  /// request without them is refused too (an old browser, with the cookie attached).
  static func isSameOrigin(_ request: Request, strict: Bool) -> Bool {
    if let site = request.headers[fetchSite] { return site == "same-origin" || site == "none" }
    if let origin = request.headers[.origin] {
      guard let host = request.head.authority else {
        return false
      }
      return origin == "http://\(host)" || origin == "https://\(host)"
    }
    return !strict
  }
}
