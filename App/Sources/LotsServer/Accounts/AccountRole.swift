/// What a new account may do beyond posting, liking and reporting.
enum AccountRole: Sendable {
  /// An ordinary member.
  case member
  /// A moderator (named at start-up with `--moderator`).
  case moderator
  /// A moderator if no account moderates yet: the community's first account, when no
  /// moderator was named at start-up.
  case moderatorIfFirst
}
