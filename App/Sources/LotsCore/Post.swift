import Foundation

/// A photo post as returned by the API.
public struct Post: Codable, Hashable, Sendable {
  /// Stable numeric identifier.
  public var id: Int64
  /// The author.
  public var author: User
  /// Free text, possibly empty.
  public var caption: String
  /// Where the meal was had: the restaurant's name.
  public var restaurant: String
  /// The restaurant's identifier (``Restaurant/id``).
  public var restaurantID: Int64
  /// The restaurant's neighbourhood or city; empty when unknown.
  public var area: String
  /// The day of the meal, `YYYY-MM-DD`.
  public var mealDate: String
  /// When the post was created.
  public var createdAt: Date
  /// When its author last edited it; nil if never.
  public var editedAt: Date?
  /// The exact number of likes.
  public var likeCount: Int
  /// Whether the signed-in viewer likes it (always false for anonymous viewers).
  public var likedByMe: Bool
  /// How many comments the viewer may read under it.
  public var commentCount: Int
  /// The first photo: the one feeds show.
  public var photo: PostPhoto
  /// The photos after the first, in the author's order (empty for a post of one photo).
  public var morePhotos: [PostPhoto]

  /// Every photo, in order: ``photo`` then ``morePhotos``.
  public var photos: [PostPhoto] { [photo] + morePhotos }

  private enum CodingKeys: String, CodingKey {
    case id, author, caption, restaurant, area, mealDate, createdAt, editedAt, likeCount
    case likedByMe, commentCount, photo
    case morePhotos
    case restaurantID = "restaurantId"
  }

  /// Creates a post value.
  public init(
    id: Int64, author: User, caption: String, restaurant: String, restaurantID: Int64,
    area: String, mealDate: String, createdAt: Date, editedAt: Date? = nil, likeCount: Int,
    likedByMe: Bool, commentCount: Int = 0, photo: PostPhoto, morePhotos: [PostPhoto] = []
  ) {
    self.id = id
    self.author = author
    self.caption = caption
    self.restaurant = restaurant
    self.restaurantID = restaurantID
    self.area = area
    self.mealDate = mealDate
    self.createdAt = createdAt
    self.editedAt = editedAt
    self.likeCount = likeCount
    self.likedByMe = likedByMe
    self.commentCount = commentCount
    self.photo = photo
    self.morePhotos = morePhotos
  }
}
