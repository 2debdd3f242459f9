#!/usr/bin/env python3
"""Restore drill: back up a running LOTs server under a write load with `lots backup`, restore it
with `lots restore` into a new data directory (and, on PostgreSQL, a new empty database), serve
the restored copy and check it: every write acknowledged before the backup started is there,
nothing written after it ended is, the whole is one consistent moment of the write history,
every photo and print file answers with its bytes, the database is intact, and a stream client
that saw newer events is told `reset`, then hears new posts. Then the refusals: a backup into an
existing directory, a restore into a non-empty one, damaged backups, and (as root, SQLite) a
backup onto a full disk and into a read-only place, each leaving nothing behind.

Usage: scripts/server/restore_drill.py PATH_TO_LOTS [--database-url URL] [--seed N]
Everything listens on 127.0.0.1 at free ports; every loop is bounded in count and time; the
temporary directories (and, on PostgreSQL, the databases made here) are removed at the end.
"""
import argparse, hashlib, json, os, random, re, shutil, signal, sqlite3, subprocess
import sys, tempfile, threading, time, traceback, urllib.parse

from cluster import Stream, call, free_port, psql  # this folder's shared client
from full_disk_test import noisy_png  # an incompressible photo

USERS = 3
PASSWORD = "password1"


class DrillError(Exception):
    """A step the rest of the drill depends on failed."""


class Checks:
    """Prints each check as it is made and keeps the failures for the summary."""

    def __init__(self):
        self.passed, self.failed = [], []

    def expect(self, condition, what, detail=""):
        if condition:
            self.passed.append(what)
            print(f"  ok   {what}")
        else:
            self.failed.append(f"{what}: {detail}")
            print(f"  FAIL {what}: {detail}")
        return condition

    def exit(self, name, error):
        """Prints the failures and `error` (what stopped the run), then exits: 1 for any."""
        for failure in self.failed:
            print(f"{name}: FAILED: {failure}")
        if error:
            print(f"{name}: STOPPED: {error}")
        sys.exit(1 if error or self.failed else 0)


class Clock:
    """The drill's deadline: every wait and child process gets at most what is left."""

    def __init__(self, seconds):
        self.deadline = time.monotonic() + seconds

    def left(self, cap):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise DrillError("the drill ran out of time")
        return min(cap, left)


def multipart(fields, files):
    """A form of text `fields` and `files` [(field name, PNG bytes)]: (body, content type)."""
    boundary = "restore-drill-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             .encode() for name, value in fields.items()]
    for index, (name, data) in enumerate(files):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                     f'filename="p{index}.png"\r\nContent-Type: image/png\r\n\r\n'.encode()
                     + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def create_post(base, token, rng, photos=1):
    files = [("photo", noisy_png(rng, rng.randint(64, 160), rng.randint(48, 120)))
             for _ in range(photos)]
    body, content_type = multipart(
        {"restaurant": "Drill Diner", "mealDate": "2026-11-27", "caption": "restore drill"}, files)
    return call(base, "POST", "/api/posts", body, token, {"Content-Type": content_type},
                timeout=60)


class Server:
    """`lots serve` on a free port of 127.0.0.1, its output in a log; ready when it answers
    /health/ready with 200."""

    def __init__(self, binary, data, database_url, log_path, clock):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        database = ["--database", database_url] if database_url else []
        with open(log_path, "ab") as log:
            self.process = subprocess.Popen(
                [binary, "serve", "--data", data, *database, "--port", str(self.port),
                 "--no-rate-limits", "--web", "/nonexistent"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + clock.left(90)
        for _ in range(2000):
            if self.process.poll() is not None:
                raise DrillError(f"lots serve exited with {self.process.returncode} at start; "
                                 f"its log ends: {self.log_tail()}")
            try:
                if call(self.base, "GET", "/health/ready", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self.stop()
        raise DrillError(f"lots serve did not get ready; its log ends: {self.log_tail()}")

    def log_tail(self, lines=15):
        with open(self.log_path, errors="replace") as log:
            return "".join(log.readlines()[-lines:])

    def stop(self):
        """SIGTERM, then SIGKILL after 30 s; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


class Load:
    """Sequential writes by several users in one thread: posts (one or two photos), likes and
    unlikes, deletes of one's own posts. Being sequential, each write commits between its
    request and its answer, in order, so any consistent snapshot holds exactly a prefix of
    `ops`. Each op records `sent` and `acked` (monotonic seconds)."""

    def __init__(self, base, users, seed, max_ops, clock):
        self.base, self.users, self.rng = base, users, random.Random(seed)
        self.max_ops, self.clock = max_ops, clock
        self.ops, self.errors, self.live = [], [], {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.backup_running = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def acked_count(self, after=0.0):
        with self.lock:
            return sum(1 for op in self.ops if op["acked"] > after)

    def run(self):
        try:
            while (not self.stop.is_set() and len(self.ops) < self.max_ops
                   and time.monotonic() < self.clock.deadline and len(self.errors) < 5):
                self.step()
        except Exception as error:  # the drill reports it; the thread must not die silently
            self.errors.append(f"the load stopped: {error!r}")

    def step(self):
        rng = self.rng
        name, token = rng.choice(self.users)
        own = [post for post, author in self.live.items() if author == name]
        roll = rng.random()
        # While the backup runs, delete more: a photo removed under a backup must not go missing.
        delete_share = 0.75 if self.backup_running.is_set() else 0.52
        sent = time.monotonic()
        if len(self.live) < 3 or roll < 0.4:
            status, answer = create_post(self.base, token, rng, 1 if rng.random() < 0.7 else 2)
            if status != 201:
                self.errors.append(f"create by {name}: {status} {answer!r:.200}")
                return
            self.live[answer["id"]] = name
            op = {"kind": "create", "user": name, "post": answer["id"]}
        elif roll < delete_share and own:
            post = rng.choice(own)
            status, answer = call(self.base, "DELETE", f"/api/posts/{post}", token=token,
                                  timeout=30)
            if status != 204:
                self.errors.append(f"delete {post} by {name}: {status} {answer!r:.200}")
                return
            del self.live[post]
            op = {"kind": "delete", "user": name, "post": post}
        else:
            post, liked = rng.choice(sorted(self.live)), rng.random() < 0.6
            status, answer = call(self.base, "PUT" if liked else "DELETE",
                                  f"/api/posts/{post}/like", token=token, timeout=30)
            if status != 200 or answer.get("liked") != liked:
                self.errors.append(f"like {post} {liked} by {name}: {status} {answer!r:.200}")
                return
            op = {"kind": "like", "user": name, "post": post, "liked": liked}
        op.update(sent=sent, acked=time.monotonic())
        with self.lock:
            self.ops.append(op)


def states(ops, first, last):
    """The state after each prefix ops[:k] for first ≤ k ≤ last: [(k, posts, likes)], posts a
    set of ids, likes a set of (user, post)."""
    posts, likes, result = set(), set(), []
    for k in range(last + 1):
        if k >= first:
            result.append((k, set(posts), set(likes)))
        if k == len(ops):
            break
        op = ops[k]
        if op["kind"] == "create":
            posts.add(op["post"])
        elif op["kind"] == "delete":
            posts.discard(op["post"])
            likes = {like for like in likes if like[1] != op["post"]}
        elif op["liked"]:
            likes.add((op["user"], op["post"]))
        else:
            likes.discard((op["user"], op["post"]))
    return result


def about(post_id):
    """A stream predicate: an event about the post `post_id`."""
    return lambda _, data: post_id in (data.get("postID"), (data.get("post") or {}).get("id"))


def digest(path):
    with open(path, "rb") as file:
        data = file.read()
    return len(data), hashlib.sha256(data).hexdigest()


def tree(path):
    """Every folder and file under `path` (relative path → "dir" or (size, sha256)); None when
    `path` does not exist."""
    if not os.path.lexists(path):
        return None
    if not os.path.isdir(path):
        return {".": digest(path)}
    result = {}
    for root, folders, files in os.walk(path):
        for name in folders:
            result[os.path.relpath(os.path.join(root, name), path)] = "dir"
        for name in files:
            full = os.path.join(root, name)
            result[os.path.relpath(full, path)] = digest(full)
    return result


def verify_backup(checks, backup, backend):
    """Checks the manifest against the files: returns (manifest, total bytes)."""
    with open(os.path.join(backup, "manifest.json")) as file:
        manifest = json.load(file)
    database = "lots.sqlite" if backend == "sqlite" else "database.pgdump"
    checks.expect(manifest.get("format") == 1 and manifest.get("backend") == backend,
                  f"manifest: format 1, backend {backend}",
                  f"format {manifest.get('format')}, backend {manifest.get('backend')}")
    listed = {entry["path"]: entry for entry in manifest.get("files", [])}
    checks.expect(database in listed, f"manifest lists {database}", sorted(listed)[:5])
    wrong = []
    for path, entry in listed.items():
        full = os.path.join(backup, path)
        if not os.path.isfile(full) or digest(full) != (entry["bytes"], entry["sha256"]):
            wrong.append(path)
    checks.expect(not wrong, f"every file of the manifest ({len(listed)}) has its size and "
                  "SHA-256", f"{len(wrong)} differ, such as {wrong[:3]}")
    on_disk = {path for path, kind in tree(backup).items() if kind != "dir"} - {"manifest.json"}
    checks.expect(on_disk == set(listed), "the backup holds exactly the manifest's files",
                  f"unlisted {sorted(on_disk - set(listed))[:3]}, "
                  f"missing {sorted(set(listed) - on_disk)[:3]}")
    return manifest, sum(entry["bytes"] for entry in listed.values())


def refused(checks, what, result, mentions):
    """A refusal: exit status ≠ 0 and stderr saying something that names one of `mentions`."""
    text = result.stderr.strip()
    said = any(word.lower() in text.lower() for word in mentions)
    checks.expect(result.returncode != 0 and said, what,
                  f"exit {result.returncode}, stdout {result.stdout.strip()!r:.200}, "
                  f"stderr {text!r:.300} (expected a mention of {mentions})")
    if text:
        print(f"       stderr: {text.splitlines()[0][:160]}")


INTEGRITY = "PRAGMA integrity_check"


def sqlite_value(path, sql):
    """The first value of `sql` on the SQLite database at `path` (no server running)."""
    database = sqlite3.connect(path)
    try:
        return database.execute(sql).fetchone()[0]
    finally:
        database.close()


def table_count(database_url):
    rows = psql(database_url, "SELECT count(*) FROM information_schema.tables "
                "WHERE table_schema NOT IN ('pg_catalog', 'information_schema');")
    return int(rows[0][0])


def all_feed(base, token, clock):
    """Every post of the main feed (`GET /api/feed`, page by page), as `token`'s user sees
    it."""
    items, cursor = [], None
    for _ in range(50):
        path = "/api/feed?limit=100" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        status, page = call(base, "GET", path, token=token, timeout=clock.left(30))
        if status != 200:
            raise DrillError(f"GET {path}: {status} {page!r:.200}")
        items += page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            return items
    raise DrillError("the feed has more than 50 pages")


class Drill:
    """The drill's steps, in order, sharing what each learns."""

    def __init__(self, args, tmp, checks, cleanups):
        self.clock = Clock(args.budget)
        self.binary, self.url = os.path.abspath(args.binary), args.database_url
        self.backend = "postgresql" if self.url else "sqlite"
        self.database = ["--database", self.url] if self.url else []
        self.seed, self.rng = args.seed, random.Random(args.seed)
        self.tmp, self.checks, self.cleanups = tmp, checks, cleanups
        self.d1, self.backup, self.d2 = (os.path.join(tmp, name)
                                         for name in ("d1", "backup", "d2"))
        self.url2 = self.url3 = None
        self.summary = {}

    def run(self):
        self.original()
        self.back_up_under_load()
        self.newer_event()
        self.restore()
        self.check_restored()
        self.refusals()
        self.nowhere_to_write()

    def lots(self, *args, cap=300):
        """Runs `lots ARGS`: (the completed process, its seconds)."""
        started = time.monotonic()
        result = subprocess.run([self.binary, *args], capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=self.clock.left(cap))
        return result, time.monotonic() - started

    def original(self):
        """a. The original server, its users, and a print file (so that the backup carries
        print-files/ too)."""
        print(f"restore_drill: {self.backend}; the original server on {self.d1}")
        os.mkdir(self.d1)
        self.server = Server(self.binary, self.d1, self.url,
                             os.path.join(self.tmp, "original.log"), self.clock)
        self.cleanups.append(self.server.stop)
        self.users = []
        for index in range(USERS):
            status, session = call(self.server.base, "POST", "/api/accounts",
                                   {"username": f"drill{index}", "password": PASSWORD},
                                   timeout=30)
            if status != 201:
                raise DrillError(f"sign-up: {status} {session!r:.200}")
            self.users.append((f"drill{index}", session["token"]))
        self.tokens = dict(self.users)
        body, content_type = multipart({}, [("file", noisy_png(self.rng, 120, 90))])
        status, answer = call(self.server.base, "POST", "/api/print/files", body,
                              self.users[0][1], {"Content-Type": content_type}, timeout=60)
        self.print_file, self.print_bytes = None, None
        if self.checks.expect(status == 201, "a print file is stored",
                              f"{status} {answer!r:.200}"):
            self.print_file = answer["id"]
            status, data = call(self.server.base, "GET", f"/api/print/files/{self.print_file}",
                                token=self.users[0][1], timeout=30)
            self.print_bytes = data if status == 200 else None

    def back_up_under_load(self):
        """b, c. The write load, and `lots backup` in the middle of it."""
        clock, load = self.clock, Load(self.server.base, self.users, self.seed + 1, 600,
                                       self.clock)
        self.load = load
        self.cleanups.append(load.stop.set)
        load.thread.start()
        wait_until = time.monotonic() + clock.left(120)
        while (load.acked_count() < 40 or len(load.live) < 15) and time.monotonic() < wait_until:
            if load.errors or not load.thread.is_alive():
                break
            time.sleep(0.05)
        if load.errors or load.acked_count() < 40:
            raise DrillError(f"the load did not get going: {load.acked_count()} writes, "
                             f"errors {load.errors[:3]}")
        sequence_before = call(self.server.base, "GET", "/api/feed?limit=1")[1]["sequence"]
        self.t0 = time.monotonic()
        load.backup_running.set()
        result, seconds = self.lots("backup", self.backup, "--data", self.d1, *self.database)
        self.t1 = time.monotonic()
        load.backup_running.clear()
        if result.returncode != 0:
            raise DrillError(f"lots backup exited with {result.returncode}: "
                             f"{result.stderr.strip()}")
        lines = [line for line in result.stdout.splitlines() if line.strip()]
        self.checks.expect(len(lines) == 1, "lots backup prints one summary line",
                           repr(result.stdout))
        print(f"       backup: {lines[0] if lines else ''}")
        during = [op["kind"] for op in load.ops if self.t0 < op["acked"] < self.t1]
        wait_until = time.monotonic() + clock.left(5)
        while load.acked_count(after=self.t1) < 15 and time.monotonic() < wait_until:
            if load.errors or not load.thread.is_alive():
                break
            time.sleep(0.05)
        load.stop.set()
        load.thread.join(timeout=clock.left(90))
        self.checks.expect(not load.errors and not load.thread.is_alive(),
                           "every write of the load succeeded, during the backup too",
                           load.errors[:3])

        manifest, total = verify_backup(self.checks, self.backup, self.backend)
        self.manifest, self.backup_bytes = manifest, total
        self.change_sequence = manifest.get("changeSequence", -1)
        self.images = [entry["path"] for entry in manifest["files"]
                       if entry["path"].startswith("images/")]
        prints = [entry["path"] for entry in manifest["files"]
                  if entry["path"].startswith("print-files/")]
        self.checks.expect(self.print_bytes is None or len(prints) >= 1,
                           "the backup holds the print file", f"print-files entries: {prints}")
        self.checks.expect(sequence_before <= self.change_sequence,
                           "the manifest's changeSequence is at least the feed's sequence "
                           "before the backup", f"{self.change_sequence} < {sequence_before}")
        kinds = {kind: sum(1 for op in load.ops if op["kind"] == kind)
                 for kind in ("create", "like", "delete")}
        self.summary.update(backup_seconds=seconds, backup_bytes=total,
                            backup_files=len(manifest["files"]), images=len(self.images),
                            during=len(during), deletes=during.count("delete"), kinds=kinds)

    def newer_event(self):
        """c. An event on the original server's stream newer than the backup; then d. the
        original server stops."""
        stream = Stream(self.server.base, last_event_id=self.change_sequence,
                        timeout=self.clock.left(10))
        try:
            sent = time.monotonic()
            status, post = create_post(self.server.base, self.users[0][1], self.rng)
            if status != 201:
                raise DrillError(f"a post after the load: {status} {post!r:.200}")
            # After the backup: it must not be restored.
            self.load.ops.append({"kind": "create", "user": self.users[0][0],
                                  "post": post["id"], "sent": sent, "acked": time.monotonic()})
            event = stream.wait_for(about(post["id"]), self.clock.left(10))
            self.newest = max(stream.ids(), default=-1)
        finally:
            stream.close()
        self.checks.expect(event is not None and self.newest > self.change_sequence,
                           "the original server's stream shows an event newer than the backup",
                           f"event {event!r:.200}, newest id {self.newest}, changeSequence "
                           f"{self.change_sequence}")
        status = self.server.stop()
        self.checks.expect(status == 0, "the original server stops on SIGTERM with status 0",
                           status)

    def restore(self):
        """d. `lots restore` into a new directory (and a new empty database)."""
        database2 = []
        if self.url:
            owner = urllib.parse.urlsplit(self.url).username or "lots"
            names = [f"lots_drill_{name}_{os.getpid()}" for name in ("restored", "scratch")]
            for name in names:
                psql(self.url, f'CREATE DATABASE "{name}" OWNER "{owner}";')
                self.cleanups.append(
                    lambda name=name: psql(self.url, f'DROP DATABASE IF EXISTS "{name}";'))
            self.url2, self.url3 = (urllib.parse.urlsplit(self.url)._replace(path="/" + name)
                                    .geturl() for name in names)
            database2 = ["--database", self.url2]
        result, seconds = self.lots("restore", self.backup, "--data", self.d2, *database2)
        if result.returncode != 0:
            raise DrillError(f"lots restore exited with {result.returncode}: "
                             f"{result.stderr.strip()}")
        print(f"       restore: {result.stdout.strip()[:200]}")
        self.summary["restore_seconds"] = seconds
        if not self.url:
            integrity = sqlite_value(os.path.join(self.d2, "lots.sqlite"), INTEGRITY)
            self.checks.expect(integrity == "ok", "the restored database's integrity_check is ok",
                               integrity)

    def check_restored(self):
        """e. The restored server against the history of acknowledged writes."""
        checks, clock = self.checks, self.clock
        restored = Server(self.binary, self.d2, self.url2,
                          os.path.join(self.tmp, "restored.log"), clock)
        self.cleanups.append(restored.stop)
        base = restored.base
        stale = [name for name, token in self.users
                 if call(base, "GET", "/api/me", token=token, timeout=10)[0] != 200]
        checks.expect(not stale, "the users' sessions hold after the restore", stale)
        for name in stale:
            status, session = call(base, "POST", "/api/sessions",
                                   {"username": name, "password": PASSWORD}, timeout=30)
            if status not in (200, 201):
                raise DrillError(f"sign-in of {name} after the restore: {status} "
                                 f"{session!r:.200}")
            self.tokens[name] = session["token"]

        stream = Stream(base, last_event_id=self.newest, timeout=clock.left(10))
        self.cleanups.append(stream.close)
        first = stream.wait_for(lambda _, data: True, clock.left(10))
        checks.expect(first is not None and first[1].get("kind") == "reset",
                      f"a stream resuming from id {self.newest} gets `reset` first",
                      f"{first!r:.200}")
        reset_id = first[0] if first and first[0] is not None else -1

        present, liked = self.restored_posts(base)
        self.against_history(present, liked)
        self.photos(base, present)

        # A new post on the restored server reaches the stream after the reset.
        status, post = create_post(base, self.tokens[self.users[1][0]], self.rng)
        if status != 201:
            raise DrillError(f"a post on the restored server: {status} {post!r:.200}")
        event = stream.wait_for(about(post["id"]), clock.left(10))
        checks.expect(event is not None and event[0] > reset_id and event[0] > self.newest,
                      "a new post arrives on that stream with an id above the reset's and the "
                      "original's newest", f"event {event!r:.200}, reset {reset_id}, "
                      f"original's newest {self.newest}")
        stream.close()
        self.summary.update(reset_id=reset_id, newest=self.newest,
                            change_sequence=self.change_sequence,
                            new_id=event[0] if event else None)
        restored.stop()
        consistent = ("SELECT count(*) FROM post WHERE likeCount != "
                      "(SELECT count(*) FROM postLike WHERE postId = post.id)")
        if self.url:
            bad = int(psql(self.url2, consistent + ";")[0][0])
        else:
            integrity = sqlite_value(os.path.join(self.d2, "lots.sqlite"), INTEGRITY)
            bad = sqlite_value(os.path.join(self.d2, "lots.sqlite"), consistent)
            checks.expect(integrity == "ok", "integrity_check is ok after serving", integrity)
        checks.expect(bad == 0, "stored like counts match the likes", f"{bad} posts differ")

    def restored_posts(self, base):
        """The reloaded feed, then each post the drill made as each user sees it: (ids of the
        posts there, their likes as (user, post))."""
        checks, clock = self.checks, self.clock
        feed = [item["id"] for item in all_feed(base, None, clock)]
        known = {op["post"] for op in self.load.ops}
        present, liked, counts = set(), set(), {}
        for post_id in sorted(known | set(feed)):
            status, post = call(base, "GET", f"/api/posts/{post_id}", timeout=clock.left(10))
            if status == 200:
                present.add(post_id)
                counts[post_id] = post["likeCount"]
            elif status != 404:
                checks.expect(False, f"GET /api/posts/{post_id}", f"{status} {post!r:.200}")
        for name, token in self.tokens.items():
            for post_id in sorted(present):
                status, post = call(base, "GET", f"/api/posts/{post_id}", token=token,
                                    timeout=clock.left(10))
                if status == 200 and post["likedByMe"]:
                    liked.add((name, post_id))
        checks.expect(len(feed) == len(set(feed)) and set(feed) == present,
                      f"the reloaded feed holds exactly the restored posts ({len(present)})",
                      f"feed only {sorted(set(feed) - present)[:5]}, "
                      f"not in feed {sorted(present - set(feed))[:5]}")
        checks.expect(present <= known, "no post the drill never made",
                      sorted(present - known)[:5])
        checks.expect(self.manifest.get("posts") == len(present),
                      "the manifest's post count is the restored server's",
                      f"{self.manifest.get('posts')} vs {len(present)}")
        likers = {post_id: sum(1 for _, liked_id in liked if liked_id == post_id)
                  for post_id in present}
        wrong = {post_id: (counts[post_id], likers[post_id]) for post_id in present
                 if counts[post_id] != likers[post_id]}
        checks.expect(not wrong, "each post's likeCount is the number of users who like it",
                      f"(likeCount, likers): {dict(list(wrong.items())[:5])}")
        return present, liked

    def against_history(self, present, liked):
        """Acknowledged before the backup started is in, sent after it ended is out, and the
        whole is the state after one prefix of the writes."""
        checks, ops, t0, t1 = self.checks, self.load.ops, self.t0, self.t1
        first_k = sum(1 for op in ops if op["acked"] < t0)
        last_k = sum(1 for op in ops if op["sent"] < t1)
        candidates = states(ops, first_k, last_k)
        must = set.intersection(*(posts for _, posts, _ in candidates))
        may = set.union(*(posts for _, posts, _ in candidates))
        deleted = {op["post"] for op in ops[:first_k] if op["kind"] == "delete"}
        checks.expect(must <= present, f"every post acknowledged before the backup and not "
                      f"deleted ({len(must)}) is restored",
                      f"missing {sorted(must - present)[:5]}")
        checks.expect(not (present & deleted), f"every post deleted before the backup "
                      f"({len(deleted)}) stays deleted", sorted(present & deleted)[:5])
        checks.expect(present <= may, "no post created after the backup ended is restored",
                      sorted(present - may)[:5])
        matches = [k for k, posts, likes in candidates if posts == present and likes == liked]
        detail = ""
        if not matches:
            k, posts, likes = min(candidates,
                                  key=lambda c: len(c[1] ^ present) + len(c[2] ^ liked))
            detail = (f"nearest prefix {k}: posts missing {sorted(posts - present)[:5]}, extra "
                      f"{sorted(present - posts)[:5]}; likes missing "
                      f"{sorted(likes - liked)[:5]}, extra {sorted(liked - likes)[:5]}")
        checks.expect(bool(matches), f"posts and every like are one moment of the history "
                      f"(writes {first_k} to {last_k} of {len(ops)} may or may not be in)",
                      detail)
        self.summary.update(writes=len(ops), window=(first_k, last_k), match=matches[:1],
                            posts=len(present), likes=len(liked))

    def photos(self, base, present):
        """Every photo of every restored post answers with its bytes (its key is their
        SHA-256), and the print file with the bytes it had."""
        missing, checked = [], 0
        for post_id in sorted(present):
            status, post = call(base, "GET", f"/api/posts/{post_id}", timeout=self.clock.left(10))
            for photo in [post["photo"], *post.get("morePhotos", [])]:
                for key in ("originalURL", "displayURL", "thumbnailURL"):
                    status, data = call(base, "GET", photo[key], timeout=self.clock.left(10))
                    stem = photo[key].rsplit("/", 1)[-1].split(".")[0]
                    good = status == 200 and isinstance(data, bytes) and len(data) > 0 and (
                        not re.fullmatch("[0-9a-f]{64}", stem)
                        or hashlib.sha256(data).hexdigest() == stem)
                    checked += 1
                    if not good:
                        missing.append((post_id, photo[key], status))
        self.checks.expect(not missing, f"every image of every restored post answers with its "
                           f"bytes ({checked})", missing[:5])
        if self.print_bytes is not None:
            status, data = call(base, "GET", f"/api/print/files/{self.print_file}",
                                token=self.tokens[self.users[0][0]], timeout=self.clock.left(10))
            size = len(data) if isinstance(data, bytes) else data
            self.checks.expect(status == 200 and data == self.print_bytes,
                               "the print file is restored with its bytes",
                               f"{status}, {size!r:.100} (was {len(self.print_bytes)} bytes)")

    def refusals(self):
        """f. A backup into an existing directory, a restore into a non-empty one, restores of
        damaged backups: each refused, each changing nothing."""
        print("restore_drill: refusals")
        checks, tmp, backup = self.checks, self.tmp, self.backup
        before, around = tree(backup), sorted(os.listdir(tmp))
        result, _ = self.lots("backup", backup, "--data", self.d1, *self.database)
        refused(checks, "backup into an existing directory is refused", result, ["exist"])
        checks.expect(tree(backup) == before and sorted(os.listdir(tmp)) == around,
                      "… and the directory and its neighbours are unchanged",
                      f"{sorted(set(os.listdir(tmp)) ^ set(around))}")

        scratch = ["--database", self.url3] if self.url else []
        target = os.path.join(tmp, "d3")
        os.mkdir(target)
        with open(os.path.join(target, "keep.txt"), "w") as file:
            file.write("the operator's file\n")
        before, around = tree(target), sorted(os.listdir(tmp))
        result, _ = self.lots("restore", backup, "--data", target, *scratch)
        refused(checks, "restore into a non-empty directory is refused", result,
                ["empty", target])
        checks.expect(tree(target) == before and sorted(os.listdir(tmp)) == around,
                      "… and that directory is byte-identical, with nothing beside it",
                      f"{tree(target)}, {sorted(set(os.listdir(tmp)) ^ set(around))}")
        self.scratch_empty()

        image = self.rng.choice(self.images) if self.images else None
        db_file = "database.pgdump" if self.url else "lots.sqlite"

        def flip(copy):
            with open(os.path.join(copy, image), "r+b") as file:
                data = bytearray(file.read())
                data[len(data) // 2] ^= 0xFF
                file.seek(0)
                file.write(data)

        def truncate(copy):
            path = os.path.join(copy, db_file)
            os.truncate(path, os.path.getsize(path) // 2)

        damages = [("a truncated database file", truncate, db_file)]
        if image:
            damages[:0] = [("a flipped byte in an image", flip, image),
                           ("a missing image", lambda copy: os.remove(os.path.join(copy, image)),
                            image)]
        for index, (what, damage, named) in enumerate(damages):
            copy = os.path.join(tmp, f"damaged{index}")
            target = os.path.join(tmp, f"d4-{index}")
            shutil.copytree(backup, copy)
            damage(copy)
            around = sorted(os.listdir(tmp))
            result, _ = self.lots("restore", copy, "--data", target, *scratch)
            refused(checks, f"restore of a backup with {what} is refused, naming {named}",
                    result, [named])
            checks.expect(sorted(os.listdir(tmp)) == around,
                          "… and its --data directory is not made, nor anything beside it",
                          sorted(set(os.listdir(tmp)) ^ set(around)))
            self.scratch_empty()
            shutil.rmtree(copy)

    def scratch_empty(self):
        if self.url:
            count = table_count(self.url3)
            self.checks.expect(count == 0, "… and the database stays empty", f"{count} tables")

    def nowhere_to_write(self):
        """g. A backup into a place it may not write, and (SQLite, as root) onto a disk that
        fills: refused, leaving nothing there."""
        checks = self.checks
        if os.geteuid() != 0:
            place = os.path.join(self.tmp, "read-only")
            os.mkdir(place, 0o555)
            result, _ = self.lots("backup", os.path.join(place, "b"), "--data", self.d1,
                                  *self.database)
            refused(checks, "backup into a directory it may not write is refused", result,
                    [place, "permission", "denied"])
            checks.expect(os.listdir(place) == [], "… and leaves nothing there",
                          os.listdir(place))
            print("restore_drill: not root: the full-disk backup is skipped (it mounts a tmpfs)")
            return
        size_kb = max(64, self.backup_bytes // 2048)
        for what, options in [("read-only", "ro,size=64k"), ("full", f"size={size_kb}k")]:
            if what == "full" and self.url:
                print("restore_drill: PostgreSQL: the full-disk backup is skipped (SQLite only)")
                continue
            mount = tempfile.mkdtemp(prefix=f"lots-drill-{what}-")
            mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", mount],
                                     capture_output=True, text=True)
            if mounted.returncode != 0:
                os.rmdir(mount)
                raise DrillError(f"cannot mount a tmpfs: {mounted.stderr.strip()}")
            try:
                result, _ = self.lots("backup", os.path.join(mount, "b"), "--data", self.d1,
                                      *self.database)
                if what == "full":
                    refused(checks, f"backup onto a full disk ({size_kb} KiB for "
                            f"{self.backup_bytes} bytes) is refused", result, ["full", "space"])
                else:
                    refused(checks, "backup onto a read-only file system is refused", result,
                            ["read-only", "read only", mount])
                checks.expect(os.listdir(mount) == [], "… and leaves nothing there",
                              os.listdir(mount))
            finally:
                subprocess.run(["umount", mount])
                os.rmdir(mount)


def report(summary):
    """The backup's time and size, and what the restore held (as far as the drill got)."""
    if "backup_seconds" in summary:
        print(f"restore_drill: backup {summary['backup_seconds']:.2f} s, "
              f"{summary['backup_bytes']} bytes in {summary['backup_files']} files "
              f"({summary['images']} images); {summary['during']} writes acknowledged while it "
              f"ran ({summary['deletes']} deletes); the load: {summary['kinds']}")
    if "restore_seconds" in summary:
        print(f"restore_drill: restore {summary['restore_seconds']:.2f} s")
    if "writes" in summary:
        print(f"restore_drill: {summary['writes']} writes, of which {summary['window'][0]} to "
              f"{summary['window'][1]} overlapped the backup; the restore holds "
              f"{'the first ' + str(summary['match'][0]) if summary['match'] else 'no prefix'} "
              f"of them: {summary['posts']} posts, {summary['likes']} likes")
    if "reset_id" in summary:
        print(f"restore_drill: changeSequence {summary['change_sequence']}, the original's "
              f"newest id {summary['newest']}, reset to {summary['reset_id']}, the next post's "
              f"id {summary['new_id']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--database-url", help="a PostgreSQL database (user may create "
                        "databases) instead of SQLite")
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("LOTS_SEED", random.randrange(1 << 30))))
    parser.add_argument("--budget", type=float, default=540.0,
                        help="seconds the whole drill may take")
    args = parser.parse_args()
    print(f"restore_drill: seed {args.seed} (--seed {args.seed} repeats it)")
    tmp = tempfile.mkdtemp(prefix="lots-restore-drill-")
    checks, cleanups, drill, error = Checks(), [], None, None
    try:
        drill = Drill(args, tmp, checks, cleanups)
        drill.run()
    except DrillError as failure:
        error = str(failure)
    except Exception as failure:  # a surprise (an answer of another shape): say where
        traceback.print_exc()
        error = f"{type(failure).__name__}: {failure}"
    finally:
        for cleanup in reversed(cleanups):
            try:
                cleanup()
            except Exception as failure:  # cleanup goes on; it is reported
                print(f"restore_drill: cleanup: {failure}")
        shutil.rmtree(tmp, ignore_errors=True)
    report(drill.summary if drill else {})
    print(f"restore_drill: {len(checks.passed)} checks passed, {len(checks.failed)} failed")
    checks.exit("restore_drill", error)


if __name__ == "__main__":
    main()
