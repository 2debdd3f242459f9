import Foundation
import LotsCore

/// The shared parts every route uses.
struct AppServices: Sendable {
  let configuration: ServerConfiguration
  let database: AppDatabase
  let images: any ImageStore
  let pipeline: ImagePipeline
  let hub: ChangeHub
  let signInLimiter: RateLimiter
  let signUpLimiter: RateLimiter
  let postingLimiter: RateLimiter
  let likingLimiter: RateLimiter
  let sessions = SessionCache()
  let renderedPosts = PostJSONCache()

  init(configuration: ServerConfiguration, database: AppDatabase, images: any ImageStore) {
    self.configuration = configuration
    self.database = database
    self.images = images
    self.pipeline = ImagePipeline()
    self.hub = ChangeHub(database: database, retainedEvents: configuration.policy.retainedEvents)
    let limits = configuration.rateLimits
    self.signInLimiter = RateLimiter(limits.signIn)
    self.signUpLimiter = RateLimiter(limits.signUp)
    self.postingLimiter = RateLimiter(limits.posting)
    self.likingLimiter = RateLimiter(limits.liking)
  }

  /// Commits have appended to the change log: let the hub load and fan them out.
  func didCommitChange() {
    hub.ring()
  }
}
