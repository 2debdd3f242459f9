/// A parsed `multipart/form-data` body.
struct MultipartForm: Sendable {
  /// One part of the form.
  struct Part: Sendable {
    var name: String
    var filename: String?
    var contentType: String?
    var bytes: [UInt8]
  }

  /// The parts, in order.
  var parts: [Part]

  /// The boundary declared in a `Content-Type` header.
  /// - Throws: ``AppError`` 415 when the type isn't multipart/form-data with a boundary.
  static func boundary(contentType: String?) throws(AppError) -> String {
    let invalid = AppError(
      .unsupportedMediaType, "body must be multipart/form-data with a boundary")
    guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else {
      throw invalid
    }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map {
        $0.trimming(" \t\"")
      }
      if pair.count == 2, pair[0].lowercased() == "boundary", (1...70).contains(pair[1].count) {
        return pair[1]
      }
    }
    throw invalid
  }

  /// Parses a whole body (``MultipartReader`` reads one as it arrives).
  /// - Throws: ``AppError`` 400 naming what is malformed.
  init(body: [UInt8], boundary: String) throws(AppError) {
    var reader = MultipartReader(boundary: boundary) { _, _ throws(AppError) in body.count }
    parts = try reader.take(body)
    try reader.finish()
  }

  static func part(headers: String) throws(AppError) -> Part {
    var name: String?
    var filename: String?
    var contentType: String?
    for line in headers.split(separator: "\r\n") {
      let pair = line.split(separator: ":", maxSplits: 1)
      guard pair.count == 2 else { throw AppError.badRequest("malformed multipart part header") }
      let value = pair[1].trimming(" \t")
      switch pair[0].lowercased() {
      case "content-disposition":
        for item in value.split(separator: ";").dropFirst() {
          let kv = item.split(separator: "=", maxSplits: 1).map {
            $0.trimming(" \t\"")
          }
          guard kv.count == 2 else { continue }
          if kv[0] == "name" { name = kv[1] } else if kv[0] == "filename" { filename = kv[1] }
        }
      case "content-type": contentType = value
      default: break
      }
    }
    guard let name, !name.isEmpty else {
      throw AppError.badRequest("multipart part without a name")
    }
    return Part(name: name, filename: filename, contentType: contentType, bytes: [])
  }

  /// The first index of `needle` in `haystack` at or after `start`.
  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first {
        var matched = true
        for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
          matched = false
          break
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }
}

extension StringProtocol {
  func trimming(_ set: String) -> String {
    let scalars = Set(set.unicodeScalars)
    var text = Substring(self)
    while let first = text.unicodeScalars.first, scalars.contains(first) {
      text = Substring(text.unicodeScalars.dropFirst())
    }
    while let last = text.unicodeScalars.last, scalars.contains(last) {
      text = Substring(text.unicodeScalars.dropLast())
    }
    return String(text)
  }
}
