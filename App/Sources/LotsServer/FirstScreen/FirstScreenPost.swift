import Foundation

/// What a list's cell shows of a post, read back from the feed page's own JSON (the page the
/// HTML carries for the engine is the API's, byte for byte; the cells are drawn from it).
struct FirstScreenPost: Decodable, Sendable {
  struct Author: Decodable, Sendable {
    let username: String
  }
  struct Photo: Decodable, Sendable {
    let width: Double
    let height: Double
    let color: String
    let thumbnailURL: String
    let displayURL: String
    let thumbnailWidth: Int
    let displayWidth: Int
    let description: String?
  }

  let id: Int64
  let restaurant: String
  let restaurantId: Int64?
  let area: String?
  let caption: String?
  let likeCount: Int
  let author: Author
  let photo: Photo
  let morePhotos: [Photo]?

  /// The posts of a feed page (`{"items": [...], ...}`).
  static func posts(ofPage json: [UInt8]) throws -> [FirstScreenPost] {
    try page(json).posts
  }

  /// The posts of a feed page, and whether it is the feed's last (no `nextCursor`).
  static func page(_ json: [UInt8]) throws -> (posts: [FirstScreenPost], last: Bool) {
    struct Page: Decodable {
      let items: [FirstScreenPost]
      let nextCursor: String?
    }
    let page = try JSONDecoder().decode(Page.self, from: Data(json))
    return (page.items, page.nextCursor == nil)
  }

  /// The photo's alternative text (photo-text.js `photoAlt`): its description, else "Pho at
  /// Phở 24, photo by @ana".
  var alt: String {
    let described = (photo.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    if !described.isEmpty { return described }
    let dish = (caption ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    return "\(dish.isEmpty ? "Lunch" : dish) at \(restaurant), photo by @\(author.username)"
  }

  /// "1 like", "3 likes" (like-button.js `likesText`).
  var likes: String { "\(likeCount) \(likeCount == 1 ? "like" : "likes")" }

  /// The area, trimmed ("" when none).
  var areaName: String { (area ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

  /// " · Mitte", or "" without an area (place-text.js `areaSuffix`).
  var areaSuffix: String { areaName.isEmpty ? "" : " · \(areaName)" }
}
