import Foundation

/// Small PDFs written byte by byte for the page counter's tests: correct ones of any page
/// count, and the kinds of wrong ones hostile or broken uploads are.
enum TestPDF {
  /// A PDF of `pages` blank A4 pages in one page-tree node; `loop` makes the node list itself
  /// among its kids, `encrypted` adds a password that is not empty.
  static func make(pages: Int, loop: Bool = false, encrypted: Bool = false) -> Data {
    var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
    var kids = (0..<pages).map { "\($0 + 3) 0 R" }
    if loop { kids.append("2 0 R") }
    objects.append("<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(pages) >>")
    for _ in 0..<pages {
      objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>")
    }
    var trailer = "/Size \(objects.count + 1) /Root 1 0 R"
    if encrypted {
      let hash = String(repeating: "7A", count: 32)
      objects.append(
        "<< /Filter /Standard /V 1 /R 2 /Length 40 /O <\(hash)> /U <\(hash)> /P -4 >>")
      let id = String(repeating: "01", count: 16)
      trailer =
        "/Size \(objects.count + 1) /Root 1 0 R /Encrypt \(objects.count) 0 R "
        + "/ID [<\(id)> <\(id)>]"
    }
    var text = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
    }
    text += "trailer\n<< \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
    return Data(text.utf8)
  }

  /// PDFs broken the ways uploads break: cut short (no trailer), and with every object moved
  /// by a line so that the cross-reference table points at the wrong places.
  static func damaged() -> [Data] {
    let good = make(pages: 3)
    var shifted = good
    shifted.insert(contentsOf: Data(("% " + String(repeating: "x", count: 40) + "\n").utf8), at: 9)
    return [good.prefix(good.count * 2 / 3), shifted]
  }

  /// Writes `data` to a new temporary file.
  static func file(_ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lots-test-\(UUID().uuidString).pdf")
    try data.write(to: url)
    return url
  }
}
