import HTTPTypes
import Hummingbird

/// The Content-Security-Policy of every response; `images` adds an origin images may come
/// from (the map tiles' server, when a deployment names one).
private func contentSecurityPolicy(images: String?) -> String {
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    + "img-src 'self' data: blob:\(images.map { " " + $0 } ?? ""); connect-src 'self'; "
    + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    + "frame-ancestors 'none'"
}

private let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
private let referrerPolicy = HTTPField.Name("Referrer-Policy")!
private let secFetchDest = HTTPField.Name("Sec-Fetch-Dest")!
/// Browser destinations a policy governs (built once, not per response).
private let governedDestinations: Set<String> = [
  "document", "iframe", "frame", "embed", "object", "worker", "sharedworker", "serviceworker",
]

/// Headers every response carries: no MIME sniffing and no full URL sent to other sites; and
/// on every document and worker a Content-Security-Policy without inline script or style
/// (`'wasm-unsafe-eval'` lets the layout engine compile), never framed.
///
/// A policy only governs documents and workers: on a module, a stylesheet or the wasm module a
/// browser ignores it, and it cost a first load 360 bytes a response, 13 KB in all. So it goes
/// on every HTML response, and on whatever a browser fetches as a document or worker
/// (`Sec-Fetch-Dest`), or whoever does not say (other clients).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The policy, built once.
  let policy: String

  /// The middleware; `imageOrigin` is an origin images may come from besides this server.
  init(imageOrigin: String? = nil) {
    policy = contentSecurityPolicy(images: imageOrigin)
  }

  static func needsPolicy(_ request: Request, _ response: Response) -> Bool {
    if response.headers[.contentType]?.hasPrefix("text/html") == true { return true }
    guard let destination = request.headers[secFetchDest] else { return true }
    return governedDestinations.contains(destination.lowercased())
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    if Self.needsPolicy(request, response) {
      response.headers[.contentSecurityPolicy] = policy
    }
    response.headers[contentTypeOptions] = "nosniff"
    response.headers[referrerPolicy] = "same-origin"
    return response
  }
}
