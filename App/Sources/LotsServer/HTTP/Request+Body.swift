import Foundation
import Hummingbird
import LotsCore
import NIOCore

extension Request {
  /// The largest JSON body accepted.
  static let maximumJSONBody = 64 * 1024

  /// Reads and strictly decodes a JSON body, which must arrive within `limit`.
  /// - Throws: ``AppError`` 413 for an oversize body, 415 for another content type or none
  ///   (a browser sends a form or `text/plain` to another site without asking it first: only
  ///   JSON is read), 408 for a body still arriving after `limit`, 400 for malformed JSON or
  ///   fields that break the rules.
  mutating func decodeStrictly<T: StrictDecodable>(_ type: T.Type, within limit: Duration)
    async throws -> T
  {
    guard Self.isJSON(headers[.contentType]) else {
      throw AppError(.unsupportedMediaType, "body must be application/json")
    }
    let buffer = try await collectBodyOrThrow(
      upTo: Self.maximumJSONBody, within: limit, late: "the request body took too long to arrive")
    do {
      return try T.decodeStrictly(from: Data(buffer: buffer))
    } catch {
      throw AppError(error)
    }
  }

  /// Whether a `Content-Type` names JSON: `application/json`, parameters allowed.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
    return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
  }

  /// Collects the body, answering 413 with the limit when it is larger, and 400 when it cannot
  /// be read (a malformed chunk, a client gone mid-body): the client's fault, not the server's,
  /// and not worth a line in the error log each time someone sends it.
  mutating func collectBodyOrThrow(upTo limit: Int) async throws -> ByteBuffer {
    do {
      return try await collectBody(upTo: limit)
    } catch let error as HTTPError where error.status == .contentTooLarge {
      throw AppError(.contentTooLarge, "request body is larger than \(limit) bytes")
    } catch is NIOTooManyBytesError {
      throw AppError(.contentTooLarge, "request body is larger than \(limit) bytes")
    } catch is CancellationError {
      throw CancellationError()
    } catch let error as AppError {
      throw error
    } catch {
      throw AppError(.badRequest, "the request body could not be read")
    }
  }

  /// Collects the body as ``collectBodyOrThrow(upTo:)`` does, if it arrives within `limit`:
  /// a client that sends a byte now and then cannot hold what was reserved for its request.
  /// - Throws: ``AppError`` 408 saying `late` when the body is still arriving after `limit`,
  ///   413 when it is larger than `bytes`.
  mutating func collectBodyOrThrow(upTo bytes: Int, within limit: Duration, late: String)
    async throws -> ByteBuffer
  {
    let request = self
    return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
      group.addTask {
        var request = request
        return try await request.collectBodyOrThrow(upTo: bytes)
      }
      group.addTask {
        try await Task.sleep(for: limit)
        return nil
      }
      // The reader, cancelled, ends at once: the channel's inbound stream honours cancellation.
      defer { group.cancelAll() }
      guard let body = try await group.next() ?? nil else {
        throw AppError(.requestTimeout, late)
      }
      return body
    }
  }

  /// A path parameter that must be a positive integer id.
  static func id(_ context: AppRequestContext, _ name: String = "id") throws -> Int64 {
    guard let text = context.parameters.get(name), let id = Int64(text), id > 0 else {
      throw AppError.notFound("post")
    }
    return id
  }
}
