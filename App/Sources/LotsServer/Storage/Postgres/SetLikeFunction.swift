import PostgresNIO

/// A like or unlike as one call of a function on the server (`lots_set_like`, made by migration
/// v15), so the whole transaction is one round trip: a like of a hot post waits for the one
/// before it to commit, and each statement sent on its own had added a round trip to that wait
/// (about 175 likes/s of one post through two instances; docs/benchmarks.md).
///
/// The function does what the Swift transaction did, the change log's lock taken first as by
/// every writer (``PostgresStorage/transaction(ordered:_:)``), then the post's row: the post
/// visible to the viewer, else 404; for a like, not by someone who blocked the viewer, else 403;
/// the like row inserted or deleted (idempotent); only when it changed, the count moved and the
/// change appended, and the instances' doorbell rung at commit.
enum SetLikeFunction {
  /// The migration's statement.
  static let create = """
    CREATE OR REPLACE FUNCTION lots_set_like(p_post BIGINT, p_user BIGINT, p_liked BOOLEAN,
      p_now BIGINT, p_lock BIGINT, p_ordered BOOLEAN)
    RETURNS TABLE (outcome INT, likes BIGINT) LANGUAGE plpgsql AS $$
    DECLARE
      author BIGINT;
      changed INT;
      total BIGINT;
    BEGIN
      -- The change log's lock before any row's, as every writer (PostgresStorage.transaction).
      IF p_ordered THEN
        PERFORM pg_advisory_xact_lock(p_lock);
      END IF;
      -- Then the post's row: the like row's foreign key then finds it locked by
      -- this transaction already, instead of adding its share lock to a multixact of every
      -- like in flight (which cost PostgreSQL most of its CPU on a hot post).
      SELECT post.authorId INTO author FROM post WHERE post.id = p_post
        AND (post.hidden = 0 OR (post.hidden = 1 AND post.authorId = p_user))
        AND post.authorId NOT IN (SELECT blockedId FROM block WHERE blockerId = p_user)
        FOR NO KEY UPDATE OF post;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 404, 0::BIGINT;
        RETURN;
      END IF;
      IF p_liked AND EXISTS (SELECT 1 FROM block WHERE blockerId = author AND blockedId = p_user)
      THEN
        RETURN QUERY SELECT 403, 0::BIGINT;
        RETURN;
      END IF;
      IF p_liked THEN
        -- Strictly increasing per user: "newest like first" is the order the likes happened.
        INSERT INTO postLike (userId, postId, createdAt)
        SELECT p_user, p_post, GREATEST(p_now,
          COALESCE((SELECT MAX(createdAt) FROM postLike WHERE userId = p_user), 0) + 1)
        ON CONFLICT DO NOTHING;
      ELSE
        DELETE FROM postLike WHERE userId = p_user AND postId = p_post;
      END IF;
      GET DIAGNOSTICS changed = ROW_COUNT;
      IF changed = 0 THEN
        RETURN QUERY SELECT 200, (SELECT likeCount FROM post WHERE id = p_post);
        RETURN;
      END IF;
      UPDATE post SET likeCount = likeCount + CASE WHEN p_liked THEN 1 ELSE -1 END
        WHERE id = p_post RETURNING likeCount INTO total;
      INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, liked, audience)
        VALUES ('update', p_post, author, p_now, p_user, p_liked, 0);
      PERFORM pg_notify('\(ChangeDoorbell.channel)', '');
      RETURN QUERY SELECT 200, total;
    END
    $$
    """

  /// The call, prepared once per connection. Its row: the outcome (200, 403 or 404) and the
  /// post's like count after it.
  struct Call: RowStatement {
    static let sql = "SELECT outcome, likes FROM lots_set_like($1, $2, $3, $4, $5, $6)"
    static let name = "lots_set_like"
    let post: Int64
    let user: Int64
    let liked: Bool
    let now: Int64

    func makeBindings() -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 6)
      bindings.append(post, context: .default)
      bindings.append(user, context: .default)
      bindings.append(liked, context: .default)
      bindings.append(now, context: .default)
      bindings.append(PostgresStorage.changeLogLock, context: .default)
      bindings.append(PostgresStorage.locksChangeLog, context: .default)
      return bindings
    }
  }
}
