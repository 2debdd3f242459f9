import Foundation
import HTTPTypes
import Hummingbird
import LotsCore
import NIOPosix

/// Create, read and delete posts; like and unlike them.
struct PostRoutes {
  let services: AppServices

  /// The largest photo accepted.
  static let maximumPhotoBytes = 10 * 1024 * 1024

  func register(on router: some RouterMethods<AppRequestContext>) {
    router.post("posts") { request, context in try await create(request, context) }
    router.get("posts/:id") { _, context in
      let id = try Request.id(context)
      guard let post = try await services.storage.post(id: id, viewerID: context.user?.id) else {
        throw AppError.notFound("post")
      }
      return post
    }
    router.delete("posts/:id") { _, context in
      let user = try context.requireUser()
      let id = try Request.id(context)
      try services.deletingLimiter.check(String(user.id), action: "delete")
      let keys = try await services.storage.post(id: id, viewerID: user.id).map {
        $0.photos.flatMap { [$0.originalURL, $0.displayURL, $0.thumbnailURL] }
          .map(ImageRoutes.key(fromURL:))
      }
      try await services.imageLedger.withLock {
        try await services.storage.deletePost(id: id, userID: user.id, now: Date())
        try await Self.removeUnreferenced(keys ?? [], services: services)
      }
      return HTTPResponse.Status.noContent
    }
    router.patch("posts/:id") { request, context in try await edit(request, context) }
    router.put("posts/:id/like") { _, context in try await like(true, context) }
    router.delete("posts/:id/like") { _, context in try await like(false, context) }
  }

  /// An author's edit of their post: text, restaurant, meal date, photos' order and
  /// descriptions; the photos it leaves out are removed, with their files if no post shares
  /// them.
  func edit(_ request: Request, _ context: AppRequestContext) async throws -> Post {
    let user = try context.requireUser()
    let id = try Request.id(context)
    try services.likingLimiter.check(String(user.id), action: "edit")
    var request = request
    let edit = try await request.decodeStrictly(
      PostEdit.self, within: services.configuration.requestBodyTimeout)
    let change = try PostChange(edit, now: Date())
    let services = services
    return try await services.imageLedger.withLock {
      let (post, removed) = try await services.storage.editPost(
        change, postID: id, userID: user.id, now: Date())
      try await Self.removeUnreferenced(removed.flatMap(\.keys), services: services)
      return post
    }
  }

  func like(_ liked: Bool, _ context: AppRequestContext) async throws -> LikeState {
    let user = try context.requireUser()
    let id = try Request.id(context)
    try services.likingLimiter.check(String(user.id), action: "like")
    let state = try await services.storage.setLike(
      liked, postID: id, userID: user.id, now: Date())
    return state
  }

  func create(_ request: Request, _ context: AppRequestContext) async throws
    -> EditedResponse<Post>
  {
    let user = try context.requireUser()
    let boundary = try MultipartForm.boundary(contentType: request.headers[.contentType])
    let key = try Self.idempotencyKey(request)
    // A retry of an upload that succeeded (its answer lost) gets the same post, never a second.
    if let key, let post = try await services.storage.post(idempotencyKey: key, userID: user.id) {
      return Self.replayed(post)
    }
    try services.postingLimiter.check(String(user.id), action: "posting")
    // Admitted before the body is read: a bounded number of uploads hold memory at once, none
    // for longer than its body takes to arrive, and no user or address holds them all.
    let address = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    let services = services
    let (form, photos) = try await services.uploadsByAddress.holding(address) {
      try await services.uploadsByUser.holding(String(user.id)) {
        try await services.imageWork.admitting {
          try await PostUpload.read(
            request, boundary: boundary, services: services,
            within: services.configuration.uploadBodyTimeout, now: { Date() })
        }
      }
    }
    let keys = photos.flatMap(\.keys)
    let stored = try await services.imageLedger.withLock { () async throws -> (Post, Bool) in
      // Inserts are serialised here: a retry that raced its first attempt finds it. Either
      // way the upload's hold on its files ends here, and files no post uses go.
      let outcome: Result<(Post, Bool), any Error>
      do {
        if let key,
          let post = try await services.storage.post(idempotencyKey: key, userID: user.id)
        {
          outcome = .success((post, true))
        } else {
          let new = NewPost(
            authorID: user.id, caption: form.caption, restaurant: form.restaurant,
            mealDate: form.mealDate, photos: photos, idempotencyKey: key)
          outcome = .success((try await services.storage.insertPost(new, now: Date()), false))
        }
      } catch {
        outcome = .failure(error)
      }
      services.imageLedger.release(keys)
      if (try? outcome.get().1) != false {
        try? await Self.removeUnreferenced(keys, services: services)
      }
      return try outcome.get()
    }
    return stored.1
      ? Self.replayed(stored.0) : EditedResponse(status: .created, response: stored.0)
  }

  /// The header a client names an upload with, so that retrying it is safe.
  static let idempotencyKeyField = HTTPField.Name("Idempotency-Key")!

  /// The request's `Idempotency-Key`: 1–100 visible ASCII characters, or none.
  /// - Throws: ``AppError`` 400 for any other value.
  static func idempotencyKey(_ request: Request) throws(AppError) -> String? {
    guard let value = request.headers[idempotencyKeyField] else { return nil }
    guard (1...100).contains(value.utf8.count),
      value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      throw AppError.badRequest("Idempotency-Key must be 1 to 100 visible ASCII characters")
    }
    return value
  }

  /// The answer to a retry: the post the first attempt created, marked as a replay.
  static func replayed(_ post: Post) -> EditedResponse<Post> {
    EditedResponse(
      status: .created, headers: [HTTPField.Name("Idempotent-Replayed")!: "true"], response: post)
  }

  /// Deletes the image files among `keys` that no post uses and no upload in flight holds
  /// (content addressing lets posts share them). Call it inside the ``ImageLedger``'s lock.
  static func removeUnreferenced(_ keys: [String], services: AppServices) async throws {
    let used = try await services.storage.referencedImageKeys(keys)
      .union(services.imageLedger.held(among: keys))
    for key in Set(keys) where !used.contains(key) { try? services.images.remove(key: key) }
  }
}
