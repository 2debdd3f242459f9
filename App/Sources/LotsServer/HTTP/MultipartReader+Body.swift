import Hummingbird
import NIOCore

extension MultipartReader {
  /// Reads an upload's body as it arrives and hands each complete part to `each`, then checks
  /// the body ended with its closing delimiter. Each chunk earns `deadline` a second per
  /// `bytesPerSecond` bytes; `each`'s own time (processing a photo, counting a PDF) pauses it:
  /// that is the server's time, not the client's.
  /// - Throws: ``AppError`` 413 once more than `maximumBytes` arrived (whatever the parts: bytes
  ///   after the closing delimiter count too), 400 for a body that cannot be read, what the
  ///   reader and `each` throw; `CancellationError` when the deadline passed.
  mutating func read(
    _ body: RequestBody, deadline: Deadline, maximumBytes: Int, bytesPerSecond: Int,
    _ each: (MultipartForm.Part) async throws -> Void
  ) async throws {
    var received = 0
    do {
      for try await chunk in body {
        received += chunk.readableBytes
        deadline.extend(by: Deadline.earned(chunk.readableBytes, bytesPerSecond: bytesPerSecond))
        guard received <= maximumBytes else {
          throw AppError(.contentTooLarge, "request body is larger than \(maximumBytes) bytes")
        }
        for part in try take(chunk.readableBytesView) {
          try await deadline.pausing { try await each(part) }
        }
      }
    } catch let error as AppError {
      throw error
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw AppError(.badRequest, "the request body could not be read")
    }
    try finish()
  }
}
