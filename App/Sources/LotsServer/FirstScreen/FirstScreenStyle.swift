/// The stylesheet that places a first screen's cells (``FirstScreenHTML``): the page's policy
/// (`style-src 'self'`) refuses inline styles, so the frames travel in the stylesheet's
/// address, `/first-screen.css?w=390&h=2345&c=0,0,185,310.5,a1b2c3;…`, and come back as CSS.
/// Stateless (any server instance answers it) and immutable (the same address, the same
/// sheet), so a browser keeps it; the address is parsed strictly and bounded, and only numbers
/// and colours this file wrote go into the sheet.
enum FirstScreenStyle {
  /// The path of the stylesheet.
  static let path = "/first-screen.css"
  /// The most cells an address may place.
  static let maximumCells = 64

  /// A number as CSS and JavaScript write it: `185`, `310.5`, `103.33333333333333`.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// The address placing `cells` in content `width` × `height`.
  static func address(
    width: Double, height: Double,
    cells: [(frame: (x: Double, y: Double, width: Double, height: Double), color: String)]
  ) -> String {
    let list = cells.map { cell in
      let frame = cell.frame
      // No colour: the cell's own background (a restaurant's tile without a cover).
      let color = cell.color.isEmpty ? "" : hexColor(cell.color) ?? "000000"
      return [frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: ",")
        + ",\(color)"
    }
    return "\(path)?w=\(number(width))&h=\(number(height))&c=" + list.joined(separator: ";")
  }

  /// `a1b2c3` for `#a1b2c3` (lower-case six hex digits), else nil.
  static func hexColor(_ text: some StringProtocol) -> String? {
    let digits = text.hasPrefix("#") ? Substring(text.dropFirst()) : Substring(text)
    guard digits.utf8.count == 6,
      digits.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    return String(digits)
  }

  /// Why an address is refused.
  struct Refusal: Error, Equatable {
    let reason: String
  }

  /// The stylesheet of the address's query parameters `w`, `h` and `c`.
  /// - Throws: ``Refusal`` when one is missing or malformed, or there are too many cells.
  /// - Complexity: O(n) for an address of n characters.
  static func sheet(width: String?, height: String?, cells: String?) throws -> String {
    guard let width = width.flatMap(length), let height = height.flatMap(length) else {
      throw Refusal(reason: "w and h must be lengths from 0 to 1000000")
    }
    let list = (cells ?? "").split(separator: ";", omittingEmptySubsequences: false)
    guard list.count <= maximumCells else {
      throw Refusal(reason: "at most \(maximumCells) cells")
    }
    var css = ".first-screen{position:relative;overflow:auto;width:100%;height:100%;"
    css += "overscroll-behavior:contain;direction:ltr;overflow-anchor:none}\n"
    css += ".first-screen>.cv-content{position:relative;overflow:hidden;contain:strict;"
    css += "width:\(number(width))px;height:\(number(height))px}\n"
    css += ".first-screen .cv-cell{position:absolute;box-sizing:border-box;margin:0}\n"
    guard cells?.isEmpty == false else { return css }
    for (index, cell) in list.enumerated() {
      let parts = cell.split(separator: ",", omittingEmptySubsequences: false)
      let numbers = parts.prefix(4).compactMap(length)
      let color = parts.count == 5 && parts[4].isEmpty ? "" : hexColor(parts.last ?? "")
      guard parts.count == 5, numbers.count == 4, let color, !parts[4].hasPrefix("#") else {
        throw Refusal(reason: "cell \(index + 1) must be x,y,width,height,rrggbb (or no colour)")
      }
      css += "#fs-\(index){left:\(number(numbers[0]))px;top:\(number(numbers[1]))px;"
      css += "width:\(number(numbers[2]))px;height:\(number(numbers[3]))px"
      css += color.isEmpty ? "}\n" : ";background:#\(color)}\n"
    }
    return css
  }

  /// A plain decimal from 0 to 1,000,000 (at most 24 characters), else nil.
  private static func length(_ text: some StringProtocol) -> Double? {
    guard (1...24).contains(text.utf8.count),
      text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 }),
      let value = Double(text), value.isFinite, (0...1_000_000).contains(value)
    else { return nil }
    return value
  }
}
