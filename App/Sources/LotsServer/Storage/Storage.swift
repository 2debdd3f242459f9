/// Everything the server keeps: one type per backend implements it (`SQLiteStorage`,
/// `PostgresStorage`), each feature declaring the part it uses in its own folder.
typealias Storage = AccountStore & ChangeLogStore & FeedStore & ModerationStore & PostStore
  & RestaurantStore & ListStore & SearchStore & CommentStore
  & NotificationStore & HealthStore & PrintStore & LeavingStore
