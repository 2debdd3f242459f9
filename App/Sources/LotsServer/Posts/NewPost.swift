import Foundation

/// A validated post ready to insert: its text and the keys of its stored images.
struct NewPost: Sendable {
  var authorID: Int64
  var caption: String
  var restaurant: RestaurantChoice
  var mealDate: String
  var width: Int
  var height: Int
  var color: String
  var originalKey: String
  var displayKey: String
  var thumbnailKey: String
  /// The client's `Idempotency-Key`, kept with the post so that a retry finds it.
  var idempotencyKey: String? = nil
}
