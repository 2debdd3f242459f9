/// The opaque position after the last item of a page.
///
/// Keyset cursors hold the (sort key, id) of the last item, so they stay valid when that item is
/// deleted; ranked cursors hold a frozen ranking snapshot and an offset into it.
enum FeedCursor: Equatable, Sendable {
  /// After the item with this sort key and id, in a feed of this kind.
  case keyset(feed: String, key: Int64, id: Int64)
  /// At `offset` in ranking snapshot `snapshot`.
  case ranked(snapshot: Int64, offset: Int)

  /// The text sent to clients: base64url, not meant to be read.
  var token: String {
    let plain: String
    switch self {
    case .keyset(let feed, let key, let id): plain = "k|\(feed)|\(key)|\(id)"
    case .ranked(let snapshot, let offset): plain = "r|\(snapshot)|\(offset)"
    }
    return Base64URL.encode(plain.utf8)
  }

  /// Parses a token, checking it belongs to `feed`.
  /// - Throws: ``AppError`` 400 for anything not made by ``token``.
  init(token: String, feed: String) throws {
    let invalid = AppError.badRequest("cursor is invalid for this feed")
    guard token.utf8.count <= 200 else { throw invalid }
    guard let bytes = Base64URL.decode(token),
      let plain = String(validating: bytes, as: UTF8.self)
    else { throw invalid }
    let parts = plain.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 4, parts[0] == "k", parts[1] == feed, let key = Int64(parts[2]),
      let id = Int64(parts[3])
    {
      self = .keyset(feed: feed, key: key, id: id)
    } else if parts.count == 3, parts[0] == "r", feed == "inspire", let snapshot = Int64(parts[1]),
      let offset = Int(parts[2]), offset >= 0
    {
      self = .ranked(snapshot: snapshot, offset: offset)
    } else {
      throw invalid
    }
  }
}
