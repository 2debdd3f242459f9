import Foundation

/// A validated post ready to insert: its text and its photos' stored images.
struct NewPost: Sendable {
  var authorID: Int64
  var caption: String
  var restaurant: RestaurantChoice
  var mealDate: String
  /// The photos in the author's order: 1 to ``LotsCore/PostPhoto/perPostLimit``.
  var photos: [StoredPhoto]
  /// The client's `Idempotency-Key`, kept with the post so that a retry finds it.
  var idempotencyKey: String? = nil

  /// The first photo, which feeds show (its columns are the post's own).
  var cover: StoredPhoto { photos[0] }
  /// The photos after the first, as the post's `morePhotos` column holds them.
  var morePhotos: String { StoredPhoto.column(photos.dropFirst()) }
}
