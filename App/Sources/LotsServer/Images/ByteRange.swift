/// A single byte range from a `Range: bytes=...` header, resolved against a length.
enum ByteRange {
  /// The inclusive range, or nil when the header is malformed or unsatisfiable.
  /// Multiple ranges are not supported and answer nil.
  static func resolve(_ header: String, length: Int) -> ClosedRange<Int>? {
    guard header.hasPrefix("bytes="), length > 0 else { return nil }
    let spec = header.dropFirst(6)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
    let startText = spec[..<dash]
    let endText = spec[spec.index(after: dash)...]
    if startText.isEmpty {
      guard let suffix = Int(endText), suffix > 0 else { return nil }
      return max(0, length - suffix)...(length - 1)
    }
    guard let start = Int(startText), start >= 0, start < length else { return nil }
    if endText.isEmpty { return start...(length - 1) }
    guard let end = Int(endText), end >= start else { return nil }
    return start...min(end, length - 1)
  }
}
