import Foundation

/// What a `Range` header asks of a representation of `length` bytes, as RFC 9110 §14 reads it
/// for a server that serves single ranges only.
enum ByteRange: Equatable {
  /// Send the whole representation (200): no header, or one the server may ignore — another
  /// unit, a malformed range set, or several ranges (a server MAY ignore Range; multipart
  /// answers are not worth their cost for images).
  case whole
  /// Send these bytes (206).
  case partial(ClosedRange<Int>)
  /// A well-formed single range that no byte satisfies (416).
  case unsatisfiable

  /// Reads a `Range` header against a length.
  ///
  /// - Complexity: O(*h*) for a header of *h* characters.
  static func resolve(_ header: String?, length: Int) -> ByteRange {
    guard let header, header.hasPrefix("bytes=") else { return .whole }
    let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
    let startText = spec[..<dash]
    let endText = spec[spec.index(after: dash)...]
    let digits = { (text: Substring) in
      !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
    }
    if startText.isEmpty {
      // The last N bytes; "-0" asks for none.
      guard digits(endText), let suffix = Int(endText) else { return .whole }
      guard suffix > 0, length > 0 else { return .unsatisfiable }
      return .partial(max(0, length - suffix)...(length - 1))
    }
    guard digits(startText), let start = Int(startText) else { return .whole }
    if endText.isEmpty { return start < length ? .partial(start...(length - 1)) : .unsatisfiable }
    guard digits(endText), let end = Int(endText), end >= start else { return .whole }
    return start < length ? .partial(start...min(end, length - 1)) : .unsatisfiable
  }
}
