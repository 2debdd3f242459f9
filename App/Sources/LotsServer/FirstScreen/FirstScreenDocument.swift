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
  /// response (``FirstScreenMiddleware/response(_:to:)``).
  func response(
    _ list: FirstScreenList, head: PageHead, request: Request, context: AppRequestContext
  ) async -> Response {
    FirstScreenMiddleware.response(
      await html(list, head: head, request: request, context: context), to: request)
  }

  /// The document of `list`'s page for the reader of `context`, laid out for the width
  /// `request` says.
  func html(
    _ list: FirstScreenList, head: PageHead, request: Request, context: AppRequestContext
  ) async -> String {
    guard let split = shell.feedSplit else { return shell.before + head.html + shell.after }
    let services = shell.services
    var feed = ""
    do {
      let reader = FeedReader(store: services.storage, renderedPosts: services.renderedPosts)
      let read = { (limit: Int) in
        let page = try await reader.page(
          list.feed, viewerID: context.user?.id, cursor: nil, limit: limit, now: Date())
        let json = Array(page.readableBytesView)
        return (json, try FirstScreenPost.posts(ofPage: json))
      }
      let hint = ViewportHint.of(request)
      var (json, posts) = try await read(Self.pageSize)
      // Only as many posts as the first screen shows, and a few: every post's photo keys
      // weigh on the first load (the list pages on from this page's cursor).
      let carried = FirstScreenHTML.carried(posts, hint: hint, kind: list.kind)
      if carried < posts.count { (json, posts) = try await read(carried) }
      feed = FirstScreenHTML.feed(page: json, list: list, posts: posts, hint: hint)
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
    if let title = list.title, let titled = SignedInHeader.apply([Self.heading(title)], to: header)
    {
      header = titled
    }
    header = Self.marking(list.name, in: header)
    return shell.before + head.html + header + FirstScreenHTML.opening(list) + feed + split.after
  }

  /// The header with the link to the list `name` (its `data-nav`) marked as the current page,
  /// and no other, as app.js marks it.
  static func marking(_ name: String, in header: String) -> String {
    let link = #"data-nav=""# + PageHead.escape(name) + #"""#
    return header.replacingOccurrences(of: #" aria-current="page""#, with: "")
      .replacingOccurrences(of: link, with: link + #" aria-current="page""#)
  }

  /// The list's heading shown with `title`, as lists.js shows it.
  static func heading(_ title: String) -> SignedInHeader.Edit {
    SignedInHeader.Edit(
      from: #"<h2 id="list-title" hidden></h2>"#,
      to: #"<h2 id="list-title">"# + PageHead.escape(title) + "</h2>")
  }
}
