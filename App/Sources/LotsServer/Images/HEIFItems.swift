/// The item types a HEIF file declares (the `infe` boxes in the `iinf` box of its top-level
/// `meta` box): what libheif would decode, whatever the file's brands say. A HEIF container can
/// hold AV1 (AVIF), JPEG or uncompressed items as well as HEVC, and its brands are just bytes an
/// uploader can rewrite; the item types are what the decoder goes by.
enum HEIFItems {
  /// The item types a HEIC photo may have: HEVC-coded images, grids and overlays of them,
  /// derived and metadata items.
  static let allowed: Set<String> = ["hvc1", "grid", "iden", "iovl", "Exif", "mime", "uri "]

  /// Whether every item is one ``allowed`` and at least one is an HEVC image.
  static func isHEVC(_ bytes: [UInt8]) -> Bool {
    guard let types = types(in: bytes), types.contains("hvc1") else { return false }
    return types.allSatisfy(allowed.contains)
  }

  /// The item types in file order, or nil when the boxes are malformed or missing.
  ///
  /// - Complexity: O(*b*) for *b* boxes read (never the image data itself).
  static func types(in bytes: [UInt8]) -> [String]? {
    guard let meta = child("meta", of: 0..<bytes.count, in: bytes),
      meta.count >= 4,
      let iinf = child("iinf", of: meta.lowerBound + 4..<meta.upperBound, in: bytes),
      iinf.count >= 6
    else { return nil }
    let version = bytes[iinf.lowerBound]
    let entriesStart = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
    var types: [String] = []
    var at = entriesStart
    while let box = box(at: at, within: iinf.upperBound, in: bytes) {
      at = box.end
      guard box.type == "infe" else { continue }
      let body = box.body
      // Versions 2 and 3 name the item type; older ones belong to other formats.
      guard body.count >= 4, bytes[body.lowerBound] >= 2 else { return nil }
      let idLength = bytes[body.lowerBound] == 2 ? 2 : 4
      let typeAt = body.lowerBound + 4 + idLength + 2
      guard typeAt + 4 <= body.upperBound else { return nil }
      types.append(String(decoding: bytes[typeAt..<typeAt + 4], as: UTF8.self))
    }
    return at == iinf.upperBound ? types : nil
  }

  /// The body of the first box of `type` among the boxes filling `range`.
  private static func child(_ type: String, of range: Range<Int>, in bytes: [UInt8])
    -> Range<Int>?
  {
    var at = range.lowerBound
    while let box = box(at: at, within: range.upperBound, in: bytes) {
      if box.type == type { return box.body }
      at = box.end
    }
    return nil
  }

  /// The box starting at `at`, if a whole one fits before `end`.
  private static func box(at: Int, within end: Int, in bytes: [UInt8])
    -> (type: String, body: Range<Int>, end: Int)?
  {
    guard at + 8 <= end else { return nil }
    var size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
    var header = 8
    if size == 1 {
      guard at + 16 <= end else { return nil }
      let large = bytes[at + 8..<at + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      guard large <= UInt64(end - at) else { return nil }
      size = Int(large)
      header = 16
    } else if size == 0 {
      size = end - at
    }
    guard size >= header, at + size <= end else { return nil }
    return (type, at + header..<at + size, at + size)
  }
}
