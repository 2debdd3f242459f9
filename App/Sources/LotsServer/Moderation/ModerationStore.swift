import Foundation

/// What reports and blocks need from storage.
protocol ModerationStore: Sendable {
  /// Reports a post the viewer can see; enough distinct reporters hide it.
  func report(postID: Int64, userID: Int64, reason: String, now: Date) async throws
  /// Blocks or unblocks a user by name.
  /// - Throws: ``AppError`` 404 for an unknown name, 400 for oneself.
  func setBlock(_ blocked: Bool, username: String, blockerID: Int64, now: Date) async throws
  /// The ids of the users a viewer blocks.
  func blockedIDs(of viewerID: Int64) async throws -> Set<Int64>
}
