import LotsCore
import Synchronization

/// How far the demo content is, shared by the seeder (which writes it) and `GET /api/demo`
/// (which reads it): nil until the server knows it is a demo.
final class DemoProgress: Sendable {
  private let state = Mutex<DemoInfo?>(nil)

  /// What the demo is now, or nil on a server without demo content.
  var info: DemoInfo? { state.withLock { $0 } }

  /// The server is a demo of these accounts, with `ready` of `total` posts made.
  func start(_ info: DemoInfo) { state.withLock { $0 = info } }

  /// One more demo post is made.
  func madePost() { state.withLock { $0?.postsReady += 1 } }
}
