import HTTPTypes
import Hummingbird

/// The width the page's list will be laid out in, and the display's pixels per point: what the
/// server needs to lay out a list's first screen exactly as the page's engine will.
///
/// Read, most exact first, from the `lots-view` cookie the page sets after its first layout
/// (`390x3`: the list's own width, which excludes a scroll bar, and `devicePixelRatio`; `1265x1x15`
/// also the scroll bar's width), from
/// the client hints `Sec-CH-Viewport-Width` and `Sec-CH-DPR` (Chromium sends them once asked,
/// see ``acceptHeaders``), else a phone's (390 points at 3 pixels each).
struct ViewportHint: Equatable, Sendable {
  /// The list's width in CSS pixels.
  var width: Double
  /// Device pixels per CSS pixel.
  var scale: Double
  /// The viewport's height in CSS pixels, when the browser said it (`Sec-CH-Viewport-Height`).
  var height: Double? = nil
  /// The list's scroll bar's width in CSS pixels (0 where scroll bars lie over the content):
  /// a list narrower than the page (the mosaic's) is narrower by it too.
  var gutter: Double = 0

  /// What a phone shows when nothing says otherwise.
  static let phone = ViewportHint(width: 390, scale: 3)
  /// The widths a list is laid out in on the server (anything else: the phone's).
  static let widths: ClosedRange<Double> = 200...4000
  /// The scroll bar widths accepted.
  static let gutters: ClosedRange<Double> = 0...100
  /// The display scales accepted.
  static let scales: ClosedRange<Double> = 0.5...8
  /// The cookie the page writes.
  static let cookie = "lots-view"

  /// The response headers that ask Chromium for the hints (on this and later navigations).
  static let acceptHeaders: [(String, String)] = [
    ("Accept-CH", "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height, Sec-CH-DPR"),
    // Chromium asks again at once, with the hints, when it had none (a first visit).
    ("Critical-CH", "Sec-CH-Viewport-Width, Sec-CH-Viewport-Height, Sec-CH-DPR"),
  ]

  /// The client hints' header names, made once.
  private static let widthHint = HTTPField.Name("Sec-CH-Viewport-Width")!
  private static let heightHint = HTTPField.Name("Sec-CH-Viewport-Height")!
  private static let scaleHint = HTTPField.Name("Sec-CH-DPR")!

  /// The hint of `request`.
  static func of(_ request: Request) -> ViewportHint {
    var height: Double?
    if let value = request.headers[heightHint].flatMap(number), widths.contains(value) {
      height = value
    }
    if let value = request.cookies[cookie]?.value, var hint = parse(cookie: String(value)) {
      hint.height = height
      return hint
    }
    var hint = phone
    hint.height = height
    if let width = request.headers[widthHint].flatMap(number), widths.contains(width) {
      hint.width = width.rounded(.down)
    }
    if let scale = request.headers[scaleHint].flatMap(number), scales.contains(scale) {
      hint.scale = scale
    }
    return hint
  }

  /// `390x3`, `1264x1.25` or `1265x1x15` (width, scale, scroll bar), in range; nil for
  /// anything else.
  static func parse(cookie value: String) -> ViewportHint? {
    let parts = value.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, let width = number(parts[0]),
      let scale = number(parts[1]), widths.contains(width), scales.contains(scale)
    else { return nil }
    var hint = ViewportHint(width: width, scale: scale)
    if parts.count == 3 {
      guard let gutter = number(parts[2]), gutters.contains(gutter) else { return nil }
      hint.gutter = gutter
    }
    return hint
  }

  /// A plain decimal (digits and points, at most 20 characters), nothing else.
  private static func number(_ text: some StringProtocol) -> Double? {
    guard (1...20).contains(text.utf8.count),
      text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 })
    else { return nil }
    return Double(text)
  }
}
