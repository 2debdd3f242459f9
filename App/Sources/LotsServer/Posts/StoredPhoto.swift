import Foundation
import LotsCore

/// A photo of a post as the database keeps it: the keys of its three stored images, not their
/// URLs, with its size, colour and description.
///
/// The first photo of a post lives in the post's own columns, which every feed reads; the others
/// are one JSON text column (`morePhotos`, "" for none), read with the post in the same row, so
/// that a post of several photos costs a feed no second query. Their image keys are also rows of
/// `postImage`, which is what tells whether a stored file is still needed.
struct StoredPhoto: Codable, Sendable, Hashable {
  var width: Int
  var height: Int
  var color: String
  var originalKey: String
  var displayKey: String
  var thumbnailKey: String
  var description: String

  /// The image keys, original first.
  var keys: [String] { [originalKey, displayKey, thumbnailKey] }

  /// The API value, with URLs for the keys.
  var photo: PostPhoto {
    PostPhoto(
      width: width, height: height, color: color,
      originalURL: ImageRoutes.url(forKey: originalKey),
      displayURL: ImageRoutes.url(forKey: displayKey),
      thumbnailURL: ImageRoutes.url(forKey: thumbnailKey), description: description)
  }

  /// The `morePhotos` column's text for `photos`: "" for none.
  static func column(_ photos: some Collection<StoredPhoto>) -> String {
    guard !photos.isEmpty, let data = try? JSONEncoder().encode(Array(photos)) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The photos a `morePhotos` column holds; none for "" (or, never expected, text that is
  /// not the column's format).
  static func photos(column text: String) -> [StoredPhoto] {
    guard !text.isEmpty else { return [] }
    return (try? JSONDecoder().decode([StoredPhoto].self, from: Data(text.utf8))) ?? []
  }

  /// The API values of a `morePhotos` column.
  static func morePhotos(column text: String) -> [PostPhoto] {
    photos(column: text).map(\.photo)
  }
}
