import Foundation
import Hummingbird
import LotsCore

/// A restaurant's page (`/r/{id}`) with its first screen: the page (`#place`, over the list)
/// as place-page.js makes it (the back bar, the restaurant's name, area, count of posts and
/// Save button, then its posts in the waterfall, laid out for the reader's width), with the
/// restaurant and its first page of posts in data blocks; so its photos load while the script
/// does, and the page takes itself over without a fetch and without anything moving.
extension FirstScreenDocument {
  /// The shell's empty restaurant page, which the written one replaces.
  static let placeSection = #"<section id="place" class="page" hidden></section>"#

  /// The document of `restaurant`'s page for the reader of `context`, with `head`'s tags, as
  /// a response; the bare shell when the posts cannot be read or the shell has no such page.
  func response(
    place restaurant: Restaurant, head: PageHead, request: Request, context: AppRequestContext
  ) async -> Response {
    respond(
      await html(place: restaurant, head: head, request: request, context: context), request,
      context)
  }

  /// The document of `restaurant`'s page (``response(place:head:request:context:)``).
  func html(
    place restaurant: Restaurant, head: PageHead, request: Request, context: AppRequestContext
  ) async -> String {
    let bare = shell.before + head.html + shell.after
    let list = FirstScreenList.restaurant(id: restaurant.id, name: restaurant.name)
    guard shell.after.contains(Self.placeSection),
      let screen = await firstScreen(list, request: request, context: context),
      let json = try? JSONCoding.shared.encode(restaurant)
    else { return bare }
    // The count place-page.js shows: the server's, or what the whole list holds.
    let count = screen.last ? screen.posts : max(restaurant.postCount, screen.posts)
    let saved = await isSaved(restaurant, context: context)
    let page =
      Self.placeOpening + Self.placeHead(restaurant, posts: count, saved: saved)
      + #"<div class="place-list">"# + screen.html + "</div>"
      + #"<script type="application/json" id="first-place" data-id="\#(restaurant.id)">"#
      + FirstScreenHTML.dataBlock(Array(json)) + "</script></section>"
    let after = await readersHeader(shell.after, context: context)
    guard let written = SignedInHeader.apply([.init(from: Self.placeSection, to: page)], to: after)
    else { return bare }
    return shell.before + head.html + written
  }

  /// The page opened, busy until its script takes it over, named by its heading, with its
  /// Back and its (empty) alert.
  static let placeOpening =
    #"<section id="place" class="page" aria-busy="true" aria-labelledby="place-title">"#
    + #"<div class="bar"><button type="button" class="back" aria-label="Back">← Back</button>"#
    + #"</div><p class="alert" role="alert"></p>"#

  /// Whether the reader of `context` has `restaurant` in any of their lists (false for a
  /// visitor, or when that cannot be read: the page reads the reader's lists itself).
  private func isSaved(_ restaurant: Restaurant, context: AppRequestContext) async -> Bool {
    guard let user = context.user else { return false }
    let places = try? await shell.services.storage.savedPlaces(
      .restaurant(restaurant.id), ownerID: user.id)
    return !(places?.items.isEmpty ?? true)
  }

  /// The restaurant's heading, "Mitte · 3 posts" under it, and its Save button (pressed when
  /// `saved`: place-page.js keeps that until it knows the reader's lists), as place-page.js
  /// writes them.
  static func placeHead(_ restaurant: Restaurant, posts: Int, saved: Bool) -> String {
    let area = restaurant.area.trimmingCharacters(in: .whitespacesAndNewlines)
    let hidden = restaurant.area.isEmpty ? " hidden" : ""
    let label = area.isEmpty ? restaurant.name : "\(restaurant.name), \(area)"
    var html = #"<div class="place-head"><h2 id="place-title" tabindex="-1">"#
    html += PageHead.escape(restaurant.name) + "</h2>"
    html += #"<p><span class="place-area"\#(hidden)>"# + PageHead.escape(restaurant.area)
    html += #"</span><span class="dot" aria-hidden="true"\#(hidden)> · </span>"#
    html += #"<span class="place-count">\#(posts == 1 ? "1 post" : "\(posts) posts")</span></p>"#
    html += #"<button type="button" class="place-save" aria-pressed="\#(saved)""#
    html += #" aria-label="Save restaurant "# + PageHead.escape(label) + #"""#
    html += #" data-saves="restaurant-\#(restaurant.id)"\#(saved ? " data-saved" : "")>"#
    html += #"<svg viewBox="0 0 24 24" class="save-mark" aria-hidden="true" focusable="false">"#
    html += #"<path d="M6 3.5h12v17l-6-4.2-6 4.2z"></path></svg>"#
    let word = saved ? "Saved restaurant" : "Save restaurant"
    return html + #"<span class="save-word">\#(word)</span></button></div>"#
  }
}
