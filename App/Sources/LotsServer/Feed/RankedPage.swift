/// A page of a frozen ranking (the inspire feed): where it starts, which post ids it shows and
/// the cursor after it. Both backends read the ranking's ids and the posts; this is the rest.
struct RankedPage: Equatable {
  let snapshot: Int64
  let offset: Int

  /// The page a cursor names, or a first page of the ranking `fresh` returns.
  init(_ cursor: FeedCursor?, fresh: () async throws -> Int64) async throws {
    if case .ranked(let snapshot, let start)? = cursor {
      (self.snapshot, self.offset) = (snapshot, start)
    } else {
      (self.snapshot, self.offset) = (try await fresh(), 0)
    }
  }

  /// The ids of up to `limit` posts from the ranking's `ids` (comma-separated), and the next
  /// page's cursor (nil after the last).
  func slice(of ids: String, limit: Int) -> (ids: ArraySlice<Int64>, next: String?) {
    let all = ids.split(separator: ",").compactMap { Int64($0) }
    let slice = all.dropFirst(offset).prefix(limit)
    let end = offset + slice.count
    let next = end < all.count ? FeedCursor.ranked(snapshot: snapshot, offset: end).token : nil
    return (slice, next)
  }

  /// The answer for a ranking that no longer exists.
  static let expired = AppError(.gone, "this ranking has expired: reload the first page")
}
