import Foundation
import HTTPTypes
import Hummingbird

/// Main (`GET /`) with its first screen in the HTML (``FirstScreenDocument``). It runs before
/// the static files, which would answer `/` with the bare `index.html`; the other lists' pages
/// are the app shell's routes (``AppShell``).
struct FirstScreenMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let shell: AppShell

  func handle(
    _ request: Request, context: AppRequestContext,
    next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get || request.method == .head, request.uri.path == "/",
      shell.feedSplit != nil
    else {
      return try await next(request, context)
    }
    let services = shell.services
    let session = SessionMiddleware(store: services.storage, cache: services.sessions)
    return try await session.handle(request, context: context) { request, context in
      await FirstScreenDocument(shell: shell).response(
        .main, head: .main, request: request, context: context)
    }
  }

  /// The document as a response: gzipped for a client that takes it, its ETag (304 when the
  /// client has it already), HEAD without the body; the client hints asked for. A `personal`
  /// document (a signed-in reader's: their header, their likes or lists) is never stored, as
  /// the API's answers are not (``PrivateResponsesMiddleware``); a visitor's is revalidated.
  static func response(_ html: String, to request: Request, personal: Bool) -> Response {
    var headers: HTTPFields = [
      .contentType: "text/html; charset=utf-8", .cacheControl: personal ? "no-store" : "no-cache",
      .vary: "Accept-Encoding, Sec-CH-Viewport-Width, Sec-CH-Viewport-Height, Sec-CH-DPR, Cookie",
    ]
    for (name, value) in ViewportHint.acceptHeaders {
      if let name = HTTPField.Name(name) { headers[name] = value }
    }
    var bytes = Array(html.utf8)
    var hash = FNV1a()
    hash.add(bytes)
    if CompressedFilesMiddleware.acceptsGzip(request.headers[.acceptEncoding]),
      let gzipped = GzipCache.gzip(bytes)
    {
      bytes = gzipped
      headers[.contentEncoding] = "gzip"
      headers[.eTag] = "\"\(hash.hex)-gz\""
    } else {
      headers[.eTag] = "\"\(hash.hex)\""
    }
    if request.headers[.ifNoneMatch] == headers[.eTag] {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentLength] = String(bytes.count)
    guard request.method == .get else { return Response(status: .ok, headers: headers) }
    return Response(
      status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}

/// `GET /first-screen.css`: the stylesheet that places a first screen's cells.
struct FirstScreenStyleRoute {
  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("first-screen.css") { request, _ in
      let query = request.uri.queryParameters
      let css: String
      do {
        css = try FirstScreenStyle.sheet(
          width: query.get("w"), height: query.get("h"), cells: query.get("c"))
      } catch let refusal as FirstScreenStyle.Refusal {
        throw AppError.badRequest(refusal.reason)
      }
      var headers: HTTPFields = [
        .contentType: "text/css; charset=utf-8",
        .cacheControl: "public, max-age=31536000, immutable", .vary: "Accept-Encoding",
      ]
      var bytes = Array(css.utf8)
      if CompressedFilesMiddleware.acceptsGzip(request.headers[.acceptEncoding]),
        let gzipped = GzipCache.gzip(bytes)
      {
        bytes = gzipped
        headers[.contentEncoding] = "gzip"
      }
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }
}
