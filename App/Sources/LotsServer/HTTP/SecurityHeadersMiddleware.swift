import HTTPTypes
import Hummingbird

/// Headers every response carries: a Content-Security-Policy without inline script or style
/// (`'wasm-unsafe-eval'` lets the layout engine compile), never framed, no MIME sniffing, and
/// no full URL sent to other sites.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  static var policy: String {
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
      + "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
      + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.headers[.contentSecurityPolicy] = Self.policy
    response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    return response
  }
}
