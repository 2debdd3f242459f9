import Foundation
import Hummingbird

/// The app's document for a list's page with the list's first screen in it
/// (``FirstScreenHTML``): the reader's first page of `list`, laid out for their width
/// (``ViewportHint``), the reader's header as the page will make it, and the list's heading;
/// so the photos load while the page's script and engine do, and the engine takes the page
/// over without a second fetch and without anything moving. If the list cannot be read, the
/// document is the bare shell with `head`, as before.
struct FirstScreenDocument: Sendable {
  let shell: AppShell

  /// The most posts the document carries (``FirstScreenHTML/carried(_:hint:kind:)``: those of
  /// the first screen and a few); the list then pages on from this page's cursor. A page of 40
  /// made Main's first load 2 KB heavier than its 100 KB budget (gzipped JSON of photo keys
  /// that no screen shows).
  static let pageSize = 24

  /// The document of `list`'s page for the reader of `context`, with `head`'s tags, as a
  /// response (``respond(_:_:_:)``).
  func response(
    _ list: FirstScreenList, head: PageHead, request: Request, context: AppRequestContext
  ) async -> Response {
    respond(await html(list, head: head, request: request, context: context), request, context)
  }

  /// A document written for the reader of `context` as the response to `request`: never
  /// stored when it is a signed-in reader's (``FirstScreenMiddleware/response(_:to:personal:)``).
  func respond(_ html: String, _ request: Request, _ context: AppRequestContext) -> Response {
    FirstScreenMiddleware.response(html, to: request, personal: context.user != nil)
  }

  /// The document of `list`'s page for the reader of `context`, laid out for the width
  /// `request` says.
  func html(
    _ list: FirstScreenList, head: PageHead, request: Request, context: AppRequestContext
  ) async -> String {
    guard let split = shell.feedSplit else { return shell.before + head.html + shell.after }
    let feed = await cells(list, request: request, context: context)
    var header = await readersHeader(split.before, context: context)
    if let title = list.title, let titled = SignedInHeader.apply([Self.heading(title)], to: header)
    {
      header = titled
    }
    header = Self.marking(list.name, in: header)
    return shell.before + head.html + header + FirstScreenHTML.opening(list) + feed + split.after
  }

  /// `list`'s first screen for the reader of `context` at the width `request` says
  /// (``FirstScreenHTML/feed(page:list:posts:hint:)``); "" (the page then reads the list
  /// itself) when the list cannot be read.
  func cells(_ list: FirstScreenList, request: Request, context: AppRequestContext) async
    -> String
  {
    await firstScreen(list, request: request, context: context)?.html ?? ""
  }

  /// `list`'s first screen (``cells(_:request:context:)``), whether the page it carries is
  /// the list's last, and how many posts it carries; nil when the list cannot be read.
  func firstScreen(_ list: FirstScreenList, request: Request, context: AppRequestContext) async
    -> (html: String, last: Bool, posts: Int)?
  {
    let services = shell.services
    do {
      let reader = FeedReader(store: services.storage, renderedPosts: services.renderedPosts)
      let read = { (limit: Int) in
        let page = try await reader.page(
          list.feed, viewerID: context.user?.id, cursor: nil, limit: limit, now: Date())
        let json = Array(page.readableBytesView)
        return (json, try FirstScreenPost.page(json))
      }
      let hint = ViewportHint.of(request)
      var (json, page) = try await read(Self.pageSize)
      // Only as many posts as the first screen shows, and a few: every post's photo keys
      // weigh on the first load (the list pages on from this page's cursor).
      let carried = FirstScreenHTML.carried(page.posts, hint: hint, kind: list.kind)
      if carried < page.posts.count { (json, page) = try await read(carried) }
      let html = FirstScreenHTML.feed(page: json, list: list, posts: page.posts, hint: hint)
      return (html, page.last, page.posts.count)
    } catch {
      context.logger.warning("first screen not laid out: \(error)")
      return nil
    }
  }

  /// `header` (the shell's, up to a list) as the page makes it for the reader of `context`,
  /// so that nothing below it moves.
  func readersHeader(_ header: String, context: AppRequestContext) async -> String {
    guard let user = context.user else { return header }
    let moderator = (try? await shell.services.storage.isModerator(user.id)) ?? false
    let edits = SignedInHeader.edits(username: user.username, moderator: moderator)
    return SignedInHeader.apply(edits, to: header) ?? header
  }

  /// The header with the link to the list `name` (its `data-nav`) marked as the current page,
  /// and no other, as app.js marks it (none when `name` is nil, as for a shared list).
  static func marking(_ name: String?, in header: String) -> String {
    let unmarked = header.replacingOccurrences(of: #" aria-current="page""#, with: "")
    guard let name else { return unmarked }
    let link = #"data-nav=""# + PageHead.escape(name) + #"""#
    return unmarked.replacingOccurrences(of: link, with: link + #" aria-current="page""#)
  }

  /// The list's heading shown with `title`, as lists.js shows it.
  static func heading(_ title: String) -> SignedInHeader.Edit {
    SignedInHeader.Edit(
      from: #"<h2 id="list-title" hidden></h2>"#,
      to: #"<h2 id="list-title">"# + PageHead.escape(title) + "</h2>")
  }
}
