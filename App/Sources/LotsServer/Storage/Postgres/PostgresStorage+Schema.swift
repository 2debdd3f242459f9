import LotsCore
import PostgresNIO

extension PostgresStorage {
  /// The schema, one migration per change, each a list of statements; never edit a shipped
  /// migration. The same tables as SQLite's (SQLiteStorage+Schema), as
  /// they are after its seven migrations, with PostgreSQL's types. Unquoted names: PostgreSQL
  /// folds them to lower case, and every query here leaves them unquoted too.
  static let migrations: [(name: String, statements: [String])] = [
    (
      "v1",
      [
        """
        CREATE TABLE account (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          username TEXT NOT NULL,
          passwordHash TEXT NOT NULL,
          createdAt BIGINT NOT NULL,
          moderator BOOLEAN NOT NULL DEFAULT false,
          reportsUpheld BIGINT NOT NULL DEFAULT 0,
          reportsDismissed BIGINT NOT NULL DEFAULT 0)
        """,
        // User names are unique without regard to case, as SQLite's COLLATE NOCASE.
        "CREATE UNIQUE INDEX account_username ON account (lower(username))",
        """
        CREATE TABLE session (
          tokenHash TEXT PRIMARY KEY,
          userId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          expiresAt BIGINT NOT NULL)
        """,
        "CREATE INDEX session_by_user ON session(userId)",
        "CREATE INDEX session_expiry ON session(expiresAt)",
        """
        CREATE TABLE post (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          authorId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          caption TEXT NOT NULL,
          restaurant TEXT NOT NULL,
          mealDate TEXT NOT NULL,
          createdAt BIGINT NOT NULL,
          width INTEGER NOT NULL,
          height INTEGER NOT NULL,
          color TEXT NOT NULL,
          originalKey TEXT NOT NULL,
          displayKey TEXT NOT NULL,
          thumbnailKey TEXT NOT NULL,
          likeCount BIGINT NOT NULL DEFAULT 0 CHECK (likeCount >= 0),
          reportCount BIGINT NOT NULL DEFAULT 0,
          hidden SMALLINT NOT NULL DEFAULT 0,
          reportScore BIGINT NOT NULL DEFAULT 0,
          review TEXT NOT NULL DEFAULT 'none')
        """,
        "CREATE INDEX post_feed ON post(createdAt, id) INCLUDE (authorId, hidden, likeCount)",
        "CREATE INDEX post_author ON post(authorId, createdAt, id)",
        "CREATE INDEX post_originalKey ON post(originalKey)",
        "CREATE INDEX post_displayKey ON post(displayKey)",
        "CREATE INDEX post_thumbnailKey ON post(thumbnailKey)",
        """
        CREATE TABLE postLike (
          userId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
          createdAt BIGINT NOT NULL,
          PRIMARY KEY (userId, postId))
        """,
        "CREATE INDEX postLike_user ON postLike(userId, createdAt, postId)",
        "CREATE INDEX postLike_post ON postLike(postId, createdAt)",
        """
        CREATE TABLE report (
          userId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
          reason TEXT NOT NULL,
          createdAt BIGINT NOT NULL,
          weight BIGINT NOT NULL DEFAULT 1000,
          outcome TEXT,
          PRIMARY KEY (userId, postId))
        """,
        "CREATE INDEX report_open ON report(postId) WHERE outcome IS NULL",
        "CREATE INDEX report_user ON report(userId)",
        """
        CREATE TABLE block (
          blockerId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          blockedId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          createdAt BIGINT NOT NULL,
          PRIMARY KEY (blockerId, blockedId))
        """,
        // Appended under a transaction-scoped advisory lock, so that sequences are handed out
        // in commit order (docs/server.md, "Several instances on PostgreSQL").
        """
        CREATE TABLE changeLog (
          seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          kind TEXT NOT NULL,
          postId BIGINT NOT NULL,
          authorId BIGINT NOT NULL,
          createdAt BIGINT NOT NULL,
          actorId BIGINT,
          liked BOOLEAN,
          audience SMALLINT NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE rankingSnapshot (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          createdAt BIGINT NOT NULL,
          postIds TEXT NOT NULL)
        """,
        """
        CREATE TABLE moderationLog (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          postId BIGINT NOT NULL,
          actorId BIGINT REFERENCES account(id) ON DELETE SET NULL,
          action TEXT NOT NULL,
          note TEXT NOT NULL DEFAULT '',
          score BIGINT NOT NULL,
          createdAt BIGINT NOT NULL)
        """,
        """
        CREATE TABLE postIdempotency (
          userId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          key TEXT NOT NULL,
          postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
          PRIMARY KEY (userId, key))
        """,
        "CREATE INDEX postIdempotency_post ON postIdempotency(postId)",
      ]
    ),
    // As SQLite's v8: each account's name skeleton, unique; of existing accounts whose names
    // share one, the oldest keeps it.
    (
      "v2: username skeletons",
      [
        "ALTER TABLE account ADD COLUMN skeleton TEXT",
        """
        UPDATE account SET skeleton = named.skeleton
        FROM (
          SELECT id, skeleton, row_number() OVER (PARTITION BY skeleton ORDER BY id) AS rank
          FROM (SELECT id, \(UsernameSkeleton.sql("username")) AS skeleton FROM account) AS a
        ) AS named
        WHERE account.id = named.id AND named.rank = 1
        """,
        "CREATE UNIQUE INDEX account_skeleton ON account (skeleton)",
      ]
    ),
    // As SQLite's v9: restaurants are places; posts' free-text restaurants are merged into
    // them by ``mergeRestaurants(_:)`` (RestaurantMerge, the same as SQLite's), after which
    // every post names one.
    (
      "v3: restaurants",
      [
        """
        CREATE TABLE restaurant (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          name TEXT NOT NULL,
          area TEXT NOT NULL,
          nameKey TEXT NOT NULL,
          areaKey TEXT NOT NULL,
          latitude DOUBLE PRECISION,
          longitude DOUBLE PRECISION,
          createdAt BIGINT NOT NULL,
          UNIQUE (nameKey, areaKey))
        """,
        "ALTER TABLE post ADD COLUMN restaurantId BIGINT REFERENCES restaurant(id)",
        "ALTER TABLE post ADD COLUMN area TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX post_restaurant ON post(restaurantId, createdAt, id) INCLUDE (authorId, hidden)",
      ]
    ),
    // As SQLite's v10: pocket lists and their entries.
    (
      "v4: pocket lists",
      [
        """
        CREATE TABLE pocketList (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          ownerId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          nameKey TEXT NOT NULL,
          kind TEXT NOT NULL,
          shareToken TEXT UNIQUE,
          version BIGINT NOT NULL DEFAULT 0,
          createdAt BIGINT NOT NULL)
        """,
        "CREATE UNIQUE INDEX pocketList_name ON pocketList(ownerId, nameKey)",
        "CREATE UNIQUE INDEX pocketList_wantToTry ON pocketList(ownerId) WHERE kind = 'wantToTry'",
        """
        CREATE TABLE listEntry (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          listId BIGINT NOT NULL REFERENCES pocketList(id) ON DELETE CASCADE,
          postId BIGINT REFERENCES post(id) ON DELETE CASCADE,
          restaurantId BIGINT REFERENCES restaurant(id) ON DELETE CASCADE,
          note TEXT NOT NULL DEFAULT '',
          position BIGINT NOT NULL,
          createdAt BIGINT NOT NULL,
          CHECK ((postId IS NULL) <> (restaurantId IS NULL)))
        """,
        "CREATE UNIQUE INDEX listEntry_post ON listEntry(listId, postId)",
        "CREATE UNIQUE INDEX listEntry_restaurant ON listEntry(listId, restaurantId)",
        "CREATE INDEX listEntry_order ON listEntry(listId, position, id)",
        "CREATE INDEX listEntry_byPost ON listEntry(postId)",
        "CREATE INDEX listEntry_byRestaurant ON listEntry(restaurantId)",
      ]
    ),
    // As SQLite's v11: each post's folded caption, restaurant and area as a tsvector
    // ('simple': the words as they are, already folded), GIN-indexed; filled by
    // ``indexPostsForSearch(_:)``.
    (
      "v5: post search",
      [
        """
        CREATE TABLE postSearch (
          postId BIGINT PRIMARY KEY REFERENCES post(id) ON DELETE CASCADE,
          body tsvector NOT NULL)
        """,
        "CREATE INDEX postSearch_body ON postSearch USING GIN (body)",
      ]
    ),
    // Search's GIN index takes each post's words as it is written rather than in a pending
    // list merged later: a search that asks the index reads the whole pending list (up to
    // 4 MB) and can wait behind its merge. Posts are written far less often than searched.
    (
      "v6: search index without a pending list",
      [
        "ALTER INDEX postSearch_body SET (fastupdate = off)",
        "SELECT gin_clean_pending_list('postSearch_body')",
      ]
    ),
    // Suggestions rank restaurants by their shown posts: counted for each restaurant whose
    // name matches, that was most of their time (a prefix like "ra" matches hundreds). The
    // count is kept by a trigger on post (created, deleted, hidden or shown, moved by a
    // merge), and the names' words are GIN-indexed so that a prefix finds its restaurants
    // without reading them all.
    (
      "v7: restaurant counts and name index",
      [
        "ALTER TABLE restaurant ADD COLUMN shownPosts BIGINT NOT NULL DEFAULT 0",
        """
        UPDATE restaurant SET shownPosts = (SELECT COUNT(*) FROM post
          WHERE post.restaurantId = restaurant.id AND post.hidden = 0)
        """,
        """
        CREATE FUNCTION countShownPosts() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' AND OLD.hidden = 0 AND OLD.restaurantId IS NOT NULL THEN
            UPDATE restaurant SET shownPosts = shownPosts - 1 WHERE id = OLD.restaurantId;
          END IF;
          IF TG_OP <> 'DELETE' AND NEW.hidden = 0 AND NEW.restaurantId IS NOT NULL THEN
            UPDATE restaurant SET shownPosts = shownPosts + 1 WHERE id = NEW.restaurantId;
          END IF;
          RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER post_countShownPosts
        AFTER INSERT OR DELETE OR UPDATE OF hidden, restaurantId ON post
        FOR EACH ROW EXECUTE FUNCTION countShownPosts()
        """,
        "CREATE INDEX restaurant_words ON restaurant USING GIN (to_tsvector('simple', nameKey))",
      ]
    ),
    // As SQLite's v12: posts of several photos (``StoredPhoto``).
    (
      "v8: several photos",
      [
        "ALTER TABLE post ADD COLUMN photoDescription TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE post ADD COLUMN morePhotos TEXT NOT NULL DEFAULT ''",
        """
        CREATE TABLE postImage (
          key TEXT NOT NULL,
          postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
          PRIMARY KEY (key, postId))
        """,
        "CREATE INDEX postImage_post ON postImage(postId)",
      ]
    ),
    // As SQLite's v13: when a post was last edited (0: never) and how many comments it has,
    // carried by the feed index too.
    (
      "v9: edits and comment counts",
      [
        "ALTER TABLE post ADD COLUMN editedAt BIGINT NOT NULL DEFAULT 0",
        """
        ALTER TABLE post ADD COLUMN commentCount BIGINT NOT NULL DEFAULT 0
          CHECK (commentCount >= 0)
        """,
        "DROP INDEX post_feed",
        """
        CREATE INDEX post_feed ON post(createdAt, id)
          INCLUDE (authorId, hidden, likeCount, editedAt, commentCount)
        """,
      ]
    ),
    // As SQLite's v14: comments, and when each person last read their notifications.
    (
      "v10: comments and notifications",
      [
        """
        CREATE TABLE comment (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
          authorId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          body TEXT NOT NULL,
          createdAt BIGINT NOT NULL)
        """,
        "CREATE INDEX comment_post ON comment(postId, id)",
        "CREATE INDEX comment_author ON comment(authorId)",
        "ALTER TABLE changeLog ADD COLUMN commentId BIGINT",
        "ALTER TABLE account ADD COLUMN notificationsReadAt BIGINT NOT NULL DEFAULT 0",
      ]
    ),
    // As SQLite's v15: reports of comments.
    (
      "v11: comment reports",
      [
        """
        CREATE TABLE commentReport (
          userId BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          commentId BIGINT NOT NULL REFERENCES comment(id) ON DELETE CASCADE,
          reason TEXT NOT NULL,
          weight BIGINT NOT NULL,
          outcome TEXT,
          createdAt BIGINT NOT NULL,
          PRIMARY KEY (userId, commentId))
        """,
        "CREATE INDEX commentReport_open ON commentReport(commentId) WHERE outcome IS NULL",
        "CREATE INDEX commentReport_user ON commentReport(userId)",
        "ALTER TABLE comment ADD COLUMN removed SMALLINT NOT NULL DEFAULT 0",
        "ALTER TABLE moderationLog ADD COLUMN commentId BIGINT",
        """
        CREATE INDEX moderationLog_comment ON moderationLog(commentId)
          WHERE commentId IS NOT NULL
        """,
      ]
    ),
    // As SQLite's v16: each person's last password change's key.
    ("v12: password change keys", ["ALTER TABLE account ADD COLUMN passwordChangeKey TEXT"]),
    // As SQLite's v17: Booster's tables.
    ("v13: print", PrintSchema.statements(sqlite: false)),
    // As SQLite's v18: deleted accounts, reserved names and data archives.
    ("v14: leaving", LeavingSchema.statements(sqlite: false)),
    // PostgreSQL only: a like in one round trip (SQLite's runs in-process).
    ("v15: likes in one call", [SetLikeFunction.create]),
  ]

  /// The steps of migrations that need Swift (after their statements, in their transaction).
  static let dataSteps:
    [String: @Sendable (PostgresStorage, PostgresConnection) async throws -> Void] = [
      "v3: restaurants": { storage, connection in try await storage.mergeRestaurants(connection) },
      "v5: post search": { storage, connection in
        try await storage.indexPostsForSearch(connection)
      },
    ]

  /// Indexes every existing post for search.
  func indexPostsForSearch(_ connection: PostgresConnection) async throws {
    let posts = try await rows(
      "SELECT id, caption, restaurant, area FROM post", on: connection
    ) { row in
      (
        try row[0].decode(Int64.self),
        SearchQuery.document(
          caption: try row[1].decode(String.self), restaurant: try row[2].decode(String.self),
          area: try row[3].decode(String.self))
      )
    }
    for (id, document) in posts {
      try await connection.query(
        "INSERT INTO postSearch (postId, body) VALUES (\(id), to_tsvector('simple', \(document)))",
        logger: logger)
    }
  }

  /// Makes the free-text restaurants of existing posts into restaurants (``RestaurantMerge``).
  func mergeRestaurants(_ connection: PostgresConnection) async throws {
    let posts = try await rows("SELECT id, restaurant FROM post", on: connection) { row in
      (id: try row[0].decode(Int64.self), restaurant: try row[1].decode(String.self))
    }
    let now = try await value(Int64.self, "SELECT MAX(createdAt) FROM post", on: connection) ?? 0
    for group in RestaurantMerge(posts: posts).groups {
      guard
        let id = try await value(
          Int64.self,
          """
          INSERT INTO restaurant (name, area, nameKey, areaKey, createdAt)
          VALUES (\(group.name), '', \(group.key), '', \(now)) RETURNING id
          """, on: connection)
      else { throw AppError(.internalServerError, "the merged restaurant has no id") }
      try await connection.query(
        """
        UPDATE post SET restaurantId = \(id), restaurant = \(group.name)
        WHERE id = ANY(\(group.postIDs))
        """, logger: logger)
    }
  }

  /// The advisory lock that makes instances starting together migrate one after the other.
  static let migrationLock: Int64 = 0x4c4f_5473_0001

  /// Runs the migrations not yet run, in order, in one transaction (PostgreSQL's DDL is
  /// transactional: a failure leaves the schema as it was) under an advisory lock.
  func migrate() async throws {
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS lotsMigration (name TEXT PRIMARY KEY, ranAt TIMESTAMPTZ NOT NULL DEFAULT now())",
        logger: logger)
      var done = Set<String>()
      for try await name in try await connection.query(
        "SELECT name FROM lotsMigration", logger: logger
      ).decode(String.self) {
        done.insert(name)
      }
      for migration in Self.migrations where !done.contains(migration.name) {
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await Self.dataSteps[migration.name]?(self, connection)
        try await connection.query(
          "INSERT INTO lotsMigration (name) VALUES (\(migration.name))", logger: logger)
      }
    }
  }
}
