import Foundation
import LotsCore

/// What reports (of posts and comments), blocks and the moderators' review need from storage.
///
/// Reports weigh by the reporter's standing (``ReportWeighing``); enough weight hides a post
/// pending review, never for good: a moderator restores or removes it, and every hide and
/// decision is kept in an audit trail.
protocol ModerationStore: Sendable {
  /// Reports a post the viewer can see, once per user and post; a post whose open reports
  /// weigh enough is hidden pending review (unless a moderator restored it before).
  /// - Throws: ``AppError`` 404 for an invisible post, 400 for one's own, 403 for a post by
  ///   someone who blocked the reporter.
  func report(postID: Int64, userID: Int64, reason: String, now: Date) async throws
  /// Blocks or unblocks a user by name.
  /// - Throws: ``AppError`` 404 for an unknown name, 400 for oneself.
  func setBlock(_ blocked: Bool, username: String, blockerID: Int64, now: Date) async throws
  /// The ids of the users a viewer blocks.
  func blockedIDs(of viewerID: Int64) async throws -> Set<Int64>
  /// The people a viewer blocks, newest block first (at most `limit`).
  func blockList(of viewerID: Int64, limit: Int) async throws -> BlockList
  /// Whether a user moderates.
  func isModerator(_ userID: Int64) async throws -> Bool
  /// Makes exactly the accounts with these (lowercased) names moderators.
  func setModerators(_ usernames: Set<String>) async throws
  /// Posts and comments with open reports: posts hidden pending review first, then by score;
  /// up to `limit`.
  func reviewQueue(limit: Int) async throws -> ReviewQueue
  /// A moderator's decision on a post, written to the audit trail with the reports it
  /// closes.
  /// - Throws: ``AppError`` 404 for an unknown post, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, postID: Int64, moderatorID: Int64, now: Date)
    async throws
  /// Reports a comment the viewer can see, once per user and comment; reports never hide a
  /// comment by themselves (it waits in the review queue).
  /// - Throws: ``AppError`` 404 for an invisible comment, 400 for one's own, 403 for a comment
  ///   by someone who blocked the reporter.
  func reportComment(commentID: Int64, userID: Int64, reason: String, now: Date) async throws
  /// A moderator's decision on a comment: removed from everyone, or kept (shown again if it
  /// was removed); written to the audit trail with the reports it closes.
  /// - Throws: ``AppError`` 404 for an unknown comment, 409 for a decision already in force.
  func decide(_ decision: ModerationDecision, commentID: Int64, moderatorID: Int64, now: Date)
    async throws
  /// The audit trail, newest first, from before entry `before`.
  func moderationLog(before: Int64?, limit: Int) async throws -> ModerationLogPage
}
