import Foundation
import HummingbirdBcrypt
import LotsCore

/// The shared parts every route uses.
struct AppServices: Sendable {
  let configuration: ServerConfiguration
  /// Everything kept: one backend behind the feature stores' protocols.
  let storage: any Storage
  let images: any ImageStore
  let pipeline: ImagePipeline
  let hub: ChangeHub
  let signInLimiter: RateLimiter
  let signInClientLimiter: RateLimiter
  let signUpLimiter: RateLimiter
  let postingLimiter: RateLimiter
  let likingLimiter: RateLimiter
  let reportingLimiter: RateLimiter
  let blockingLimiter: RateLimiter
  let deletingLimiter: RateLimiter
  let printingLimiter: RateLimiter
  /// Wrong pickup codes, per store.
  let pickupLimiter: RateLimiter
  /// Booster's files, on disk beside the database.
  let printFiles: PrintFileStore
  /// PDF page counts (nil when `lots-pdf-pages` is missing: PDFs are then refused with 503).
  let pageCounter: PageCounter?
  let sessions = SessionCache()
  let renderedPosts = PostJSONCache()
  /// What the demo is and how far its posts are (`GET /api/demo`); empty on other servers.
  let demo = DemoProgress()
  /// Serialises storing and removing shared image files (see ``ImageLedger``).
  let imageLedger = ImageLedger()
  /// A hash of no one's password at the configured cost: a sign-in with an unknown name checks
  /// against it, so that it takes as long as one with a known name.
  let dummyPasswordHash: String
  /// Uploads being read, decoded and stored.
  let imageWork: WorkPool
  /// Uploads in flight per user and per client address, so that neither can hold every place
  /// ``imageWork`` has.
  let uploadsByUser: InFlightLimit
  let uploadsByAddress: InFlightLimit
  /// Passwords being hashed or checked.
  let passwordWork: WorkPool
  /// What `GET /metrics` says.
  let metrics = ServerMetrics()

  init(configuration: ServerConfiguration, storage: any Storage, images: any ImageStore) {
    self.configuration = configuration
    self.storage = storage
    self.images = images
    self.pipeline = ImagePipeline()
    self.hub = ChangeHub(store: storage, retainedEvents: configuration.policy.retainedEvents)
    let limits = configuration.rateLimits
    self.signInLimiter = RateLimiter(limits.signIn)
    self.signInClientLimiter = RateLimiter(limits.signInPerClient)
    self.signUpLimiter = RateLimiter(limits.signUp)
    self.postingLimiter = RateLimiter(limits.posting)
    self.likingLimiter = RateLimiter(limits.liking)
    self.reportingLimiter = RateLimiter(limits.reporting)
    self.blockingLimiter = RateLimiter(limits.blocking)
    self.deletingLimiter = RateLimiter(limits.deleting)
    self.printingLimiter = RateLimiter(limits.printing)
    self.pickupLimiter = RateLimiter(limits.pickupCodes)
    self.printFiles = PrintFileStore(
      directory: configuration.dataDirectory.appendingPathComponent("print-files"))
    self.pageCounter = PageCounter.beside()
    self.imageWork = WorkPool(
      name: "image", threads: WorkPool.imageThreads, limit: configuration.uploadsAtOnce)
    self.uploadsByUser = InFlightLimit(configuration.uploadsPerUser, tooMany: "uploads")
    self.uploadsByAddress = InFlightLimit(
      configuration.uploadsPerAddress, tooMany: "uploads from this address")
    self.passwordWork = WorkPool(
      name: "password", threads: WorkPool.passwordThreads,
      limit: configuration.passwordChecksAtOnce)
    self.dummyPasswordHash = Bcrypt.hash("not anyone's password", cost: configuration.bcryptCost)
    // Several instances: a session ended on another one is forgotten here at once, and its
    // streams end.
    (storage as? PostgresStorage)?.sessionEnds.listen { [sessions, hub] message in
      Self.sessionsEnded(SessionEnd(message: message), sessions: sessions, hub: hub)
    }
  }

  /// Closes the connections the storage holds open (PostgreSQL's pools and its doorbell). A
  /// server that ran closes them as it shuts down; services that never ran in one (start-up
  /// failed after they opened, or a test used them alone) must be closed with this.
  func close() {
    (storage as? PostgresStorage)?.close()
  }

  /// Forgets ended sessions on this instance and ends their streams: whatever ends a session
  /// calls it (other instances hear of it through ``SessionEnds``), so no stream outlives the
  /// sign-out of the session that opened it.
  func sessionsEnded(_ ended: SessionEnd) {
    Self.sessionsEnded(ended, sessions: sessions, hub: hub)
  }

  private static func sessionsEnded(_ ended: SessionEnd, sessions: SessionCache, hub: ChangeHub) {
    sessions.forget(ended)
    hub.endStreams(ended)
  }
}
