/// What a demo server tells its visitors (`GET /api/demo`): who they can sign in as, who
/// moderates, and how far the demo photos are (they are drawn while the server already runs).
public struct DemoInfo: Codable, Hashable, Sendable {
  /// The demo accounts' names, which share one password (printed where the server started,
  /// and kept in `demo-password.txt` in its data directory; never sent over the network).
  public var accounts: [String]
  /// The demo account that moderates (reports reach it in the review queue), or nil when the
  /// operator named the moderators.
  public var moderator: String?
  /// Demo posts made so far.
  public var postsReady: Int
  /// Demo posts there will be.
  public var postsTotal: Int

  /// Creates the value.
  public init(accounts: [String], moderator: String?, postsReady: Int, postsTotal: Int) {
    self.accounts = accounts
    self.moderator = moderator
    self.postsReady = postsReady
    self.postsTotal = postsTotal
  }
}
