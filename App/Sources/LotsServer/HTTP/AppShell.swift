import Foundation
import HTTPTypes
import Hummingbird
import LotsCore

/// The web app's pages by their own URLs: a deep link (`/p/42`, `/u/ana`, `/r/7`, `/likes`…) loads the
/// app's one HTML document, whose script reads the URL and shows the page. Each carries its
/// own title and link-preview tags (``PageHead``). A post, profile or restaurant that does not exist gets
/// the same document with status 404 (the app shows its "not found" page), and so does any
/// other address that names nothing (``NotFoundPageMiddleware``).
struct AppShell: Sendable {
  /// The app's routes, relative to the root (`:id` and `:username` match one path segment).
  static let routes = [
    "inspire", "post", "likes", "signin", "signup", "account", "p/:id", "u/:username",
    "r/:id", "lists", "lists/:id", "s/:token", "search", "notifications", "print", "print/me",
    "print/order", "print/shop", "print/stores/:id", "print/orders/:id",
  ]

  /// `index.html` up to its `<title>`, and after its last head tag that a ``PageHead`` writes.
  let before: String
  let after: String
  let services: AppServices
  /// `after` cut around the list's opening tag `<main id="feed" …>`, where a list's first
  /// screen goes (``FirstScreenDocument``), the tag itself in neither part; nil when the
  /// document has no such element.
  let feedSplit: (before: String, after: String)?

  /// Reads the shell from the web directory, once.
  /// - Returns: nil when the directory has no `index.html`, or it has no `<title>`.
  init?(web: URL, services: AppServices) {
    guard let data = try? Data(contentsOf: web.appendingPathComponent("index.html")),
      let (before, after) = Self.split(String(decoding: data, as: UTF8.self))
    else { return nil }
    (self.before, self.after, self.services) = (before, after, services)
    feedSplit = after.range(of: #"<main id="feed" aria-busy="true">"#).map {
      (String(after[..<$0.lowerBound]), String(after[$0.upperBound...]))
    }
  }

  /// The document without the lines ``PageHead`` writes (title, description, Open Graph and
  /// Twitter tags), cut where they go.
  static func split(_ html: String) -> (String, String)? {
    var lines = html.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let title = lines.firstIndex(where: { $0.contains("<title>") }) else { return nil }
    let written = [
      "<title>", #"<meta name="description""#, #"<meta property="og:"#,
      #"<meta name="twitter:"#,
    ]
    let indent = String(lines[title].prefix { $0 == " " })
    lines = lines.enumerated().filter { index, line in
      index < title || !written.contains { line.contains($0) }
    }.map(\.element)
    return (
      lines[..<title].joined(separator: "\n") + "\n" + indent,
      "\n" + lines[(title + 1)...].joined(separator: "\n")
    )
  }

  func register(on router: some RouterMethods<AppRequestContext>) {
    let pages = router.group()
      .add(middleware: SessionMiddleware(store: services.storage, cache: services.sessions))
    let lists = FirstScreenDocument(shell: self)
    for route in Self.routes where !route.contains(":") && route != "inspire" && route != "likes" {
      pages.get(RouterPath(route)) { _, _ in page(.page(route)) }
    }
    // The lists' pages, a restaurant's and a pocket list's carry their first screen (Main's
    // is FirstScreenMiddleware's).
    pages.get("inspire") { request, context in
      await lists.response(.inspire, head: .page("inspire"), request: request, context: context)
    }
    pages.get("likes") { request, context in
      // A visitor's page sends them to sign in: nothing to lay out.
      guard context.user != nil else { return page(.page("likes")) }
      return await lists.response(
        .likes, head: .page("likes"), request: request, context: context)
    }
    pages.get("p/:id") { request, context in
      guard let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
        let post = try await services.storage.post(id: id, viewerID: context.user?.id)
      else { return page(.notFound, status: .notFound) }
      return page(.post(post, origin: origin(of: request)))
    }
    pages.get("r/:id") { request, context in
      guard let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
        let restaurant = try await services.storage.restaurant(id: id, viewerID: context.user?.id)
      else { return page(.notFound, status: .notFound) }
      return await lists.response(
        place: restaurant, head: .restaurant(restaurant), request: request, context: context)
    }
    pages.get("lists/:id") { request, context in
      // Someone else's list is exactly as missing as one that does not exist.
      guard let user = context.user,
        let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
        let found = try await services.storage.listPage(
          .owner(listID: id, ownerID: user.id), viewerID: user.id, cursor: nil, limit: 1)
      else { return page(.notFound, status: .notFound) }
      return await lists.response(
        pocket: .owner(listID: id, ownerID: user.id), head: .list(found.list), request: request,
        context: context)
    }
    pages.get("s/:token") { request, context in
      let token = context.parameters.get("token") ?? ""
      guard ShareToken.isWellFormed(token),
        let found = try await services.storage.listPage(
          .shared(token: token), viewerID: context.user?.id, cursor: nil, limit: 1)
      else { return page(.notFound, status: .notFound) }
      return await lists.response(
        pocket: .shared(token: token), head: .list(found.list), request: request,
        context: context)
    }
    pages.get("print/stores/:id") { _, context in
      guard let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
        let store = try await services.storage.printShopRows(ids: [id], viewerID: nil).first
      else { return page(.notFound, status: .notFound) }
      return page(.printStore(name: store.name, address: store.address))
    }
    pages.get("print/orders/:id") { _, context in
      // An order is its student's alone: anyone else's is as missing as none.
      guard let user = context.user,
        let id = context.parameters.get("id").flatMap(Int64.init), id > 0,
        let order = try await services.storage.order(id: id, accountID: user.id)
      else { return page(.notFound, status: .notFound) }
      return page(.page("print/orders", number: order.id))
    }
    pages.get("u/:username") { request, context in
      let name = context.parameters.get("username") ?? ""
      guard let account = try await services.storage.account(named: name) else {
        return page(.notFound, status: .notFound)
      }
      let user = account.user
      return await lists.response(
        .profile(id: user.id, username: user.username), head: .profile(user.username),
        request: request, context: context)
    }
  }

  /// The shell with `head`'s tags.
  func page(_ head: PageHead, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
      body: .init(byteBuffer: ByteBuffer(string: before + head.html + after)))
  }

  /// Where this server is, as the request reached it: its scheme as the session cookie judges
  /// it (``SessionCookie/isHTTPS(_:)``), and the Host, which ``ConnectionGuard`` has checked
  /// is one this server answers to.
  func origin(of request: Request) -> String {
    (SessionCookie.isHTTPS(request) ? "https://" : "http://")
      + (request.head.authority ?? "localhost")
  }
}
