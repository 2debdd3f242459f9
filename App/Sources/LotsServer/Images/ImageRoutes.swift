import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix

/// Serves stored images by content address: immutable, with ETag and Range support.
struct ImageRoutes {
  let services: AppServices

  /// The URL of a stored image key.
  static func url(forKey key: String) -> String { "/images/\(key)" }
  /// The key of an image's URL (``url(forKey:)``'s inverse).
  static func key(fromURL url: String) -> String { String(url.split(separator: "/").last ?? "") }

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("images/:key") { request, context in
      let key = context.parameters.get("key") ?? ""
      guard FileImageStore.isValid(key), let image = try await services.images.open(key: key),
        image.length > 0
      else { throw AppError.notFound("image") }
      let answer = Self.answer(to: request, key: key, length: image.length)
      guard let range = answer.range else {
        return Response(status: answer.status, headers: answer.headers)
      }
      if let bytes = image.bytes {
        return Response(
          status: answer.status, headers: answer.headers,
          body: .init(byteBuffer: ByteBuffer(bytes: bytes[range])))
      }
      let body = try await services.images.body(forKey: key, range: range, context: context)
      return Response(status: answer.status, headers: answer.headers, body: body)
    }
  }

  /// The status, headers and byte range of the answer to a request for an image of `length`
  /// bytes: 304 for a matching `If-None-Match`, 206 for a satisfiable single range, 416 for an
  /// unsatisfiable one, else 200 (an ignorable `Range` is ignored, RFC 9110 §14.2). Only
  /// successful answers are immutable: a 416 says `no-store`.
  static func answer(to request: Request, key: String, length: Int)
    -> (status: HTTPResponse.Status, headers: HTTPFields, range: ClosedRange<Int>?)
  {
    let etag = "\"\(key.prefix(64))\""
    var headers: HTTPFields = [
      .contentType: contentType(key), .cacheControl: "public, max-age=31536000, immutable",
      .eTag: etag, .acceptRanges: "bytes",
    ]
    if let match = request.headers[.ifNoneMatch],
      match == "*"
        || match.split(separator: ",").contains(where: {
          $0.trimming(" ").replacingOccurrences(of: "W/", with: "") == etag
        })
    {
      return (.notModified, headers, nil)
    }
    switch ByteRange.resolve(request.headers[.range], length: length) {
    case .whole:
      headers[.contentLength] = String(length)
      return (.ok, headers, 0...(length - 1))
    case .partial(let range):
      headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
      headers[.contentLength] = String(range.count)
      return (.partialContent, headers, range)
    case .unsatisfiable:
      return (
        .rangeNotSatisfiable,
        [.contentRange: "bytes */\(length)", .cacheControl: "no-store", .acceptRanges: "bytes"],
        nil
      )
    }
  }

  static func contentType(_ key: String) -> String {
    if key.hasSuffix(".png") { return "image/png" }
    if key.hasSuffix(".webp") { return "image/webp" }
    return "image/jpeg"
  }
}
