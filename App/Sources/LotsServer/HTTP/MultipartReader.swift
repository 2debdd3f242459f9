/// Reads a `multipart/form-data` body as it arrives: each part is handed out as soon as its
/// closing delimiter is in, so that an upload of several photos holds one photo's bytes at a
/// time, not the whole body.
///
/// Before a part's content is read, `admit` sees its headers and the index of the part among
/// those of its name (from 1): it answers the most bytes that part may have, or throws (an
/// unknown field, an eleventh photo) before any of its content is kept.
struct MultipartReader {
  /// Where in the body the reader is.
  private enum Phase {
    /// Before the first delimiter (a preamble is ignored).
    case preamble
    /// Just after a delimiter: "--" ends the body, CRLF starts a part.
    case delimiter
    /// In a part's headers, up to the blank line.
    case headers
    /// In a part's content, up to CRLF and the next delimiter; at most `limit` bytes.
    case content(MultipartForm.Part, index: Int, limit: Int)
    /// After the closing delimiter.
    case done
  }

  private let delimiter: [UInt8]
  private let contentEnd: [UInt8]
  private let admit: (MultipartForm.Part, Int) throws(AppError) -> Int
  private var phase = Phase.preamble
  private var buffer: [UInt8] = []
  /// Where the search for the current phase's end resumes in `buffer`.
  private var searched = 0
  private var counts: [String: Int] = [:]
  private var parts = 0

  /// The most parts a body may have.
  static let maximumParts = 32

  /// A reader of a body whose boundary is `boundary`; `admit` is asked about each part.
  init(
    boundary: String, admit: @escaping (MultipartForm.Part, Int) throws(AppError) -> Int
  ) {
    delimiter = Array("--\(boundary)".utf8)
    contentEnd = [13, 10] + delimiter
    self.admit = admit
  }

  private static var malformed: AppError { AppError.badRequest("malformed multipart body") }

  /// Takes the next bytes of the body and returns the parts they complete, in order.
  /// - Throws: ``AppError`` 400 for a malformed body or too many parts, 413 for a part over its
  ///   limit, and whatever `admit` throws.
  /// - Complexity: O(n) in the bytes taken: each byte is searched once per phase.
  mutating func take(_ bytes: some Sequence<UInt8>) throws(AppError) -> [MultipartForm.Part] {
    buffer.append(contentsOf: bytes)
    var completed: [MultipartForm.Part] = []
    while let part = try step() { completed += part }
    return completed
  }

  /// Says the body has ended.
  /// - Throws: ``AppError`` 400 unless it ended with the closing delimiter.
  func finish() throws(AppError) {
    guard case .done = phase else { throw Self.malformed }
  }

  /// Advances one phase if the buffer holds its end: nil when more bytes are needed, otherwise
  /// the parts completed (none or one).
  private mutating func step() throws(AppError) -> [MultipartForm.Part]? {
    switch phase {
    case .preamble:
      guard let start = find(delimiter) else {
        // Keep only what could begin a delimiter.
        if buffer.count > 64 * 1024 { throw Self.malformed }
        return nil
      }
      consume(start + delimiter.count, next: .delimiter)
      return []
    case .delimiter:
      guard buffer.count >= 2 else { return nil }
      if buffer[0] == 45, buffer[1] == 45 {
        phase = .done
        buffer = []
        return nil
      }
      guard buffer[0] == 13, buffer[1] == 10 else { throw Self.malformed }
      consume(2, next: .headers)
      return []
    case .headers:
      guard let end = find([13, 10, 13, 10]) else {
        if buffer.count > 16 * 1024 {
          throw AppError.badRequest("multipart part headers too long")
        }
        return nil
      }
      let part = try MultipartForm.part(headers: String(decoding: buffer[..<end], as: UTF8.self))
      parts += 1
      guard parts <= Self.maximumParts else {
        throw AppError.badRequest("too many multipart parts")
      }
      let index = counts[part.name, default: 0] + 1
      counts[part.name] = index
      let limit = try admit(part, index)
      consume(end + 4, next: .content(part, index: index, limit: limit))
      return []
    case .content(var part, let index, let limit):
      guard let end = find(contentEnd) else {
        // The content so far, less what could begin the delimiter, already exceeds the limit.
        if buffer.count - contentEnd.count > limit { throw Self.tooLarge(part, index, limit) }
        return nil
      }
      guard end <= limit else { throw Self.tooLarge(part, index, limit) }
      part.bytes = Array(buffer[..<end])
      consume(end + contentEnd.count, next: .delimiter)
      return [part]
    case .done:
      buffer = []
      return nil
    }
  }

  /// 413 for value `index` of field `part.name`, which is over `limit` bytes.
  private static func tooLarge(_ part: MultipartForm.Part, _ index: Int, _ limit: Int) -> AppError
  {
    let size = limit >= 1024 * 1024 ? "\(limit / (1024 * 1024)) MB" : "\(limit) bytes"
    var error = AppError(
      .contentTooLarge, "\(part.name) is larger than \(size)", field: part.name)
    error.index = index
    return error
  }

  /// Drops the first `count` bytes and moves to `next`.
  private mutating func consume(_ count: Int, next: Phase) {
    buffer.removeFirst(count)
    searched = 0
    phase = next
  }

  /// The first index of `needle` in the buffer, searching only bytes not searched before.
  private mutating func find(_ needle: [UInt8]) -> Int? {
    let from = max(0, searched - needle.count + 1)
    if let found = MultipartForm.find(needle, in: buffer, from: from) { return found }
    searched = buffer.count
    return nil
  }
}
