import Foundation
import Hummingbird
import LotsCore

/// A pocket list's page (`/lists/{id}`, its owner's; `/s/{token}`, shared by link) with its
/// first screen: the layer (`#pocket`) as pocket-list.js makes it (Back, the name, "12
/// places", the layout switch, the owner's Rename, Share and Delete, the reorder hint), then
/// its first entries in the reader's layout (the `lots-list-layout` cookie the page keeps
/// beside its own choice): posts as every list shows them, restaurants as cards, each with its
/// note and the owner's Edit note and Remove; and the list's first page in a data block, so
/// the page takes itself over without a fetch and without anything moving.
extension FirstScreenDocument {
  /// The shell's empty pocket layer, which the written one replaces.
  static let pocketSection = #"<section id="pocket" class="page" hidden></section>"#
  /// The cookie that says the reader's layout of pocket lists (pocket-head.js).
  static let listLayoutCookie = "lots-list-layout"
  /// Below a pocket entry's caption: its note, and the owner's tools (pocket-list.js).
  static let noteHeight = 38.0
  static let ownerToolsHeight = 46.0

  /// The document of the list `access` opens, for the reader of `context`, with `head`'s tags,
  /// as a response; the bare shell when the list cannot be read or the shell has no layer.
  func response(
    pocket access: ListAccess, head: PageHead, request: Request, context: AppRequestContext
  ) async -> Response {
    respond(
      await html(pocket: access, head: head, request: request, context: context), request, context)
  }

  /// The document of the list `access` opens (``response(pocket:head:request:context:)``).
  func html(
    pocket access: ListAccess, head: PageHead, request: Request, context: AppRequestContext
  ) async -> String {
    let bare = shell.before + head.html + shell.after
    guard shell.after.contains(Self.pocketSection),
      let screen = await pocketScreen(access, request: request, context: context)
    else { return bare }
    var owner = false
    if case .owner = access { owner = true }
    // Lists is the current page of the owner's list; nothing is of a shared one (pocket.js).
    let after = Self.marking(
      owner ? "lists" : nil, in: await readersHeader(shell.after, context: context))
    let edit = SignedInHeader.Edit(from: Self.pocketSection, to: screen)
    guard let written = SignedInHeader.apply([edit], to: after) else { return bare }
    return shell.before + head.html + written
  }

  /// The layer with the list's first screen, or nil when the list cannot be read.
  private func pocketScreen(
    _ access: ListAccess, request: Request, context: AppRequestContext
  ) async -> String? {
    var owner = false
    if case .owner = access { owner = true }
    let kind: FirstScreenList.Kind =
      request.cookies[Self.listLayoutCookie]?.value == "grid" ? .grid : .waterfall
    let extra = Self.noteHeight + (owner ? Self.ownerToolsHeight : 0)
    let hint = ViewportHint.of(request)
    do {
      let read = { (limit: Int) -> ([UInt8], FirstScreenEntry.Page)? in
        guard
          let page = try await self.shell.services.storage.listPage(
            access, viewerID: context.user?.id, cursor: nil, limit: limit)
        else { return nil }
        let json = Array(try JSONCoding.shared.encode(page))
        return (json, try JSONDecoder().decode(FirstScreenEntry.Page.self, from: Data(json)))
      }
      guard var (json, page) = try await read(Self.pageSize) else { return nil }
      let carried = FirstScreenHTML.carried(
        page.items.map { (width: $0.size.width, height: $0.size.height) }, hint, kind,
        extra: extra)
      if carried < page.items.count {
        guard let fewer = try await read(carried) else { return nil }
        (json, page) = fewer
      }
      let path =
        switch access {
        case .owner(let id, _): "/api/lists/\(id)"
        case .shared(let token): "/api/shared/\(PathSegment.encode(token))"
        }
      let entries = page.items
      let list = page.list
      let cells = FirstScreenHTML.screen(
        page: json, path: path, label: list.name, kind: kind, extra: extra, hint: hint,
        items: entries.map { ($0.size.width, $0.size.height, $0.color) }
      ) { index, number, first in
        Self.pocketCell(
          entries[index], listName: list.name, owner: owner, index: index, number: number,
          first: first)
      }
      return
        #"<section id="pocket" class="page" aria-busy="true" aria-labelledby="pocket-title">"#
        + #"<div class="bar"><button type="button" class="back" aria-label="Back">← Back"#
        + #"</button></div><p class="alert" role="alert"></p>"#
        + Self.pocketHead(list, owner: owner, kind: kind)
        + #"<div class="pocket-list\#(owner ? " owned" : "")" data-layout="\#(kind.rawValue)">"#
        + cells + "</div></section>"
    } catch {
      context.logger.warning("pocket list's first screen not laid out: \(error)")
      return nil
    }
  }

  /// The list's heading, count and tools as pocket-head.js draws them (what it hides, the
  /// rename form and the share panel, it adds itself).
  static func pocketHead(_ list: FirstScreenEntry.List, owner: Bool, kind: FirstScreenList.Kind)
    -> String
  {
    let named = list.kind != "wantToTry"
    let hidden = named ? "" : " hidden"
    var html = #"<div class="pocket-head"><div class="pocket-title-row">"#
    html += #"<h2 id="pocket-title" tabindex="-1">"# + PageHead.escape(list.name) + "</h2>"
    if owner { html += #"<button type="button" class="rename"\#(hidden)>Rename</button>"# }
    let places = list.entryCount == 1 ? "1 place" : "\(list.entryCount) places"
    html += #"</div><p class="pocket-meta">"# + places
    html += (owner && list.shared ? " · Shared" : "") + "</p>"
    html += #"<div class="pocket-tools"><div class="layout-switch" role="group""#
    html += #" aria-label="Layout">"#
    for (value, label) in [("waterfall", "Waterfall"), ("grid", "Grid")] {
      html += #"<button type="button" class="layout-choice" data-kind="\#(value)""#
      html += #" aria-pressed="\#(value == kind.rawValue)">\#(label)</button>"#
    }
    html += "</div>"
    if owner {
      html += #"<button type="button" class="share" aria-controls="share-panel""#
      html += list.shared ? #" aria-expanded="false">Shared link"# : ">Share"
      html += #"</button><button type="button" class="delete danger"\#(hidden)>Delete list"#
      html += #"</button></div><p class="hint" id="reorder-hint">To reorder, drag a photo, or"#
      html += " focus it and press Space, then the arrow keys, then Space to drop (Escape"
      html += " cancels).</p>"
    } else {
      html += #"</div><p class="hint">A list shared with you: you can look, not change it.</p>"#
    }
    return html + #"<p class="pocket-status" role="status"></p></div>"#
  }

  /// One entry's cell (pocket-cell.js): a post's, or a restaurant's card; then its note and
  /// the owner's tools.
  static func pocketCell(
    _ entry: FirstScreenEntry, listName: String, owner: Bool, index: Int, number: Int,
    first: Bool
  ) -> String {
    var html: String
    let name: String
    if let post = entry.post {
      name = post.restaurant
      html = FirstScreenHTML.cell(
        post, caption: true, sizes: FirstScreenList.captionedSizes, linksPlace: true,
        index: index, number: number, first: first)
    } else {
      let place = entry.restaurant ?? .init(id: 0, name: "Restaurant", area: "")
      name = entry.restaurant?.name ?? "Entry"
      html = FirstScreenHTML.article(
        number: number, index: index, classes: "cv-cell post place-entry")
      if let cover = entry.cover {
        html += #"<img class="place-cover" decoding="async" src=""#
        html += PageHead.escape(cover.thumbnailURL) + #"" alt=""#
        let described = (cover.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        html += PageHead.escape(described.isEmpty ? "Photo at \(place.name)" : described) + #"""#
        html += first ? #" fetchpriority="high">"# : ">"
      } else {
        let initial = place.name.unicodeScalars.first.map { String($0) } ?? ""
        html += #"<span class="place-cover place-tile" aria-hidden="true">"#
        html += PageHead.escape(initial) + "</span>"
      }
      let area = (place.area ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      html += #"<div class="caption"><a class="place" href="/r/\#(place.id)" aria-label=""#
      html += PageHead.escape(area.isEmpty ? place.name : "\(place.name), \(area)") + #"">"#
      html += #"<b class="restaurant">"# + PageHead.escape(place.name) + "</b>"
      html += #"<span class="area">"# + PageHead.escape(area.isEmpty ? "" : " · \(area)")
      html += #"</span></a><span class="meta">Restaurant</span></div>"#
    }
    let note = entry.note ?? ""
    html += #"<div class="entry-extra"><p class="entry-note"\#(note.isEmpty ? " hidden" : "")>"#
    html += PageHead.escape(note) + "</p>"
    html += #"<div class="entry-actions"\#(owner ? "" : " hidden")>"#
    html += #"<button type="button" class="entry-edit" aria-label=""#
    html += PageHead.escape("\(note.isEmpty ? "Add" : "Edit") note for \(name)") + #"">"#
    html += note.isEmpty ? "Add note" : "Edit note"
    html += #"</button><button type="button" class="entry-remove" aria-label=""#
    html += PageHead.escape("Remove \(name) from \(listName)") + #"">Remove</button>"#
    return html + "</div></div></article>"
  }
}
