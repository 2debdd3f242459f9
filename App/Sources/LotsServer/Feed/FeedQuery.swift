/// Which feed a page is read from.
enum FeedQuery: Sendable, Equatable {
  /// Every visible post, newest first.
  case main
  /// One user's posts, newest first.
  case user(id: Int64)
  /// The viewer's liked posts, newest like first.
  case likes
  /// Most liked over a recent window, from a frozen ranking snapshot.
  case inspire
  /// One restaurant's posts, newest first.
  case restaurant(id: Int64)

  /// The name checked inside cursors.
  var name: String {
    switch self {
    case .main: "main"
    case .user(let id): "user\(id)"
    case .likes: "likes"
    case .inspire: "inspire"
    case .restaurant(let id): "restaurant\(id)"
    }
  }
}
