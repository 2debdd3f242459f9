import Foundation
import Testing

@testable import LotsServer

/// Main's first screen on the server: the width it lays out for, the stylesheet's address in
/// both directions, and HTML that keeps every user text as text. (That its frames are the
/// page engine's, to the bit, is the browser test test_first_screen.py, against the wasm.)
@Suite(.oncePerRun) struct FirstScreenTests {
  @Test(arguments: [
    ("390x3", ViewportHint(width: 390, scale: 3)),
    ("1264x1.25", ViewportHint(width: 1264, scale: 1.25)),
    ("412x2.625", ViewportHint(width: 412, scale: 2.625)),
  ])
  func theCookieSaysTheWidthAndScale(cookie: String, hint: ViewportHint) {
    #expect(ViewportHint.parse(cookie: cookie) == hint)
  }

  @Test(arguments: [
    "", "x", "390", "390x", "x3", "390x3x1x1", "-390x3", "390x-3", "100x3", "5000x3", "390x9",
    "390x0", "1e3x1", "390 x3", "390x3;", "nanxnan", "390x1.0000000000000000000001",
  ])
  func anythingElseIsNoHint(cookie: String) {
    #expect(ViewportHint.parse(cookie: cookie) == nil)
  }

  @Test func numbersAreWrittenAsJavaScriptWritesThem() {
    #expect(FirstScreenStyle.number(185) == "185")
    #expect(FirstScreenStyle.number(310.5) == "310.5")
    #expect(FirstScreenStyle.number(0) == "0")
    #expect(FirstScreenStyle.number(103.33333333333333) == "103.33333333333333")
  }

  @Test func theStylesheetPlacesWhatItsAddressSays() throws {
    let frames = FirstScreenLayout.frames(
      of: [(400, 300), (300, 600), (500, 500), (640, 480)],
      in: ViewportHint(width: 412, scale: 2.625), kind: .waterfall)
    let address = FirstScreenStyle.address(
      width: frames.width, height: frames.height,
      cells: frames.items.map { (frame: $0, color: "#A1b2c3") })
    let query = try #require(URLComponents(string: address)?.queryItems)
    let value = { (name: String) in query.first { $0.name == name }?.value }
    let sheet = try FirstScreenStyle.sheet(
      width: value("w"), height: value("h"), cells: value("c"))
    for (index, frame) in frames.items.enumerated() {
      let rule =
        "#fs-\(index){left:\(FirstScreenStyle.number(frame.x))px;"
        + "top:\(FirstScreenStyle.number(frame.y))px;"
        + "width:\(FirstScreenStyle.number(frame.width))px;"
        + "height:\(FirstScreenStyle.number(frame.height))px;background:#000000}"
      #expect(sheet.contains(rule), "an unknown colour is black")
    }
    // The content's width is on the pixel grid, as the engine rounds it.
    #expect(frames.items.count == 4 && frames.width == (412 * 2.625).rounded() / 2.625)
  }

  @Test(
    arguments: [
      ("1", "1", "1,2,3,4,zzzzzz"), ("1", "1", "1,2,3,4,#a1b2c3"), ("1", "1", "1,2,3,000000"),
      ("-1", "1", nil), (nil, "1", nil), ("1", "1e9", nil), ("1", "1", "1,2,3,4,000000}x{"),
      ("1", "1", "1,2,3,4,000000;;"), ("1", "1", "1,2,3,4,000000,5"),
    ] as [(String?, String?, String?)])
  func theStylesheetRefusesWhatItDidNotWrite(width: String?, height: String?, cells: String?) {
    #expect(throws: FirstScreenStyle.Refusal.self) {
      try FirstScreenStyle.sheet(width: width, height: height, cells: cells)
    }
  }

  @Test func aCellWithoutAColourKeepsItsOwnBackground() throws {
    // A restaurant's card without a cover (a pocket list): its tile is its background.
    let address = FirstScreenStyle.address(
      width: 10, height: 10, cells: [(frame: (0, 0, 5, 5), color: "")])
    #expect(address.hasSuffix("c=0,0,5,5,"))
    let sheet = try FirstScreenStyle.sheet(width: "10", height: "10", cells: "0,0,5,5,")
    #expect(sheet.contains("#fs-0{left:0px;top:0px;width:5px;height:5px}\n"))
    #expect(!sheet.contains("background:#"))
  }

  @Test func tooManyCellsAreRefused() {
    let cells = Array(repeating: "0,0,1,1,000000", count: FirstScreenStyle.maximumCells + 1)
    #expect(throws: FirstScreenStyle.Refusal.self) {
      try FirstScreenStyle.sheet(width: "1", height: "1", cells: cells.joined(separator: ";"))
    }
  }

  static let hostile = [
    "</script><script>alert(1)</script>", #""><img src=x onerror=alert(2)>"#, "<!-- <script>",
    "&lt;b&gt; & <b>bold</b>", "'; alert(3); '", "</main><main>",
  ]

  /// A feed page's JSON with posts saying `texts` everywhere a person writes.
  static func page(_ texts: [String]) throws -> [UInt8] {
    let items: [[String: Any]] = texts.enumerated().map { index, text in
      [
        "id": index + 1, "restaurant": text, "restaurantId": 7, "area": text, "caption": text,
        "likeCount": 1, "author": ["username": "ana"],
        "photo": [
          "width": 400, "height": 300, "color": text, "thumbnailURL": "/images/\(text)",
          "displayURL": "/images/d", "thumbnailWidth": 400, "displayWidth": 1080,
          "description": text,
        ],
      ]
    }
    return Array(
      try JSONSerialization.data(withJSONObject: ["items": items, "sequence": 3] as [String: Any]))
  }

  @Test func everyTextAPersonWroteStaysText() throws {
    let json = try Self.page(Self.hostile)
    let posts = try FirstScreenPost.posts(ofPage: json)
    let html = FirstScreenHTML.feed(page: json, list: .main, posts: posts, hint: .phone)
    let markup = try #require(html.components(separatedBy: "<script").first)
    for text in Self.hostile { #expect(!markup.contains(text), "\(text)") }
    #expect(html.components(separatedBy: "<script").count == 2, "the data block alone")
    #expect(html.components(separatedBy: "</script>").count == 2)
    #expect(!html.contains("<img src=x") && !html.contains("<b>") && !html.contains("</main>"))
    // The data block is the page's JSON, `<` written as \u003c: parsed, the same values.
    let start = try #require(html.range(of: #"data-path="/api/feed">"#)).upperBound
    let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
    let block = String(html[start..<end])
    #expect(!block.contains("<"))
    let parsed = try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any]
    let original = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
    #expect((parsed as NSDictionary?) == (original as NSDictionary?))
  }

  @Test func theFirstRowIsFetchedFirstAndOnlyTheFirstScreenIsWritten() throws {
    let json = try Self.page((0..<40).map { "Dish \($0)" })
    let posts = try FirstScreenPost.posts(ofPage: json)
    let html = FirstScreenHTML.feed(page: json, list: .main, posts: posts, hint: .phone)
    let cells = html.components(separatedBy: "<article ").count - 1
    #expect(cells > 4 && cells < 40, "the first screen, not the page")
    #expect(html.components(separatedBy: #"fetchpriority="high""#).count - 1 == 2, "one row")
    // The document carries the first screen's posts and a few; fewer for a shorter screen.
    #expect(
      FirstScreenHTML.carried(posts, hint: .phone, kind: .waterfall) == cells
        + FirstScreenHTML.margin)
    var short = ViewportHint.phone
    short.height = 400
    #expect(
      FirstScreenHTML.carried(posts, hint: short, kind: .waterfall) < cells
        + FirstScreenHTML.margin)
    #expect(
      FirstScreenHTML.carried(posts, hint: short, kind: .waterfall) >= FirstScreenHTML.fewest)
    #expect(FirstScreenHTML.carried(Array(posts.prefix(3)), hint: .phone, kind: .waterfall) == 3)
  }
}

/// The signed-in header the server writes over the real shell: every edit finds its one place.
@Suite(.oncePerRun) struct SignedInHeaderTests {
  static let shell = try! String(
    contentsOf: CompressedFilesTests.web.appendingPathComponent("index.html"), encoding: .utf8)

  @Test(arguments: [false, true])
  func everyEditFindsItsOnePlaceInTheRealShell(moderator: Bool) throws {
    let edits = SignedInHeader.edits(username: "ana_b", moderator: moderator)
    let html = try #require(SignedInHeader.apply(edits, to: Self.shell))
    #expect(html.contains(#"<div id="intro" hidden>"#))
    #expect(html.contains(#"<form id="session" hidden "#))
    #expect(
      html.contains(
        #"<a id="profile-link" data-nav="u/ana_b" href="/u/ana_b" aria-label="Profile @ana_b">@ana_b</a>"#
      ))
    #expect(html.contains(#"id="lists-link">"#))
    #expect(html.contains(#"<p id="who"><a id="bell" href="/notifications""#))
    #expect(html.contains(#"href="/moderation/" hidden>"#) == !moderator)
  }

  @Test func aShellWithoutThePlaceIsLeftAsItIs() {
    let edits = SignedInHeader.edits(username: "ana", moderator: false)
    #expect(SignedInHeader.apply(edits, to: "<p>no header</p>") == nil)
    #expect(SignedInHeader.apply(edits, to: Self.shell + Self.shell) == nil, "twice")
  }

  @Test func aNameIsEncodedAsThePageEncodesIt() {
    #expect(PathSegment.encode("ana_b.1") == "ana_b.1")
    #expect(PathSegment.encode("a b/ü\"<") == "a%20b%2F%C3%BC%22%3C")
  }
}
