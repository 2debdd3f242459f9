import Hummingbird

/// Refuses, before anything reads it, a request path that is not canonical, and keeps every
/// redirect the server makes on its own origin.
///
/// A path is canonical when it starts with one `/`, has no empty segment (`//`: a browser reads
/// `//host/x` as another host), no `.` or `..` segment, no control byte, backslash or space,
/// raw or percent-encoded, and no encoded `/` or `%` (two spellings of one path, or one file
/// name that means another after a second decoding); its percent-encoding is valid UTF-8. What
/// the file server, the router and the routes then see is the one spelling of one resource:
/// `/icon.svg%00.html` cannot choose a content type, `//moderation%00@evil.example/x` cannot
/// become a redirect to another host.
struct CanonicalPathMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let problem = Self.problem(in: request.uri.path) {
      throw AppError(.badRequest, "the path \(problem)")
    }
    let response = try await next(request, context)
    if let location = response.headers[.location], !Self.isOwnOrigin(location) {
      context.logger.warning("refused a redirect off the origin for \(request.uri.path)")
      throw AppError(.badRequest, "the path cannot be redirected")
    }
    return response
  }

  /// What makes a raw request path not canonical, as a phrase ("must not …"), or nil.
  /// - Complexity: O(*n*) for *n* bytes.
  static func problem(in path: String) -> String? {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return "must start with /" }
    guard bytes.count <= 2048 else { return "must be at most 2048 bytes" }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return "has an invalid percent-encoding" }
        let value = high << 4 | low
        if value == UInt8(ascii: "/") || value == UInt8(ascii: "%") {
          return "must not encode / or %"
        }
        if isForbidden(value) { return "must not contain control characters or backslashes" }
        decoded.append(value)
        index += 3
      } else {
        if isForbidden(byte) { return "must not contain control characters or backslashes" }
        decoded.append(byte)
        index += 1
      }
    }
    guard String(validating: decoded, as: UTF8.self) != nil else {
      return "must be valid UTF-8"
    }
    let segments = decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    // The first segment is the empty one before the leading slash; the last may be empty (a
    // folder's trailing slash); no other may be.
    for (position, segment) in segments.enumerated().dropFirst() {
      if segment.isEmpty && position != segments.count - 1 { return "must not contain //" }
      if segment.elementsEqual([UInt8(ascii: ".")])
        || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
      {
        return "must not contain . or .. segments"
      }
    }
    return nil
  }

  /// Whether a `Location` stays on this origin: a path, not `//host` nor `/\host` (which
  /// browsers read as a host), nor a URL with a scheme.
  static func isOwnOrigin(_ location: String) -> Bool {
    let bytes = Array(location.utf8.prefix(2))
    guard bytes.first == UInt8(ascii: "/") else { return false }
    guard bytes.count == 2 else { return true }
    return bytes[1] != UInt8(ascii: "/") && bytes[1] != UInt8(ascii: "\\")
  }

  private static func isForbidden(_ byte: UInt8) -> Bool {
    byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: "\\")
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
