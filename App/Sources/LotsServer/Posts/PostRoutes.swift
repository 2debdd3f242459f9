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
        [$0.photo.originalURL, $0.photo.displayURL, $0.photo.thumbnailURL]
      }
      try await services.imageLedger.withLock {
        try await services.storage.deletePost(id: id, userID: user.id, now: Date())
        try await removeUnreferenced(urls: keys ?? [])
      }
      return HTTPResponse.Status.noContent
    }
    router.put("posts/:id/like") { _, context in try await like(true, context) }
    router.delete("posts/:id/like") { _, context in try await like(false, context) }
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
    let work = services.imageWork
    let address = context.clientAddress(request, trusting: services.configuration.trustedProxies)
    let (form, photo) = try await services.uploadsByAddress.holding(address) {
      try await services.uploadsByUser.holding(String(user.id)) {
        try await work.admitting {
          var request = request
          let body = try await request.collectBodyOrThrow(
            upTo: Self.maximumPhotoBytes + 64 * 1024,
            within: services.configuration.uploadBodyTimeout,
            late: "the photo took too long to arrive: try again on a better connection")
          let form = try PostForm(
            MultipartForm(body: Array(buffer: body), boundary: boundary), now: Date())
          let pipeline = services.pipeline
          return (form, try await work.run { try pipeline.process(form.photo) })
        }
      }
    }
    let renditions = [photo.original, photo.display, photo.thumbnail]
    let stored = try await services.imageLedger.withLock { () async throws -> (Post, Bool) in
      // Stores and inserts are serialised here: a retry that raced its first attempt finds it.
      if let key,
        let post = try await services.storage.post(idempotencyKey: key, userID: user.id)
      {
        return (post, true)
      }
      // Nothing half-stored: if a rendition cannot be written or the post cannot be inserted,
      // the files no post refers to are removed before anyone else may touch them.
      var keys: [String] = []
      do {
        for rendition in renditions {
          let images = services.images
          keys.append(
            try await NIOThreadPool.singleton.runIfActive {
              try images.put(rendition.bytes, fileExtension: rendition.fileExtension)
            })
        }
        let new = NewPost(
          authorID: user.id, caption: form.caption, restaurant: form.restaurant,
          mealDate: form.mealDate, width: photo.original.width, height: photo.original.height,
          color: photo.color, originalKey: keys[0], displayKey: keys[1], thumbnailKey: keys[2],
          idempotencyKey: key)
        return (try await services.storage.insertPost(new, now: Date()), false)
      } catch {
        try? await removeUnreferenced(urls: keys.map(ImageRoutes.url(forKey:)))
        throw error
      }
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

  /// Deletes image files that no remaining post uses (content addressing lets posts share).
  func removeUnreferenced(urls: [String]) async throws {
    let keys = urls.map { String($0.split(separator: "/").last ?? "") }
    let used = try await services.storage.referencedImageKeys(keys)
    for key in keys where !used.contains(key) { try? services.images.remove(key: key) }
  }
}
