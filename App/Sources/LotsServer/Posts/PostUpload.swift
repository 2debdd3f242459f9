import Foundation
import Hummingbird
import LotsCore
import NIOCore
import NIOPosix

/// An upload of a post being read: each photo is processed and stored as soon as its part has
/// arrived, and its bytes let go, so that a post of ten photos holds what one photo does (its
/// bytes, then its decoding) however many it has. The stored files are held in the
/// ``ImageLedger`` until the post is in, and removed if it never is.
struct PostUpload: Sendable {
  let services: AppServices
  private(set) var photos: [StoredPhoto] = []
  private(set) var texts: [String: MultipartForm.Part] = [:]
  private(set) var descriptions: [MultipartForm.Part] = []

  /// The largest body: ten photos and their text.
  static let maximumBodyBytes =
    PostPhoto.perPostLimit * (PostRoutes.maximumPhotoBytes + 64 * 1024) + 64 * 1024

  init(services: AppServices) {
    self.services = services
  }

  /// Every stored file's key, which the ledger holds.
  var keys: [String] { photos.flatMap(\.keys) }

  /// Reads the form of `request` (`boundary` its boundary), processing and storing its photos
  /// as they come; the body must arrive within `limit`, plus a second for each
  /// ``ServerConfiguration/uploadBytesPerExtraSecond`` bytes that arrive (the time spent
  /// processing aside).
  /// - Throws: ``AppError`` 400, 413 or 415 naming the field (a photo by its place), 408 for a
  ///   body still arriving after `limit`. Whatever was stored is removed first.
  static func read(
    _ request: Request, boundary: String, services: AppServices, within limit: Duration,
    now: @escaping @Sendable () -> Date
  ) async throws -> (PostForm, [StoredPhoto]) {
    try await Request.withDeadline(
      limit, late: "the photos took too long to arrive: try again on a better connection"
    ) { deadline in
      var upload = PostUpload(services: services)
      do {
        var reader = MultipartReader(boundary: boundary, admit: PostForm.admit)
        do {
          try await reader.read(
            request.body, deadline: deadline, maximumBytes: maximumBodyBytes,
            bytesPerSecond: services.configuration.uploadBytesPerExtraSecond
          ) { try await upload.take($0) }
        } catch let error as AppError {
          throw PostForm.tooLong(error)
        }
        let form = try PostForm(
          texts: upload.texts, descriptions: upload.descriptions, photoCount: upload.photos.count,
          now: now())
        var photos = upload.photos
        for index in photos.indices { photos[index].description = form.descriptions[index] }
        return (form, photos)
      } catch {
        await upload.discard()
        throw error
      }
    }
  }

  /// Takes one part of the form: a photo is processed and stored at once.
  private mutating func take(_ part: MultipartForm.Part) async throws {
    switch part.name {
    case "photo": photos.append(try await store(part.bytes, index: photos.count + 1))
    case "description": descriptions.append(part)
    default: texts[part.name] = part
    }
  }

  /// Processes photo `index` (from 1) on the image threads and stores its renditions.
  private func store(_ bytes: [UInt8], index: Int) async throws -> StoredPhoto {
    guard !bytes.isEmpty else {
      throw AppError.badRequest("the photo is empty", field: "photo").about(
        index, of: nil, "Photo")
    }
    let pipeline = services.pipeline
    let processed: ProcessedPhoto
    do {
      processed = try await services.imageWork.run { try pipeline.process(bytes) }
    } catch let error as AppError {
      throw error.about(index, of: nil, "Photo")
    }
    let renditions = [processed.original, processed.display, processed.thumbnail]
    let images = services.images
    let ledger = services.imageLedger
    let keys = try await ledger.withLock {
      var keys: [String] = []
      do {
        for rendition in renditions {
          keys.append(
            try await NIOThreadPool.singleton.runIfActive {
              try images.put(rendition.bytes, fileExtension: rendition.fileExtension)
            })
        }
      } catch {
        // Nothing half-stored: what no post uses and no other upload holds goes at once.
        try? await PostRoutes.removeUnreferenced(keys, services: services)
        throw error
      }
      ledger.hold(keys)
      return keys
    }
    return StoredPhoto(
      width: processed.original.width, height: processed.original.height,
      color: processed.color, originalKey: keys[0], displayKey: keys[1], thumbnailKey: keys[2],
      description: "")
  }

  /// Lets go of the stored files and removes those no post uses and no other upload holds.
  func discard() async {
    guard !photos.isEmpty else { return }
    let keys = keys
    await services.imageLedger.withLock {
      services.imageLedger.release(keys)
      try? await PostRoutes.removeUnreferenced(keys, services: services)
    }
  }
}
