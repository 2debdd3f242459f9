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
    let sizes = posts.map { (width: $0.photo.width, height: $0.photo.height) }
    let deepest = depth(for: hint)
    let shown = FirstScreenLayout.frames(of: sizes, in: hint, kind: kind).items
      .filter { $0.y < deepest }
    return min(posts.count, max(shown.count + margin, fewest))
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
    let sizes = posts.map { (width: $0.photo.width, height: $0.photo.height) }
    let frames = FirstScreenLayout.frames(of: sizes, in: hint, kind: list.kind)
    // (At most what one stylesheet address places: the engine draws the rest.)
    let deepest = depth(for: hint)
    let shown = frames.items.indices.filter { frames.items[$0].y < deepest }
      .prefix(FirstScreenStyle.maximumCells)
    let firstRow = frames.items.map(\.y).min() ?? 0
    let style = FirstScreenStyle.address(
      width: frames.width, height: frames.height,
      cells: shown.map { (frame: frames.items[$0], color: posts[$0].photo.color) })
    var html = #"<link rel="stylesheet" href=""# + PageHead.escape(style) + #"">"#
    html += #"<div class="cv-scroller first-screen"><div class="cv-content" role="feed""#
    html += #" aria-label=""# + PageHead.escape(list.label) + #"" aria-busy="true">"#
    for (number, index) in shown.enumerated() {
      html += cell(
        posts[index], list: list, index: index, number: number,
        first: frames.items[index].y == firstRow)
    }
    html += "</div></div>"
    html += #"<script type="application/json" id="first-page" data-path=""#
    html += PageHead.escape(list.path) + #"">"#
    html += dataBlock(page) + "</script>"
    return html
  }

  /// One cell: `index` in the list, the `number`th written.
  private static func cell(
    _ post: FirstScreenPost, list: FirstScreenList, index: Int, number: Int, first: Bool
  ) -> String {
    let photo = post.photo
    // Named by what it holds (the photo's text, the caption) until the engine's cell, with its
    // label and place in the feed, takes over: every byte here is on the first load.
    var html = #"<article id="fs-\#(number)" class="cv-cell post" data-item="\#(index)">"#
    html += #"<img src=""# + PageHead.escape(photo.thumbnailURL)
    html += #"" srcset=""# + PageHead.escape("\(photo.thumbnailURL) \(photo.thumbnailWidth)w, ")
    html += PageHead.escape("\(photo.displayURL) \(photo.displayWidth)w")
    html += #"" sizes="\#(list.imageSizes)""#
    html += #" width="\#(Int(photo.width))" height="\#(Int(photo.height))""#
    html += #" alt=""# + PageHead.escape(post.alt) + #"""#
    html += first ? #" fetchpriority="high">"# : ">"
    guard list.withCaption else { return html + "</article>" }
    html += #"<div class="caption"><a class="place""#
    if let id = post.restaurantId {
      let place = post.areaName.isEmpty ? post.restaurant : "\(post.restaurant), \(post.areaName)"
      html += #" href="/r/\#(id)" aria-label=""# + PageHead.escape(place) + #"""#
    }
    html += #"><b class="restaurant">"# + PageHead.escape(post.restaurant) + "</b>"
    html += #"<span class="area">"# + PageHead.escape(post.areaSuffix) + "</span></a>"
    if let caption = post.caption, !caption.isEmpty {
      html += #"<span class="dish">"# + PageHead.escape(caption) + "</span>"
    }
    html += #"<span class="meta">"# + PageHead.escape("\(post.likes) · @\(post.author.username)")
    return html + "</span></div></article>"
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
