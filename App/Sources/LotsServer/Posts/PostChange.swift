import Foundation
import LotsCore

/// A validated edit of a post (``LotsCore/PostEdit``): what is to change, by the rules of
/// posting.
struct PostChange: Sendable {
  /// One photo of the edited post: which (its original's key) and its description.
  struct Photo: Sendable, Equatable {
    var key: String
    var description: String
  }

  var caption: String?
  var restaurant: RestaurantChoice?
  var mealDate: String?
  /// The photos in their new order, or nil to leave them as they are.
  var photos: [Photo]?

  /// Validates an edit.
  /// - Throws: ``AppError`` 400 naming the field (for a photo, which), or for an edit that
  ///   changes nothing.
  init(_ edit: PostEdit, now: Date) throws(AppError) {
    caption = try edit.caption.map { text throws(AppError) in try PostRules.caption(text) }
    if let id = edit.restaurantID {
      guard edit.restaurant == nil, edit.area == nil else { throw PostRules.restaurantTwice }
      guard id > 0 else {
        throw AppError.badRequest("restaurantId must be a restaurant's id", field: "restaurantId")
      }
      restaurant = .existing(id: id)
    } else if let name = edit.restaurant {
      restaurant = try PostRules.named(name, area: edit.area ?? "")
    } else if edit.area != nil {
      throw AppError.badRequest("an area goes with a restaurant's name", field: "area")
    }
    mealDate = try edit.mealDate.map { text throws(AppError) in
      try PostRules.mealDate(text, now: now)
    }
    if let photos = edit.photos {
      guard !photos.isEmpty else {
        throw AppError.badRequest("a post keeps at least one photo", field: "photos")
      }
      guard photos.count <= PostPhoto.perPostLimit else {
        throw AppError.badRequest(
          "a post has at most \(PostPhoto.perPostLimit) photos", field: "photos")
      }
      var checked: [Photo] = []
      for (offset, photo) in photos.enumerated() {
        do throws(AppError) {
          checked.append(
            Photo(
              key: ImageRoutes.key(fromURL: photo.originalURL),
              description: try PostRules.description(photo.description)))
        } catch {
          throw error.about(offset + 1, of: photos.count, "Photo")
        }
      }
      self.photos = checked
    }
    guard caption != nil || restaurant != nil || mealDate != nil || photos != nil else {
      throw AppError.badRequest("the edit changes nothing: send a field to change")
    }
  }

  /// The post's photos as they are to be, from `current`, and the photos left out.
  /// - Throws: ``AppError`` 400 for a photo that is not (or no longer) one of `current`'s,
  ///   naming its place.
  func arrange(_ current: [StoredPhoto]) throws(AppError) -> (
    photos: [StoredPhoto], removed: [StoredPhoto]
  ) {
    guard let photos else { return (current, []) }
    var left = current
    var arranged: [StoredPhoto] = []
    for (offset, photo) in photos.enumerated() {
      guard let found = left.firstIndex(where: { $0.originalKey == photo.key }) else {
        var error = AppError.badRequest(
          "Photo \(offset + 1) of \(photos.count): it is not a photo of this post (a photo "
            + "cannot be added by an edit)", field: "photos")
        error.index = offset + 1
        throw error
      }
      var kept = left.remove(at: found)
      kept.description = photo.description
      arranged.append(kept)
    }
    return (arranged, left)
  }
}
