/// Counts the scans of a JPEG by walking its markers, without decoding anything.
///
/// A progressive JPEG may hold any number of scans, and each one makes the decoder visit every
/// block of the image again: a few kilobytes of scans that each cover the whole image with one
/// end-of-band run keep libjpeg busy for minutes (libjpeg-turbo's LJT-01-003). Counting the
/// start-of-scan markers first lets the pipeline refuse such a file before it reaches a thread.
enum JPEGScans {
  /// The number of start-of-scan (SOS) markers in `bytes`, stopping at the end-of-image marker.
  /// Segments are skipped by their length (an EXIF thumbnail's own markers are never counted)
  /// and entropy-coded data up to the next marker (stuffed `FF 00` and restart markers are data).
  /// A truncated file counts the scans that begin before its end.
  /// - Complexity: O(n) in the bytes read.
  static func count(in bytes: [UInt8]) -> Int {
    var scans = 0
    var index = 2  // after SOI
    while index + 1 < bytes.count {
      guard bytes[index] == 0xFF else {
        index += 1  // entropy-coded data of the current scan
        continue
      }
      let marker = bytes[index + 1]
      switch marker {
      case 0xFF:
        index += 1  // fill byte before a marker
      case 0x00, 0x01, 0xD0...0xD8:
        index += 2  // stuffed zero, TEM, restart or SOI: no length follows
      case 0xD9:
        return scans  // end of image
      default:
        guard index + 3 < bytes.count else { return scans }
        let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
        if marker == 0xDA { scans += 1 }
        index += 2 + max(length, 2)
      }
    }
    return scans
  }
}
