import GRDB
import LotsCore

extension SQLiteStorage {
  /// The schema, one migration per change; never edit a shipped migration.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE account (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE,
            passwordHash TEXT NOT NULL,
            createdAt INTEGER NOT NULL);
          CREATE TABLE session (
            tokenHash TEXT PRIMARY KEY,
            userId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            expiresAt INTEGER NOT NULL);
          CREATE INDEX session_user ON session(userId);
          CREATE TABLE post (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            authorId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            caption TEXT NOT NULL,
            restaurant TEXT NOT NULL,
            mealDate TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            color TEXT NOT NULL,
            originalKey TEXT NOT NULL,
            displayKey TEXT NOT NULL,
            thumbnailKey TEXT NOT NULL,
            likeCount INTEGER NOT NULL DEFAULT 0 CHECK (likeCount >= 0),
            reportCount INTEGER NOT NULL DEFAULT 0,
            hidden INTEGER NOT NULL DEFAULT 0);
          CREATE INDEX post_recent ON post(createdAt, id);
          CREATE INDEX post_author ON post(authorId, createdAt, id);
          CREATE TABLE postLike (
            userId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            createdAt INTEGER NOT NULL,
            PRIMARY KEY (userId, postId));
          CREATE INDEX postLike_user ON postLike(userId, createdAt, postId);
          CREATE INDEX postLike_post ON postLike(postId, createdAt);
          CREATE TABLE report (
            userId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            PRIMARY KEY (userId, postId));
          CREATE TABLE block (
            blockerId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            blockedId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            createdAt INTEGER NOT NULL,
            PRIMARY KEY (blockerId, blockedId));
          CREATE TABLE changeLog (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            postId INTEGER NOT NULL,
            authorId INTEGER NOT NULL,
            createdAt INTEGER NOT NULL);
          CREATE TABLE rankingSnapshot (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            createdAt INTEGER NOT NULL,
            postIds TEXT NOT NULL);
          """)
    }
    // The main feed's entries read (FeedSelect, `.entries`) finds everything it filters on and
    // returns in this index, never the post's row: a page of 30 from the seeded database took
    // 38 µs instead of 45 µs in SQLite (2026-11-22). It replaces post_recent, its prefix.
    migrator.registerMigration("v2: covering feed index") { db in
      try db.execute(
        sql: """
          CREATE INDEX post_feed ON post(createdAt, id, authorId, hidden, likeCount);
          DROP INDEX post_recent;
          """)
    }
    // Who made a change, for the events a viewer's own other tabs need (their like, their
    // block), and whether a like-count update was a like or an unlike.
    migrator.registerMigration("v3: change actors") { db in
      try db.execute(
        sql: """
          ALTER TABLE changeLog ADD COLUMN actorId INTEGER;
          ALTER TABLE changeLog ADD COLUMN liked INTEGER;
          """)
    }
    // Expired sessions are swept on a schedule (SessionSweeper), by expiry.
    migrator.registerMigration("v4: session expiry index") { db in
      try db.execute(sql: "CREATE INDEX session_expiry ON session(expiresAt)")
    }
    // Deleting a post asks whether any other post uses its files: by index, not by scan.
    migrator.registerMigration("v5: image key indexes") { db in
      try db.execute(
        sql: """
          CREATE INDEX post_originalKey ON post(originalKey);
          CREATE INDEX post_displayKey ON post(displayKey);
          CREATE INDEX post_thumbnailKey ON post(thumbnailKey);
          """)
    }
    // Moderation that cannot be turned into censorship (see ModerationStore): reports weigh by
    // the reporter's standing and are decided by a moderator; `hidden` becomes 0 shown, 1 hidden
    // pending review (its author still sees it), 2 removed by a moderator (no one sees it);
    // every decision is in `moderationLog`; a change can be meant for its author only or for
    // everyone but its author (`audience`). Posts hidden under the old rule wait for review, and
    // the first account moderates.
    migrator.registerMigration("v6: moderation") { db in
      try db.execute(
        sql: """
          ALTER TABLE account ADD COLUMN moderator INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE account ADD COLUMN reportsUpheld INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE account ADD COLUMN reportsDismissed INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE post ADD COLUMN reportScore INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE post ADD COLUMN review TEXT NOT NULL DEFAULT 'none';
          ALTER TABLE report ADD COLUMN weight INTEGER NOT NULL DEFAULT 1000;
          ALTER TABLE report ADD COLUMN outcome TEXT;
          ALTER TABLE changeLog ADD COLUMN audience INTEGER NOT NULL DEFAULT 0;
          CREATE INDEX report_open ON report(postId) WHERE outcome IS NULL;
          CREATE INDEX report_user ON report(userId);
          CREATE TABLE moderationLog (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            postId INTEGER NOT NULL,
            actorId INTEGER REFERENCES account(id) ON DELETE SET NULL,
            action TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            score INTEGER NOT NULL,
            createdAt INTEGER NOT NULL);
          UPDATE post SET review = 'pending', reportScore = 1000 * reportCount WHERE hidden = 1;
          UPDATE account SET moderator = 1 WHERE id = (SELECT MIN(id) FROM account);
          """)
    }
    // A retried upload with the same `Idempotency-Key` finds the post the first attempt made
    // (kept as long as the post: one row per post at most).
    migrator.registerMigration("v7: post idempotency keys") { db in
      try db.execute(
        sql: """
          CREATE TABLE postIdempotency (
            userId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            PRIMARY KEY (userId, key));
          CREATE INDEX postIdempotency_post ON postIdempotency(postId);
          """)
    }
    // Names that only look different (`Iucia`, `lucia`; `ana.`, `ana`) are one skeleton (see
    // UsernameSkeleton), unique from now on; of existing accounts that share one, the oldest
    // keeps it and the others keep their names without one.
    migrator.registerMigration("v8: username skeletons") { db in
      try db.execute(sql: "ALTER TABLE account ADD COLUMN skeleton TEXT")
      var taken: Set<String> = []
      let rows = try Row.fetchAll(db, sql: "SELECT id, username FROM account ORDER BY id")
      for row in rows {
        let skeleton = UsernameSkeleton.of(row["username"] as String)
        guard taken.insert(skeleton).inserted else { continue }
        try db.execute(
          sql: "UPDATE account SET skeleton = ? WHERE id = ?",
          arguments: [skeleton, row["id"] as Int64])
      }
      try db.execute(sql: "CREATE UNIQUE INDEX account_skeleton ON account(skeleton)")
    }
    // Restaurants are places (see RestaurantMerge): posts' free-text restaurants become
    // restaurants, one per folded name (their area unknown), and each post names its own.
    migrator.registerMigration("v9: restaurants") { db in
      try db.execute(
        sql: """
          CREATE TABLE restaurant (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            area TEXT NOT NULL,
            nameKey TEXT NOT NULL,
            areaKey TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            createdAt INTEGER NOT NULL,
            UNIQUE (nameKey, areaKey));
          ALTER TABLE post ADD COLUMN restaurantId INTEGER REFERENCES restaurant(id);
          ALTER TABLE post ADD COLUMN area TEXT NOT NULL DEFAULT '';
          """)
      let posts = try Row.fetchAll(db, sql: "SELECT id, restaurant FROM post").map {
        (id: $0["id"] as Int64, restaurant: $0["restaurant"] as String)
      }
      let now = try Int64.fetchOne(db, sql: "SELECT MAX(createdAt) FROM post") ?? 0
      for group in RestaurantMerge(posts: posts).groups {
        try db.execute(
          sql: """
            INSERT INTO restaurant (name, area, nameKey, areaKey, createdAt)
            VALUES (?, '', ?, '', ?)
            """, arguments: [group.name, group.key, now])
        let id = db.lastInsertedRowID
        for postID in group.postIDs {
          try db.execute(
            sql: "UPDATE post SET restaurantId = ?, restaurant = ? WHERE id = ?",
            arguments: [id, group.name, postID])
        }
      }
      try db.execute(
        sql: "CREATE INDEX post_restaurant ON post(restaurantId, createdAt, id, authorId, hidden)")
    }
    // Pocket lists (see ListStore): "Want to try" (one per account, made on first use) and
    // named lists; entries are posts or restaurants, ordered by `position` (descending, spaced
    // ListLimits.spacing apart); deleting a post, a restaurant or an account removes its
    // entries.
    migrator.registerMigration("v10: pocket lists") { db in
      try db.execute(
        sql: """
          CREATE TABLE pocketList (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            ownerId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            nameKey TEXT NOT NULL,
            kind TEXT NOT NULL,
            shareToken TEXT UNIQUE,
            version INTEGER NOT NULL DEFAULT 0,
            createdAt INTEGER NOT NULL);
          CREATE UNIQUE INDEX pocketList_name ON pocketList(ownerId, nameKey);
          CREATE UNIQUE INDEX pocketList_wantToTry ON pocketList(ownerId) WHERE kind = 'wantToTry';
          CREATE TABLE listEntry (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            listId INTEGER NOT NULL REFERENCES pocketList(id) ON DELETE CASCADE,
            postId INTEGER REFERENCES post(id) ON DELETE CASCADE,
            restaurantId INTEGER REFERENCES restaurant(id) ON DELETE CASCADE,
            note TEXT NOT NULL DEFAULT '',
            position INTEGER NOT NULL,
            createdAt INTEGER NOT NULL,
            CHECK ((postId IS NULL) <> (restaurantId IS NULL)));
          CREATE UNIQUE INDEX listEntry_post ON listEntry(listId, postId);
          CREATE UNIQUE INDEX listEntry_restaurant ON listEntry(listId, restaurantId);
          CREATE INDEX listEntry_order ON listEntry(listId, position, id);
          CREATE INDEX listEntry_byPost ON listEntry(postId);
          CREATE INDEX listEntry_byRestaurant ON listEntry(restaurantId);
          """)
    }
    // Search (see SearchStore): each post's folded caption, restaurant and area in an FTS5
    // index whose rowid is the post's id; a deleted post leaves it by trigger.
    migrator.registerMigration("v11: post search") { db in
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE postSearch USING fts5(
            body, tokenize = 'unicode61 remove_diacritics 2');
          CREATE TRIGGER post_search_delete AFTER DELETE ON post BEGIN
            DELETE FROM postSearch WHERE rowid = old.id;
          END;
          """)
      let rows = try Row.fetchAll(db, sql: "SELECT id, caption, restaurant, area FROM post")
      for row in rows {
        try db.execute(
          sql: "INSERT INTO postSearch (rowid, body) VALUES (?, ?)",
          arguments: [
            row[0] as Int64,
            SearchQuery.document(caption: row[1], restaurant: row[2], area: row[3]),
          ])
      }
    }
    // Posts of several photos (``StoredPhoto``): the first photo's description beside its
    // columns, the others in one JSON column, and their image keys in `postImage`.
    migrator.registerMigration("v12: several photos") { db in
      try db.execute(
        sql: """
          ALTER TABLE post ADD COLUMN photoDescription TEXT NOT NULL DEFAULT '';
          ALTER TABLE post ADD COLUMN morePhotos TEXT NOT NULL DEFAULT '';
          CREATE TABLE postImage (
            key TEXT NOT NULL,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            PRIMARY KEY (key, postId)) WITHOUT ROWID;
          CREATE INDEX postImage_post ON postImage(postId);
          """)
    }
    // When a post was last edited (0: never), which is also the version of its rendering
    // (``PostJSON``), and how many comments it has: both read by the feed's entries, so the
    // covering feed index carries them too.
    migrator.registerMigration("v13: edits and comment counts") { db in
      try db.execute(
        sql: """
          ALTER TABLE post ADD COLUMN editedAt INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE post ADD COLUMN commentCount INTEGER NOT NULL DEFAULT 0
            CHECK (commentCount >= 0);
          DROP INDEX post_feed;
          CREATE INDEX post_feed ON post(
            createdAt, id, authorId, hidden, likeCount, editedAt, commentCount);
          """)
    }
    // Comments (see CommentStore), and the change log's reference to one; when each person
    // last read their notifications (see NotificationStore).
    migrator.registerMigration("v14: comments and notifications") { db in
      try db.execute(
        sql: """
          CREATE TABLE comment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            authorId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            createdAt INTEGER NOT NULL);
          CREATE INDEX comment_post ON comment(postId, id);
          CREATE INDEX comment_author ON comment(authorId);
          ALTER TABLE changeLog ADD COLUMN commentId INTEGER;
          ALTER TABLE account ADD COLUMN notificationsReadAt INTEGER NOT NULL DEFAULT 0;
          """)
    }
    // Reports of comments, weighed as reports of posts but never hiding a comment by
    // themselves: a moderator removes (`removed` 1: no one sees it) or keeps it, and the audit
    // trail names the comment.
    migrator.registerMigration("v15: comment reports") { db in
      try db.execute(
        sql: """
          CREATE TABLE commentReport (
            userId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            commentId INTEGER NOT NULL REFERENCES comment(id) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            weight INTEGER NOT NULL,
            outcome TEXT,
            createdAt INTEGER NOT NULL,
            PRIMARY KEY (userId, commentId));
          CREATE INDEX commentReport_open ON commentReport(commentId) WHERE outcome IS NULL;
          CREATE INDEX commentReport_user ON commentReport(userId);
          ALTER TABLE comment ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE moderationLog ADD COLUMN commentId INTEGER;
          CREATE INDEX moderationLog_comment ON moderationLog(commentId)
            WHERE commentId IS NOT NULL;
          """)
    }
    // The `Idempotency-Key` of each person's last password change: a retry of a change whose
    // answer was lost is recognised (see AccountRoutes.changePassword).
    migrator.registerMigration("v16: password change keys") { db in
      try db.execute(sql: "ALTER TABLE account ADD COLUMN passwordChangeKey TEXT")
    }
    // Booster: colleges, print stores, credit ledgers and orders (``PrintSchema``).
    migrator.registerMigration("v17: print") { db in
      for statement in PrintSchema.statements(sqlite: true) { try db.execute(sql: statement) }
    }
    // Deleted accounts, reserved names and data archives (``LeavingSchema``).
    migrator.registerMigration("v18: leaving") { db in
      for statement in LeavingSchema.statements(sqlite: true) { try db.execute(sql: statement) }
    }
    return migrator
  }
}
