import Foundation
import HTTPTypes
import Hummingbird
import NIOPosix

/// Serves stored images by content address: immutable, with ETag and Range support.
struct ImageRoutes {
  let services: AppServices

  /// The URL of a stored image key.
  static func url(forKey key: String) -> String { "/images/\(key)" }

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.get("images/:key") { request, context in
      let key = context.parameters.get("key") ?? ""
      let images = services.images
      guard FileImageStore.isValid(key),
        let bytes = try await NIOThreadPool.singleton.runIfActive({
          try images.bytes(forKey: key)
        })
      else { throw AppError.notFound("image") }
      return try Self.response(bytes: bytes, key: key, request: request)
    }
  }

  static func response(bytes: [UInt8], key: String, request: Request) throws -> Response {
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
      return Response(status: .notModified, headers: headers)
    }
    guard let rangeHeader = request.headers[.range] else {
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
    guard let range = ByteRange.resolve(rangeHeader, length: bytes.count) else {
      headers[.contentRange] = "bytes */\(bytes.count)"
      var error = AppError(.rangeNotSatisfiable, "range is not satisfiable")
      error.headers = headers
      throw error
    }
    headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)"
    return Response(
      status: .partialContent, headers: headers,
      body: .init(byteBuffer: ByteBuffer(bytes: bytes[range])))
  }

  static func contentType(_ key: String) -> String {
    if key.hasSuffix(".png") { return "image/png" }
    if key.hasSuffix(".webp") { return "image/webp" }
    return "image/jpeg"
  }
}
