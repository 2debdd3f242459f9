import HTTPTypes
import Hummingbird

/// Refuses writes that a browser makes for another site. Every request that changes something
/// (sign-up and sign-in, which take credentials, as much as a like) must come from the app's
/// own origin by the browser's own headers (`Sec-Fetch-Site`, else `Origin` against `Host`);
/// one authenticated by the session cookie (which the browser attaches whoever asks) must carry
/// them. Requests without browser headers and without the cookie (native clients with a bearer
/// token, curl) pass: no browser sent them on a visitor's behalf.
///
/// The rule holds by method, not by path: no spelling of a path (`/api/accounts/`,
/// `//api/sessions`) and no route added later escapes it. No write of LOTs is meant to be made
/// from another site.
struct SameOriginMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext

  static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

  func handle(
    _ request: Request, context: AppRequestContext,
    next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    let method = request.method
    let unsafe = method != .get && method != .head && method != .options
    if unsafe && !Self.isSameOrigin(request, strict: context.viaCookie) {
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
