/// The first screen of a list as HTML, `<main id="feed">` opened: the cells the page's engine
/// would draw first (``FirstScreenLayout``), with real images (the first row fetched first),
/// placed by a stylesheet whose address carries their frames (``FirstScreenStyle``: the page's
/// policy allows no inline style), then the feed page itself for the engine, as JSON in a
/// data block (never run). Every user text is escaped; the JSON cannot close its element.
enum FirstScreenHTML {
  /// Cells starting below this (CSS pixels: a tall phone's or a desktop's list), or below the
  /// viewport's height when the browser says it, are left to the engine, which draws them
  /// before they come into view.
  static let depth = 1000.0
  /// Posts carried beyond those of the first screen, and the fewest carried.
  static let margin = 2
  static let fewest = 8

  /// How far down cells are written for `hint`.
  static func depth(for hint: ViewportHint) -> Double {
    min(depth, hint.height ?? depth)
  }

  /// How many of `posts` the document carries: those the first screen shows, and ``margin``
  /// more, at least ``fewest`` (of course never more than there are).
  /// - Complexity: O(n · c) for n posts in c columns.
  static func carried(
    _ posts: [FirstScreenPost], hint: ViewportHint, kind: FirstScreenList.Kind
  ) -> Int {
    carried(posts.map { (width: $0.photo.width, height: $0.photo.height) }, hint, kind, extra: 0)
  }

  /// How many items of `sizes` the document carries, laid out as `kind` with `extra` below
  /// each caption (``carried(_:hint:kind:)``).
  /// - Complexity: O(n · c) for n items in c columns.
  static func carried(
    _ sizes: [(width: Double, height: Double)], _ hint: ViewportHint,
    _ kind: FirstScreenList.Kind, extra: Double
  ) -> Int {
    let deepest = depth(for: hint)
    let shown = FirstScreenLayout.frames(of: sizes, in: hint, kind: kind, extra: extra).items
      .filter { $0.y < deepest }
    return min(sizes.count, max(shown.count + margin, fewest))
  }

  /// The list's element opened, as lists.js leaves it while the list loads (its layout named:
  /// the mosaic's box is narrower on a desktop).
  static func opening(_ list: FirstScreenList) -> String {
    #"<main id="feed" aria-busy="true" data-layout="\#(list.kind.rawValue)">"#
  }

  /// The markup of `posts` (the items of `page`, the API's JSON of `list`'s first page) laid
  /// out for `hint`, after the list's element opened (``opening(_:)``).
  /// - Complexity: O(n · c) for n posts in c columns.
  static func feed(
    page: [UInt8], list: FirstScreenList, posts: [FirstScreenPost], hint: ViewportHint
  ) -> String {
    screen(
      page: page, path: list.path, label: list.label, kind: list.kind, extra: 0,
      hint: hint,
      items: posts.map { (width: $0.photo.width, height: $0.photo.height, color: $0.photo.color) }
    ) { index, number, first in
      cell(
        posts[index], caption: list.withCaption, sizes: list.imageSizes,
        linksPlace: list.linksPlace, index: index, number: number, first: first) + "</article>"
    }
  }

  /// The first screen of a list named `label` whose items have `items`' sizes and colours
  /// (a colour "" leaves a cell's own background), laid out for `hint` as `kind` with `extra`
  /// below each caption: the stylesheet that places the cells, the list's scroller and content
  /// with the cells `cell(index, number, first)` writes (item `index`, the `number`th written,
  /// `first` when in the first row), then `page` (the JSON of the API at `path`) in a data
  /// block.
  /// - Complexity: O(n · c) for n items in c columns.
  static func screen(
    page: [UInt8], path: String, label: String, kind: FirstScreenList.Kind, extra: Double,
    hint: ViewportHint, items: [(width: Double, height: Double, color: String)],
    cell: (_ index: Int, _ number: Int, _ first: Bool) -> String
  ) -> String {
    let sizes = items.map { (width: $0.width, height: $0.height) }
    let frames = FirstScreenLayout.frames(of: sizes, in: hint, kind: kind, extra: extra)
    // (At most what one stylesheet address places: the engine draws the rest.)
    let deepest = depth(for: hint)
    let shown = frames.items.indices.filter { frames.items[$0].y < deepest }
      .prefix(FirstScreenStyle.maximumCells)
    let firstRow = frames.items.map(\.y).min() ?? 0
    let style = FirstScreenStyle.address(
      width: frames.width, height: frames.height,
      cells: shown.map { (frame: frames.items[$0], color: items[$0].color) })
    var html = #"<link rel="stylesheet" href=""# + PageHead.escape(style) + #"">"#
    html += #"<div class="cv-scroller first-screen"><div class="cv-content" role="feed""#
    html += #" aria-label=""# + PageHead.escape(label) + #"" aria-busy="true">"#
    for (number, index) in shown.enumerated() {
      html += cell(index, number, frames.items[index].y == firstRow)
    }
    html += "</div></div>"
    html += #"<script type="application/json" id="first-page" data-path=""#
    html += PageHead.escape(path) + #"">"#
    html += dataBlock(page) + "</script>"
    return html
  }

  /// A cell's opening tag: the `number`th written, item `index`, in the engine's roving tab
  /// order (keyboard.js: the first cell is the list's one stop, the others -1), so the list's
  /// scroller is reachable by keyboard before the engine takes it over.
  static func article(number: Int, index: Int, classes: String) -> String {
    #"<article id="fs-\#(number)" class="\#(classes)" data-item="\#(index)""#
      + #" tabindex="\#(number == 0 ? 0 : -1)">"#
  }

  /// One post's cell, `index` in the list, the `number`th written, left open (`</article>`
  /// closes it) for what a list adds below the caption: with a `caption` or not, its image's
  /// `sizes`, its restaurant a link when `linksPlace`.
  static func cell(
    _ post: FirstScreenPost, caption withCaption: Bool, sizes: String, linksPlace: Bool,
    index: Int, number: Int, first: Bool
  ) -> String {
    let photo = post.photo
    // Named by what it holds (the photo's text, the caption) until the engine's cell, with its
    // label and place in the feed, takes over: every byte here is on the first load.
    var html = article(number: number, index: index, classes: "cv-cell post")
    html += #"<img src=""# + PageHead.escape(photo.thumbnailURL)
    html += #"" srcset=""# + PageHead.escape("\(photo.thumbnailURL) \(photo.thumbnailWidth)w, ")
    html += PageHead.escape("\(photo.displayURL) \(photo.displayWidth)w")
    html += #"" sizes="\#(sizes)""#
    html += #" width="\#(Int(photo.width))" height="\#(Int(photo.height))""#
    html += #" alt=""# + PageHead.escape(post.alt) + #"""#
    html += first ? #" fetchpriority="high">"# : ">"
    guard withCaption else { return html }
    html += #"<div class="caption"><a class="place""#
    if let id = post.restaurantId, linksPlace {
      let place = post.areaName.isEmpty ? post.restaurant : "\(post.restaurant), \(post.areaName)"
      html += #" href="/r/\#(id)" aria-label=""# + PageHead.escape(place) + #"""#
    }
    html += #"><b class="restaurant">"# + PageHead.escape(post.restaurant) + "</b>"
    html += #"<span class="area">"# + PageHead.escape(post.areaSuffix) + "</span></a>"
    if let caption = post.caption, !caption.isEmpty {
      html += #"<span class="dish">"# + PageHead.escape(caption) + "</span>"
    }
    html += #"<span class="meta">"# + PageHead.escape("\(post.likes) · @\(post.author.username)")
    return html + "</span></div>"
  }

  /// JSON as the text of a data block: every `<` written `\u003c` (it occurs only inside
  /// strings), so no `</script` or `<!--` can appear in it.
  static func dataBlock(_ json: [UInt8]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.count + 64)
    for byte in json {
      if byte == UInt8(ascii: "<") {
        bytes.append(contentsOf: Array(#"\u003c"#.utf8))
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
