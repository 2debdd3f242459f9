import PostgresNIO

/// What every instance's hub reads after each commit it hears of
/// (``PostgresStorage/changes(after:limit:)``), prepared once per connection: at hundreds of
/// commits a second on two instances, parsing and planning them each time cost PostgreSQL more
/// than the reading. The posts by id also fill feed pages of posts not rendered before.
enum PerCommitStatements {
  /// Up to `$2` change-log entries after sequence `$1`, in order, with the state of their post.
  struct Changes: RowStatement {
    static let sql = """
      SELECT changeLog.seq, changeLog.kind, changeLog.postId, changeLog.authorId,
        changeLog.actorId, changeLog.liked, changeLog.audience, post.likeCount, post.hidden,
        changeLog.commentId
      FROM changeLog LEFT JOIN post ON post.id = changeLog.postId
      WHERE changeLog.seq > $1 ORDER BY changeLog.seq LIMIT $2
      """
    static let name = "changes_after"
    let after: Int64
    let limit: Int64

    func makeBindings() -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 2)
      bindings.append(after, context: .default)
      bindings.append(limit, context: .default)
      return bindings
    }
  }

  /// The posts of ids `$2` as viewer `$1` sees them (those they may not see left out).
  struct Posts: RowStatement {
    static let sql = postsSQL(where: PostgresStorage.visibleToViewer)
    static let name = "posts_by_id"
    let bindings: PostgresBindings
    func makeBindings() -> PostgresBindings { bindings }
  }

  /// The posts of ids `$2`, each as its author sees it (hidden pending review too, never
  /// removed); `$1` is 0, no one's like.
  struct AuthorsPosts: RowStatement {
    static let sql = postsSQL(where: "post.hidden < 2")
    static let name = "posts_by_id_as_authors"
    let bindings: PostgresBindings
    func makeBindings() -> PostgresBindings { bindings }
  }

  /// Posts by id (``PostgresStorage/postColumns``, then whether `$1` likes each) under `filter`.
  static func postsSQL(where filter: String) -> String {
    """
    SELECT \(PostgresStorage.postColumns),
      EXISTS (SELECT 1 FROM postLike WHERE postLike.postId = post.id AND postLike.userId = $1)
    FROM post JOIN account ON account.id = post.authorId
    WHERE post.id = ANY($2) AND \(filter)
    """
  }
}
