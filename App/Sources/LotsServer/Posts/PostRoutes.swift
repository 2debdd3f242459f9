import Foundation
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
    try services.postingLimiter.check(String(user.id), action: "posting")
    // Admitted before the body is read: a bounded number of uploads hold memory at once.
    let work = services.imageWork
    let (form, photo) = try await work.admitting {
      var request = request
      let body = try await request.collectBodyOrThrow(upTo: Self.maximumPhotoBytes + 64 * 1024)
      let form = try PostForm(MultipartForm(body: Array(buffer: body), boundary: boundary))
      let pipeline = services.pipeline
      return (form, try await work.run { try pipeline.process(form.photo) })
    }
    let renditions = [photo.original, photo.display, photo.thumbnail]
    let post = try await services.imageLedger.withLock { () async throws -> Post in
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
          color: photo.color, originalKey: keys[0], displayKey: keys[1], thumbnailKey: keys[2])
        return try await services.storage.insertPost(new, now: Date())
      } catch {
        try? await removeUnreferenced(urls: keys.map(ImageRoutes.url(forKey:)))
        throw error
      }
    }
    return EditedResponse(status: .created, response: post)
  }

  /// Deletes image files that no remaining post uses (content addressing lets posts share).
  func removeUnreferenced(urls: [String]) async throws {
    let keys = urls.map { String($0.split(separator: "/").last ?? "") }
    let used = try await services.storage.referencedImageKeys(keys)
    for key in keys where !used.contains(key) { try? services.images.remove(key: key) }
  }
}
