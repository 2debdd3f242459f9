import NIOCore
import NIOPosix

/// Where the server's Swift tasks run.
public enum EventLoopExecutor {
  /// Makes NIO's event loops (one per core) Swift Concurrency's global executor.
  ///
  /// Without it a request crosses threads several times: the event loop reads it, a task on
  /// the concurrency pool handles it, and the event loop writes the answer; on two cores the
  /// kernel's task switching was the largest single cost of a feed page. Heavy work (images,
  /// password hashing) runs on `NIOThreadPool` and never blocks a loop.
  ///
  /// Call it once, from the main thread, before any task starts; it returns false when the
  /// platform does not allow it (the server then works as before).
  @discardableResult
  public static func install() -> Bool {
    NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
  }
}
