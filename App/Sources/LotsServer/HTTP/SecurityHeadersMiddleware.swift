import HTTPTypes
import Hummingbird

/// The Content-Security-Policy of every response.
private let contentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
  + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

private let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
private let referrerPolicy = HTTPField.Name("Referrer-Policy")!

/// Headers every response carries: a Content-Security-Policy without inline script or style
/// (`'wasm-unsafe-eval'` lets the layout engine compile), never framed, no MIME sniffing, and
/// no full URL sent to other sites.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The policy (built once: a generic type has no stored statics).
  static var policy: String { contentSecurityPolicy }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    response.headers[.contentSecurityPolicy] = Self.policy
    response.headers[contentTypeOptions] = "nosniff"
    response.headers[referrerPolicy] = "same-origin"
    return response
  }
}
