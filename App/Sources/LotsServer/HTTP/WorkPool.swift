import NIOCore
import NIOPosix

/// Threads of their own for one kind of heavy work, and a bound on the requests doing it at
/// once (running and waiting). Past the bound a request is answered 503 with `Retry-After`
/// at once instead of queueing without limit: an upload is admitted before its 10 MB body is
/// read, a sign-in before it waits for bcrypt. Image work and password hashing each have
/// their threads, so neither can starve the other, nor the shared pool that reads image files.
final class WorkPool: Sendable {
  /// Decodes and encodes uploads: two at a time bound their memory to twice
  /// ``ImagePipeline/maximumDecodeMemory``.
  static let imageThreads = started(NIOThreadPool(numberOfThreads: 2))
  /// bcrypt: hashing at sign-up, checking at sign-in.
  static let passwordThreads = started(NIOThreadPool(numberOfThreads: passwordThreadCount))
  /// The threads of ``passwordThreads``.
  static let passwordThreadCount = 2

  /// The requests admitted at once, server-wide.
  private let admission: InFlightLimit
  private let threads: NIOThreadPool

  /// A bound of `limit` requests on work that runs on `threads`; past it, 503 naming `name`.
  init(name: String, threads: NIOThreadPool, limit: Int) {
    var busy = AppError(.serviceUnavailable, "the server is busy with \(name) work: retry soon")
    busy.headers[.retryAfter] = "1"
    self.admission = InFlightLimit(limit, refusal: busy)
    self.threads = threads
  }

  private static func started(_ pool: NIOThreadPool) -> NIOThreadPool {
    pool.start()
    return pool
  }

  /// The requests admitted now (running and waiting).
  var inFlight: Int { admission.count("") }

  /// Runs `body` as one admitted request.
  /// - Throws: ``AppError`` 503 with `Retry-After` when the limit's requests are in already;
  ///   whatever `body` throws.
  func admitting<T>(_ body: () async throws -> T) async throws -> T {
    try await admission.holding("", body)
  }

  /// Runs `work` on the pool's threads (call it inside ``admitting(_:)``).
  func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await threads.runIfActive(work)
  }
}
