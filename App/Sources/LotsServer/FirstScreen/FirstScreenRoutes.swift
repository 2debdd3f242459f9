import Foundation
import HTTPTypes
import Hummingbird

/// Main (`GET /`) with its first screen in the HTML (``FirstScreenHTML``): the viewer's first
/// page of the feed, laid out for their width (``ViewportHint``), so the photos load while the
/// page's script and engine do, and the engine takes the page over without a second fetch. It
/// runs before the static files (which would answer `/` with the bare `index.html`); if the
/// feed cannot be read, the bare document is served, as before.
struct FirstScreenMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let shell: AppShell

  /// The most posts the document carries (``FirstScreenHTML/carried(_:hint:)``: those of the
  /// first screen and a few); the live list then pages on, 40 at a time, from this page's
  /// cursor. A page of 40 made Main's first load 2 KB heavier than its 100 KB budget (gzipped
  /// JSON of photo keys that no screen shows).
  static let pageSize = 24
  static let path = "/api/feed"

  func handle(
    _ request: Request, context: AppRequestContext,
    next: (Request, AppRequestContext) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get || request.method == .head, request.uri.path == "/",
      let split = shell.feedSplit
    else {
      return try await next(request, context)
    }
    let services = shell.services
    let session = SessionMiddleware(store: services.storage, cache: services.sessions)
    return try await session.handle(request, context: context) { request, context in
      let html = await document(split: split, request: request, context: context)
      return Self.response(html, to: request)
    }
  }

  /// Main's document for the reader of `context`, laid out for the width `request` says.
  private func document(
    split: (before: String, after: String), request: Request, context: AppRequestContext
  ) async -> String {
    let services = shell.services
    var feed = ""
    do {
      let reader = FeedReader(store: services.storage, renderedPosts: services.renderedPosts)
      let read = { (limit: Int) in
        let page = try await reader.page(
          .main, viewerID: context.user?.id, cursor: nil, limit: limit, now: Date())
        let json = Array(page.readableBytesView)
        return (json, try FirstScreenPost.posts(ofPage: json))
      }
      let hint = ViewportHint.of(request)
      var (json, posts) = try await read(Self.pageSize)
      // Only as many posts as the first screen shows, and a few: every post's photo keys
      // weigh on the first load (the live list pages on from this page's cursor).
      let carried = FirstScreenHTML.carried(posts, hint: hint)
      if carried < posts.count { (json, posts) = try await read(carried) }
      feed = FirstScreenHTML.feed(
        page: json, path: Self.path, posts: posts, hint: hint, label: "Today's lunches")
    } catch {
      context.logger.warning("first screen not laid out: \(error)")
    }
    var header = split.before
    if let user = context.user {
      // The reader's header as the page would make it, so the list never moves under it.
      let moderator = (try? await services.storage.isModerator(user.id)) ?? false
      let edits = SignedInHeader.edits(username: user.username, moderator: moderator)
      header = SignedInHeader.apply(edits, to: header) ?? header
    }
    return shell.before + PageHead.main.html + header + feed + split.after
  }

  /// The document as a response: gzipped for a client that takes it, its ETag (304 when the
  /// client has it already), HEAD without the body; the client hints asked for.
  static func response(_ html: String, to request: Request) -> Response {
    var headers: HTTPFields = [
      .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
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
