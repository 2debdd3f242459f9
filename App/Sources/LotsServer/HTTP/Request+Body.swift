import Foundation
import Hummingbird
import LotsCore
import NIOCore
import Synchronization

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
    return try await Self.withDeadline(limit, late: late) { _ in
      var request = request
      return try await request.collectBodyOrThrow(upTo: bytes)
    }
  }

  /// Runs `body` (which reads a request's body) if it ends within `limit`; otherwise cancels
  /// it: the reader of a body, cancelled, ends at once, since the channel's inbound stream
  /// honours cancellation. `body` may pause the deadline (``Deadline/pausing(_:)``) for work
  /// of its own that is not the body's arriving.
  /// - Throws: ``AppError`` 408 saying `late` after `limit`; whatever `body` throws.
  static func withDeadline<T: Sendable>(
    _ limit: Duration, late: String, _ body: @escaping @Sendable (Deadline) async throws -> T
  ) async throws -> T {
    let deadline = Deadline(ContinuousClock.now + limit)
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body(deadline) }
      group.addTask {
        // Sleeps until the deadline, however it moved meanwhile; while it is paused, looks
        // again now and then.
        while !deadline.hasPassed(at: .now) {
          let soon = ContinuousClock.now + .milliseconds(100)
          try await Task.sleep(until: max(deadline.instant, soon), clock: .continuous)
        }
        return nil
      }
      defer { group.cancelAll() }
      guard let result = try await group.next() ?? nil else {
        throw AppError(.requestTimeout, late)
      }
      return result
    }
  }

  /// A path parameter that must be a positive integer id (or a 404 naming `noun`).
  static func id(_ context: AppRequestContext, _ name: String = "id", noun: String = "post")
    throws -> Int64
  {
    guard let text = context.parameters.get(name), let id = Int64(text), id > 0 else {
      throw AppError.notFound(noun)
    }
    return id
  }
}

/// When reading a request's body must have ended. The route may pause it for work of its own
/// (processing a photo that has arrived): while paused it does not expire, and resuming moves
/// it later by the pause; bytes that arrive may move it later too (``extend(by:)``).
final class Deadline: Sendable {
  private struct State {
    var instant: ContinuousClock.Instant
    var pausedSince: ContinuousClock.Instant?
  }

  private let state: Mutex<State>

  init(_ instant: ContinuousClock.Instant) {
    state = Mutex(State(instant: instant))
  }

  /// The present deadline (while paused, the one it had when paused).
  var instant: ContinuousClock.Instant { state.withLock { $0.instant } }

  /// Whether the deadline has passed at `now`; never while paused.
  func hasPassed(at now: ContinuousClock.Instant) -> Bool {
    state.withLock { $0.pausedSince == nil && now >= $0.instant }
  }

  /// Moves the deadline later by `time` (time the client earned: bytes that arrived).
  func extend(by time: Duration) {
    state.withLock { $0.instant += time }
  }

  /// The time `bytes` earn at one second per `bytesPerSecond`.
  static func earned(_ bytes: Int, bytesPerSecond: Int) -> Duration {
    .nanoseconds(Int64(bytes) * 1_000_000_000 / Int64(max(1, bytesPerSecond)))
  }

  /// Runs `work` with the deadline paused: its time is the server's, not the client's.
  func pausing<T>(_ work: () async throws -> T) async rethrows -> T {
    state.withLock { $0.pausedSince = $0.pausedSince ?? .now }
    defer {
      state.withLock { state in
        if let since = state.pausedSince { state.instant += since.duration(to: .now) }
        state.pausedSince = nil
      }
    }
    return try await work()
  }
}
