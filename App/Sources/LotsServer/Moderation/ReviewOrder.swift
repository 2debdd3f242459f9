import Foundation
import LotsCore

extension ReviewQueue {
  /// One queue of reported posts and reported comments, each list as storage read it (up to
  /// `limit` each): posts hidden pending review first, then everything by score (highest
  /// first), then by its oldest open report; the first `limit`.
  /// - Parameter total: How many posts and comments have open reports in all.
  /// - Complexity: O(n log n) for the n items given.
  static func merging(posts: [ReviewItem], comments: [ReviewItem], total: Int, limit: Int)
    -> ReviewQueue
  {
    func key(_ item: ReviewItem) -> (Int, Double, Date, Int64, Int64) {
      (
        item.state == .pending && item.comment == nil ? 0 : 1, -item.score,
        item.reports.first?.createdAt ?? .distantFuture, item.post.id, item.comment?.id ?? 0
      )
    }
    let items = (posts + comments).sorted { key($0) < key($1) }
    return ReviewQueue(items: Array(items.prefix(limit)), total: total)
  }
}
