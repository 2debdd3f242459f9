"""A real `lots serve` holding many posts, made in seconds rather than by thousands of uploads.

`bulk_server(10_000)` signs up a user and uploads a few posts through the API (so their image
files, rows and change-log entries are exactly what the server makes), stops the server keeping
its data directory, copies those rows in SQLite up to the count wanted, then starts the server
again on the same port and data directory and checks that the feed pages through all of them.

What a copy varies: its id, its time (distinct, one a minute, ids and times in the same order as
the server keeps them: a newer post has a larger id), its restaurant and caption, and its photo's
width and height (the waterfall gets varied heights; the image files of the originals are
reused, and `object-fit: cover` fills any aspect). What it keeps: the author, colour and image
keys of the original it copies. Each copy gets the change-log `insert` entry a real upload
writes (the feed pages carry the change-log sequence); it has no likes, reports or idempotency
key. The feed reads only `post`, `account`, `postLike`, `block` and the change-log sequence
(App/Sources/LotsServer/Storage/SQLite/FeedSelect.swift); the server's caches are in memory and
start empty at the restart.
"""
import json
import sqlite3
import time
import urllib.parse
from pathlib import Path

from lots_server import LotsServer

RESTAURANTS = [
    "Pho Real", "Curry Up", "Wok This Way", "Thai Tanic", "Lettuce Eat", "The Daily Grind",
    "Bao Down", "Taco 'Bout It", "Pasta La Vista", "Brew & Bread", "Sushi Zen", "Kebab Corner",
    "Ramen Ya", "Seoul Food", "Poke Stop", "Green Table", "Toast & Co", "Canteen 42",
    "Mama's Kitchen", "Noodle Bar Kiyo",
]
DISHES = ["Bowl", "Curry", "Noodles", "Salad", "Sandwich", "Bento", "Tacos", "Soup", "Dumplings"]
# Photo shapes as the demo seed makes them (DemoSeeder.aspects), plus a wide and a tall one.
ASPECTS = [(600, 600), (600, 750), (600, 900), (900, 600), (540, 960), (800, 600), (480, 720),
           (1200, 600), (500, 1000)]
TEMPLATE_COLOURS = [(200, 80, 40), (40, 160, 90), (60, 70, 200), (220, 180, 60),
                    (140, 60, 160), (30, 140, 170), (180, 110, 90), (90, 90, 90)]
MINUTE_MS = 60_000


def database_path(data_directory):
    return Path(data_directory) / "lots.sqlite"


def copy_posts(data_directory, total, now_ms=None, step_ms=MINUTE_MS):
    """Copies the posts in a stopped server's database until there are `total`; returns how
    many rows it added. Times are rewritten for every post: one `step_ms` apart, the newest
    (largest id) a minute before `now_ms`."""
    now_ms = now_ms or int(time.time() * 1000)
    db = sqlite3.connect(database_path(data_directory))
    try:
        db.row_factory = sqlite3.Row
        templates = db.execute("SELECT * FROM post ORDER BY id").fetchall()
        if not templates:
            raise RuntimeError("no post to copy")
        columns = [c for c in templates[0].keys() if c != "id"]
        have = len(templates)
        first_id = max(t["id"] for t in templates) + 1
        rows = []
        for n in range(max(0, total - have)):
            template = templates[n % have]
            width, height = ASPECTS[(n * 7 + n // 9) % len(ASPECTS)]
            values = dict(template)
            values.update(
                id=first_id + n, width=width, height=height,
                restaurant=f"{RESTAURANTS[n % len(RESTAURANTS)]} {n // len(RESTAURANTS) + 1}",
                caption=f"{DISHES[n % len(DISHES)]} no. {n + 1}" if n % 5 else "",
                likeCount=0, reportCount=0, reportScore=0, hidden=0, review="none")
            rows.append(values)
        with db:
            if rows:
                names = ["id"] + columns
                db.executemany(
                    f"INSERT INTO post ({', '.join(names)}) VALUES "
                    f"({', '.join('?' for _ in names)})",
                    [[row[name] for name in names] for row in rows])
                db.executemany(
                    "INSERT INTO changeLog (kind, postId, authorId, createdAt, actorId, liked, "
                    "audience) VALUES ('insert', ?, ?, ?, NULL, NULL, 0)",
                    [(row["id"], row["authorId"], now_ms) for row in rows])
            # Distinct times in id order, the newest a step before now (the server never dates
            # a post before the newest one: new uploads after the restart come after these).
            ids = [row[0] for row in db.execute("SELECT id FROM post ORDER BY id")]
            oldest = now_ms - (len(ids) + 1) * step_ms
            db.executemany("UPDATE post SET createdAt = ? WHERE id = ?",
                           [(oldest + (n + 1) * step_ms, id) for n, id in enumerate(ids)])
            # Accounts made before their first post.
            db.execute("UPDATE account SET createdAt = MIN(createdAt, ?)",
                       (oldest - 86_400_000,))
        return len(rows)
    finally:
        db.close()


def feed_walk(server, limit=100, deadline_s=120):
    """Pages through /api/feed with its cursors; returns (ids in order, pages read)."""
    ids, cursor, pages = [], None, 0
    deadline = time.monotonic() + deadline_s
    while True:
        query = f"limit={limit}" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        body = server.request("GET", f"/api/feed?{query}")
        pages += 1
        ids += [item["id"] for item in body["items"]]
        cursor = body.get("nextCursor")
        if not cursor:
            return ids, pages
        if time.monotonic() > deadline or pages > 10 * 100_000 // limit:
            raise RuntimeError(f"feed walk unfinished after {pages} pages, {len(ids)} posts")


def bulk_server(total, templates=8, username="cook", verify=True, extra_args=()):
    """A started `lots serve` with `total` posts by `username` (templates uploaded through the
    API, the rest copied); `server.token` is that user's session, `server.seed_seconds` how
    long it took. The caller stops it (`server.stop()`)."""
    started = time.monotonic()
    server = LotsServer(*extra_args).start()
    try:
        token = server.sign_up(username)
        for i in range(min(templates, total)):
            width, height = ASPECTS[i % len(ASPECTS)]
            server.post(token, width // 2, height // 2, TEMPLATE_COLOURS[i % 8],
                        RESTAURANTS[i], f"Original {i + 1}")
        server.stop(keep_data=True)
        copy_posts(server.data, total)
        server.start()
        server.token = token
        if verify:
            ids, pages = feed_walk(server)
            if len(ids) != total or len(set(ids)) != total:
                raise RuntimeError(f"the feed pages through {len(ids)} posts "
                                   f"({len(set(ids))} distinct), not {total}")
            if ids != sorted(ids, reverse=True):
                raise RuntimeError("the feed is not newest (largest id) first")
        server.seed_seconds = time.monotonic() - started
        return server
    except BaseException:
        server.stop()
        raise


if __name__ == "__main__":
    import sys
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    s = bulk_server(count)
    try:
        first = s.request("GET", "/api/feed?limit=3")
        print(json.dumps(first["items"][0], indent=1)[:600])
        print(f"{count} posts in {s.seed_seconds:.1f} s at {s.url} ({s.data})")
    finally:
        s.stop()
