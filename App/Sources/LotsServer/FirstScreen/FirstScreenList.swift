/// A list whose first screen the server writes, as the page shows it (lists.js `FEEDS` and
/// `specFor`): the feed it reads, the API path the page's list pages on from, how it is laid
/// out, and its words. Main, Inspire, Likes, profiles, and a restaurant's posts.
struct FirstScreenList: Sendable {
  /// How a list is laid out: the toolkit's layout of the same name.
  enum Kind: String, Sendable {
    /// `WaterfallLayout`, the columns following the width (Main).
    case waterfall
    /// `GridLayout` of square photos, the columns following the width (Likes, profiles).
    case grid
    /// `MosaicLayout` with its defaults, photos without captions (Inspire).
    case mosaic
  }

  /// Its name, as lists.js names it (`feed`, `inspire`, `likes`, `u/ana`): the header's link
  /// of the same `data-nav` is the current page's.
  let name: String
  /// The feed read.
  let feed: FeedQuery
  /// The path the page's list reads its pages from (the data block names it).
  let path: String
  let kind: Kind
  /// The list's accessible name.
  let label: String
  /// The heading shown above the list (`#list-title`), if any.
  let title: String?
  /// Whether a cell's restaurant links to its page (not on that page itself).
  var linksPlace = true

  /// Whether cells have a caption under the photo (all but the mosaic).
  var withCaption: Bool { kind != .mosaic }

  /// The cells' image `sizes` (post-cell.js).
  var imageSizes: String { withCaption ? Self.captionedSizes : "(min-width: 780px) 50vw, 100vw" }

  /// The image `sizes` of a cell with a caption (post-cell.js), in any list.
  static let captionedSizes = "(min-width: 780px) 25vw, 50vw"

  /// Main: the live waterfall.
  static let main = FirstScreenList(
    name: "feed", feed: .main, path: "/api/feed", kind: .waterfall, label: "Today's lunches",
    title: nil)
  /// Inspire: the mosaic of the most liked.
  static let inspire = FirstScreenList(
    name: "inspire", feed: .inspire, path: "/api/inspire", kind: .mosaic, label: "Inspire",
    title: nil)
  /// The reader's likes.
  static let likes = FirstScreenList(
    name: "likes", feed: .likes, path: "/api/me/likes", kind: .grid, label: "Posts you liked",
    title: "Your likes")

  /// The posts of the account `id` named `username`.
  static func profile(id: Int64, username: String) -> FirstScreenList {
    FirstScreenList(
      name: "u/\(username)", feed: .user(id: id),
      path: "/api/users/\(PathSegment.encode(username))/posts", kind: .grid,
      label: "Posts by @\(username)", title: "@\(username)")
  }

  /// The posts of restaurant `id` named `name`, on its page (place-page.js).
  static func restaurant(id: Int64, name: String) -> FirstScreenList {
    FirstScreenList(
      name: "r/\(id)", feed: .restaurant(id: id), path: "/api/restaurants/\(id)/posts",
      kind: .waterfall, label: "Posts of \(name)", title: nil, linksPlace: false)
  }
}
