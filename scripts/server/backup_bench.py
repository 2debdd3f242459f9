#!/usr/bin/env python3
"""Benchmarks for `lots backup` and `lots restore` (SQLite), in three parts:

1. The 210-post demo (`lots seed`): `lots backup` three times into fresh directories (wall
   clock: median, min, max), its bytes (the manifest's sum and the space on disk) and files;
   `lots restore` three times.
2. A generated database of `--posts` posts: the demo's data directory copied, then, with the
   server stopped, posts inserted with Python's sqlite3, each a copy of a demo post's row under
   a new id with its `postImage` and search rows (so its photos are the demo's: image keys are
   content hashes, no new image files) and a few likes (`likeCount` agreeing). `lots serve`
   must start on it and answer a feed page. Then the same backup and restore measurements.
3. Write latency during backups against without, on the generated database: `lots serve
   --no-rate-limits` and a closed loop of likes and unlikes (one request at a time per client),
   in phases A (no backup) and B (`lots backup` back to back into fresh directories; only writes
   sent while a backup process ran count), interleaved A B A B. p50, p99, max of each, the
   ratio of the p99s, B split into the database copy (`VACUUM INTO`, until the backup makes
   images/) and the file copy, the slowest writes, and how much write-ahead log was in use.

Usage: scripts/server/backup_bench.py PATH_TO_LOTS [--posts 100000] [--writes N] [--seed S]
       [--clients 1|2] [--runs 3] [--rounds 2] [--demo-data SEEDED_DIR] [--budget SECONDS]
Meant for a release build (about 3 minutes on 2 cores, a minute of it `lots seed`). Prints a
markdown table and one JSON line. Everything listens on 127.0.0.1; every loop is
bounded in count and time; the temporary directories are removed at the end.
"""
import argparse, datetime, json, math, os, random, shutil, sqlite3, statistics, subprocess
import struct, tempfile, threading, time

from cluster import Client, call
from restore_drill import INTEGRITY, Checks, Clock, DrillError, Server, sqlite_value
from restore_drill import verify_backup

PASSWORD = "password1"


def machine():
    """The CPU's model name (lscpu), its cores and the date."""
    model = "unknown"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def load_average():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def spread(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "runs": len(values)}


def on_disk(path):
    """Bytes the tree at `path` takes on disk (allocated blocks of files and folders, as `du`),
    and its number of files."""
    total, files = os.lstat(path).st_blocks * 512, 0
    for root, folders, names in os.walk(path):
        for name in folders + names:
            total += os.lstat(os.path.join(root, name)).st_blocks * 512
        files += len(names)
    return total, files


def lots(binary, clock, *args, cap=600):
    """Runs `lots ARGS` to success: (its one-line summary, seconds)."""
    started = time.monotonic()
    result = subprocess.run([binary, *args], capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=clock.left(cap))
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise DrillError(f"lots {args[0]} exited with {result.returncode}: "
                         f"{result.stderr.strip()[-500:]}")
    return result.stdout.strip(), seconds


def measure(binary, data, tmp, label, runs, clock, checks):
    """Backs `data` up `runs` times and restores the first backup `runs` times."""
    times, summary, first = [], "", None
    for run in range(runs):
        target = os.path.join(tmp, f"{label}-backup{run}")
        line, seconds = lots(binary, clock, "backup", target, "--data", data)
        times.append(seconds)
        if first is None:
            first, summary = target, line
        else:
            shutil.rmtree(target)
    manifest, total = verify_backup(checks, first, "sqlite")
    files = manifest["files"]
    database = sum(f["bytes"] for f in files if not f["path"].startswith(("images/", "print-")))
    images = [f for f in files if f["path"].startswith("images/")]
    disk, count = on_disk(first)
    restores = []
    for run in range(runs):
        target = os.path.join(tmp, f"{label}-restored{run}")
        line, seconds = lots(binary, clock, "restore", first, "--data", target)
        restores.append(seconds)
        if run == 0:
            restored = sqlite_value(os.path.join(target, "lots.sqlite"), INTEGRITY)
            checks.expect(restored == "ok", f"{label}: the restored database is intact",
                          restored)
            print(f"backup_bench: {label}: restore says: {line[:200]}")
        shutil.rmtree(target)
    shutil.rmtree(first)
    print(f"backup_bench: {label}: backup says: {summary[:200]}")
    return {"posts": manifest.get("posts"), "backup_s": spread(times),
            "restore_s": spread(restores), "manifest_bytes": total, "database_bytes": database,
            "image_bytes": sum(f["bytes"] for f in images), "image_files": len(images),
            "disk_bytes": disk, "files": count}


def generate(source, target, posts, seed):
    """Copies the data directory `source` to `target` and adds posts (with the server
    stopped) until it holds `posts`: copies of its shown posts' rows under new ids, older than
    them, each with its photos' `postImage` rows, its search document and 0-5 likes."""
    started = time.monotonic()
    shutil.copytree(source, target)
    database = sqlite3.connect(os.path.join(target, "lots.sqlite"), isolation_level=None)
    try:
        schema = {name: sql for name, sql in database.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")}
        for needed in ("post", "postImage", "postSearch", "postLike", "account"):
            if needed not in schema:
                raise DrillError(f"the database has no table {needed}: has the schema changed?")
        triggers = {name: sql for name, sql in database.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")}
        unknown = [name for name, sql in triggers.items()
                   if "INSERT" in sql.upper().split("BEGIN")[0]]
        if unknown:  # a trigger that would do on insert what this copy does by hand
            raise DrillError(f"insert triggers this generator does not know: {unknown}")
        columns = [row[1] for row in database.execute("PRAGMA table_info(post)")]
        # Counters start at zero (no comments, reports or edits are copied); likeCount is the
        # likes made here; every copy is shown.
        fixed = {"likeCount": 0, "commentCount": 0, "reportCount": 0, "reportScore": 0,
                 "hidden": 0, "review": "none", "editedAt": 0}
        copied = [c for c in columns if c not in fixed and c not in ("id", "createdAt")]
        sources = database.execute(
            f"SELECT id, {', '.join(copied)} FROM post WHERE hidden = 0 ORDER BY id").fetchall()
        have, top, oldest = database.execute(
            "SELECT count(*), max(id), min(createdAt) FROM post").fetchone()
        documents = dict(database.execute("SELECT rowid, body FROM postSearch"))
        images = {}
        for key, post_id in database.execute("SELECT key, postId FROM postImage"):
            images.setdefault(post_id, []).append(key)
        users = [row[0] for row in database.execute("SELECT id FROM account ORDER BY id")]
        rng, add = random.Random(seed), max(0, posts - have)
        rows, image_rows, search_rows, like_rows = [], [], [], []
        for index in range(add):
            post_id = top + 1 + index
            source_row = rng.choice(sources)
            created = oldest - (add - index) * 60_000  # one a minute, before the demo's
            likers = rng.sample(users, min(len(users), rng.choice((0, 0, 1, 1, 2, 3, 5))))
            values = dict(zip(copied, source_row[1:]), **fixed, id=post_id, createdAt=created)
            values["likeCount"] = len(likers)
            rows.append(tuple(values[c] for c in columns))
            image_rows += [(key, post_id) for key in images.get(source_row[0], [])]
            search_rows.append((post_id, documents.get(source_row[0], "")))
            like_rows += [(user, post_id, created + 1000 * (n + 1))
                          for n, user in enumerate(likers)]
        database.execute("BEGIN IMMEDIATE")
        database.executemany(f"INSERT INTO post ({', '.join(columns)}) "
                             f"VALUES ({', '.join('?' * len(columns))})", rows)
        database.executemany("INSERT INTO postImage (key, postId) VALUES (?, ?)", image_rows)
        database.executemany("INSERT INTO postSearch (rowid, body) VALUES (?, ?)", search_rows)
        database.executemany("INSERT INTO postLike (userId, postId, createdAt) VALUES (?, ?, ?)",
                             like_rows)
        database.execute("COMMIT")
        wrong = database.execute(
            "SELECT count(*) FROM post WHERE likeCount != "
            "(SELECT count(*) FROM postLike WHERE postId = post.id)").fetchone()[0]
        if wrong:
            raise DrillError(f"{wrong} generated posts' likeCount differ from their likes")
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        total = database.execute("SELECT count(*) FROM post").fetchone()[0]
    finally:
        database.close()
    return {"posts": total, "added": add, "likes_added": len(like_rows),
            "post_images_added": len(image_rows), "source_posts": len(sources),
            "triggers": sorted(triggers), "seconds": time.monotonic() - started,
            "database_file_bytes": os.path.getsize(os.path.join(target, "lots.sqlite"))}


def check_serves(server, newest_generated, clock):
    """The server answers a feed page with items and a generated post."""
    status, page = call(server.base, "GET", "/api/feed?limit=30", timeout=clock.left(60))
    if status != 200 or not page.get("items"):
        raise DrillError(f"GET /api/feed on the generated database: {status} {page!r:.300}")
    status, post = call(server.base, "GET", f"/api/posts/{newest_generated}",
                        timeout=clock.left(30))
    if status != 200:
        raise DrillError(f"GET /api/posts/{newest_generated}: {status} {post!r:.300}")
    return len(page["items"])


class Writers:
    """A thread per token (per user), each a closed loop of like then unlike of a random post
    (one request at a time, keep-alive), recording (sent, acknowledged, status)."""

    def __init__(self, base, tokens, post_ids, seed, clock):
        self.base, self.tokens, self.post_ids, self.clock = base, tokens, post_ids, clock
        self.seed, self.records, self.errors = seed, [], []
        self.lock = threading.Lock()

    def run(self, until):
        """Writes until `until(records)` is true, bounded by the clock; returns the records."""
        stop, threads = threading.Event(), []
        self.records = []
        for index, token in enumerate(self.tokens):
            rng = random.Random(self.seed * 1000 + index)
            thread = threading.Thread(target=self.loop, args=(token, rng, stop), daemon=True)
            thread.start()
            threads.append(thread)
        deadline = time.monotonic() + self.clock.left(120)
        while not until(self.records) and time.monotonic() < deadline and len(self.errors) < 20:
            time.sleep(0.05)
        stop.set()
        for thread in threads:
            thread.join(timeout=self.clock.left(30))
        if len(self.errors) >= 20:
            raise DrillError(f"writes failed: {self.errors[:3]}")
        return list(self.records)

    def loop(self, token, rng, stop):
        client = Client(self.base, timeout=30)
        try:
            while not stop.is_set() and time.monotonic() < self.clock.deadline:
                post = rng.choice(self.post_ids)
                for method in ("PUT", "DELETE"):
                    sent = time.monotonic()
                    try:
                        status, answer = client.call(method, f"/api/posts/{post}/like",
                                                     token=token)
                    except OSError as error:
                        status, answer = -1, repr(error)
                    acked = time.monotonic()
                    with self.lock:
                        self.records.append((sent, acked, status))
                        if status != 200:
                            self.errors.append(f"{method} like {post}: {status} {answer!r:.200}")
        finally:
            client.close()


class BackupLoop:
    """`lots backup` back to back into fresh directories (each removed once finished, outside
    the intervals), recording each run as (start, database copied, end)."""

    def __init__(self, binary, data, tmp, clock):
        self.binary, self.data, self.tmp, self.clock = binary, data, tmp, clock
        self.intervals, self.current, self.failures, self.count = [], None, [], 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop.is_set() and time.monotonic() < self.clock.deadline:
            target = os.path.join(self.tmp, f"busy-backup{self.count}")
            self.count += 1
            started = time.monotonic()
            process = subprocess.Popen(
                [self.binary, "backup", target, "--data", self.data], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            self.current = started
            images = os.path.join(self.tmp, f".{os.path.basename(target)}.partial-"
                                            f"{process.pid}", "images")
            copied = None
            while process.poll() is None and time.monotonic() < started + 300:
                if copied is None and os.path.isdir(images):
                    copied = time.monotonic()
                time.sleep(0.01)
            if process.poll() is None:
                process.kill()
            stderr = process.communicate()[1]
            ended = time.monotonic()
            if process.returncode == 0:
                self.intervals.append((started, copied or ended, ended))
            self.current = None
            if process.returncode != 0:
                self.failures.append(f"exit {process.returncode}: {stderr.strip()[-300:]}")
                if len(self.failures) >= 3:
                    return
            shutil.rmtree(target, ignore_errors=True)

    def covers(self, sent):
        """Whether a backup process was running at `sent` (the one running now included)."""
        current = self.current
        return ((current is not None and sent >= current)
                or any(start <= sent < end for start, _, end in self.intervals))


class WalSampler:
    """How much of the write-ahead log is in use, every 20 ms: the wal-index header's mxFrame
    (lots.sqlite-shm, offset 16) times the frame size. The log's file keeps its largest size
    (SQLite rewrites it from the start after a checkpoint), so this, not the file size, shows
    a checkpoint held back by the backup's read transaction. `reset` returns the peak since
    the last reset."""

    def __init__(self, data):
        self.wal = os.path.join(data, "lots.sqlite-wal")
        self.shm = os.path.join(data, "lots.sqlite-shm")
        self.peak, self.stop = 0, threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def in_use(self):
        try:
            with open(self.shm, "rb") as file:
                header = file.read(24)
        except OSError:
            return 0
        if len(header) < 24:
            return 0
        page, frames = struct.unpack_from("<HI", header, 14)
        return frames * ((65536 if page == 1 else page) + 24)

    def run(self):
        while not self.stop.wait(0.02):
            self.peak = max(self.peak, self.in_use())

    def reset(self):
        peak, self.peak = self.peak, 0
        return peak

    def file_size(self):
        return os.path.getsize(self.wal) if os.path.exists(self.wal) else 0


def latency(records):
    """p50, p99, max in milliseconds (nearest rank) of records' latencies."""
    values = sorted(acked - sent for sent, acked, _ in records)
    if not values:
        return {"writes": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}

    def rank(p):
        return values[min(len(values) - 1, max(0, math.ceil(p * len(values)) - 1))] * 1000

    return {"writes": len(values), "p50_ms": rank(0.50), "p99_ms": rank(0.99),
            "max_ms": values[-1] * 1000}


def enough(loop, records, writes):
    """Phase B's end: once `writes` were sent while a backup ran, no new backup starts, and
    the phase ends when the running one does (B covers whole backups)."""
    if not loop.stop.is_set() and sum(1 for sent, _, _ in records if loop.covers(sent)) >= writes:
        loop.stop.set()
    return not loop.thread.is_alive()


def write_latency(binary, data, tmp, args, clock, post_ids):
    """Part 3: phases A and B interleaved on a running server."""
    server = Server(binary, data, None, os.path.join(tmp, "serve.log"), clock)
    sampler = WalSampler(data)
    loop = None
    try:
        tokens = []
        for index in range(args.clients):
            status, session = call(server.base, "POST", "/api/accounts",
                                   {"username": f"bench{index}", "password": PASSWORD},
                                   timeout=clock.left(60))
            if status != 201:
                raise DrillError(f"sign-up: {status} {session!r:.200}")
            tokens.append(session["token"])
        writers = Writers(server.base, tokens, post_ids, args.seed, clock)
        writers.run(lambda records: len(records) >= 200)  # warm-up, not counted
        sampler.thread.start()
        phases = {"A": [], "B": [], "B-database": [], "B-files": []}
        wal = {"A": 0, "B": 0}
        backups, discarded, failures, durations, slow = 0, 0, [], [], []
        for round_number in range(args.rounds):
            for phase in ("A", "B"):
                sampler.reset()
                if phase == "A":
                    records = writers.run(lambda records: len(records) >= args.writes)
                    phases["A"] += records
                else:
                    loop = BackupLoop(binary, data, tmp, clock)
                    loop.thread.start()
                    records = writers.run(lambda records: enough(loop, records, args.writes))
                    loop.stop.set()
                    loop.thread.join(timeout=clock.left(300))
                    failures += loop.failures
                    backups += len(loop.intervals)
                    durations += [(copied - start, end - copied)
                                  for start, copied, end in loop.intervals]
                    for record in records:
                        run = next((i for i in loop.intervals if i[0] <= record[0] < i[2]),
                                   None)
                        if run is None:
                            discarded += 1
                            continue
                        part = "database" if record[0] < run[1] else "files"
                        phases["B"].append(record)
                        phases["B-" + part].append(record)
                        slow.append((record[1] - record[0], record[0] - run[0], part))
                wal[phase] = max(wal[phase], sampler.reset())
                summary = latency(records)
                print(f"backup_bench: round {round_number + 1} phase {phase}: "
                      f"{summary['writes']} writes (all sent), p50 {summary['p50_ms']:.2f} ms, "
                      f"p99 {summary['p99_ms']:.2f} ms, max {summary['max_ms']:.1f} ms",
                      flush=True)
        if failures:
            raise DrillError(f"lots backup failed under load: {failures[:3]}")
        result = {name: latency(records) for name, records in phases.items()}
        if durations:
            result["backup_under_load_s"] = {
                "database": spread([d for d, _ in durations]),
                "files": spread([f for _, f in durations]),
                "total": spread([d + f for d, f in durations])}
        result["slowest"] = {
            "A": [round((acked - sent) * 1000, 1)
                  for sent, acked, _ in sorted(phases["A"], key=lambda r: r[0] - r[1])[:5]],
            "B": [{"ms": round(latency * 1000, 1), "into_backup_s": round(offset, 2),
                   "while": part} for latency, offset, part in sorted(slow, reverse=True)[:5]]}
        result.update(backups=backups, discarded=discarded, wal_peak_bytes=wal,
                      wal_file_bytes=sampler.file_size(),
                      errors=len(writers.errors), clients=args.clients, rounds=args.rounds,
                      writes_per_phase=args.writes)
        a, b = result["A"]["p99_ms"], result["B"]["p99_ms"]
        result["p99_ratio"] = b / a if a and b else None
        return result
    finally:
        if loop is not None:
            loop.stop.set()
            loop.thread.join(timeout=300)
        sampler.stop.set()
        server.stop()


def megabytes(value):
    return f"{value / 1e6:.1f} MB"


def timing(spread):
    return f"{spread['median']:.2f} s ({spread['min']:.2f}–{spread['max']:.2f})"


def table(result):
    demo, big, lat = result.get("demo"), result.get("generated"), result.get("latency")
    info = result["machine"]
    print(f"\n## lots backup / lots restore, {info['date']}, {info['cpu']}, {info['cores']} "
          f"cores (load average before {result['load_before']}, after {result['load_after']})\n")
    columns = [(f"demo ({demo['posts']} posts)", demo)] if demo else []
    if big:
        columns.append((f"generated ({big['posts']:,} posts)", big))
    if columns:
        runs = columns[0][1]["backup_s"]["runs"]
        rows = [(f"backup, median (min–max) of {runs}", lambda d: timing(d["backup_s"])),
                (f"restore, median (min–max) of {runs}", lambda d: timing(d["restore_s"])),
                ("bytes in the manifest", lambda d: megabytes(d["manifest_bytes"])),
                ("… database", lambda d: megabytes(d["database_bytes"])),
                ("… images", lambda d: f"{megabytes(d['image_bytes'])} "
                                       f"({d['image_files']} files)"),
                ("on disk (du)", lambda d: megabytes(d["disk_bytes"])),
                ("files", lambda d: str(d["files"]))]
        print("| | " + " | ".join(name for name, _ in columns) + " |")
        print("|---|" + "---|" * len(columns))
        for label, cell in rows:
            print(f"| {label} | " + " | ".join(cell(d) for _, d in columns) + " |")
    if big:
        gen = result["generation"]
        print(f"\nThe generated posts are copies of the demo's {gen['source_posts']} posts "
              f"with new ids and {gen['likes_added']:,} likes; they share the demo's photos "
              f"(content-addressed keys), so there are no new image files and the images' "
              f"bytes are the demo's. Generated in {gen['seconds']:.1f} s"
              + (f"; `lots seed` took {result['seed_s']:.1f} s." if result["seed_s"] else "."))
    if lat:
        print(f"\nWrite latency, {lat['clients']} client(s) liking and unliking in a closed "
              f"loop, {lat['rounds']} rounds of A then B, {lat['writes_per_phase']} writes "
              f"per phase and round; {lat['backups']} backups ran in B:\n")
        print("| phase | writes | p50 | p99 | max |")
        print("|---|---|---|---|---|")
        for name, label in [("A", "A: no backup"), ("B", "B: during `lots backup`"),
                            ("B-database", "… B while it copies the database"),
                            ("B-files", "… B while it copies the files")]:
            row = lat[name]
            if row["writes"]:
                print(f"| {label} | {row['writes']} | {row['p50_ms']:.2f} ms | "
                      f"{row['p99_ms']:.2f} ms | {row['max_ms']:.1f} ms |")
        ratio = f"{lat['p99_ratio']:.2f}" if lat["p99_ratio"] else "n/a"
        under = lat.get("backup_under_load_s")
        if under:
            print(f"\nA backup under this load took {timing(under['total'])}: "
                  f"{timing(under['database'])} to copy the database (from its start until it "
                  f"makes images/), {timing(under['files'])} for the files.")
        slowest = lat["slowest"]
        print("\nSlowest writes: A " + ", ".join(f"{ms} ms" for ms in slowest["A"]) + "; B "
              + ", ".join(f"{w['ms']} ms ({w['into_backup_s']} s into a backup, copying its "
                          f"{w['while']})" for w in slowest["B"]) + ".")
        print(f"\np99 B/A: {ratio}. WAL in use at most {megabytes(lat['wal_peak_bytes']['A'])} "
              f"in A, {megabytes(lat['wal_peak_bytes']['B'])} in B (its file: "
              f"{megabytes(lat['wal_file_bytes'])} at the end); {lat['discarded']} writes "
              f"between backups not counted; {lat['errors']} errors.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--posts", type=int, default=100_000)
    parser.add_argument("--writes", type=int, default=2000,
                        help="writes per phase and round in part 3 (B: at least, in whole "
                        "backups)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--clients", type=int, default=1, choices=(1, 2))
    parser.add_argument("--runs", type=int, default=3, help="backups and restores per data set")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("LOTS_SEED", 1)))
    parser.add_argument("--demo-data", help="copy this data directory (made by `lots seed`, "
                        "no server running) instead of seeding one")
    parser.add_argument("--budget", type=float, default=900.0,
                        help="seconds the whole benchmark may take")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    clock, checks = Clock(args.budget), Checks()
    started = time.monotonic()
    result = {"machine": machine(), "load_before": load_average(), "binary": binary,
              "seed": args.seed}
    print(f"backup_bench: {result['machine']}, load {result['load_before']}, seed {args.seed}",
          flush=True)
    tmp = tempfile.mkdtemp(prefix="lots-backup-bench-")
    error = None
    try:
        demo = os.path.join(tmp, "demo")
        if args.demo_data:  # a copy of a seeded directory, for trying the rest quickly
            shutil.copytree(args.demo_data, demo)
            result["seed_s"] = None
        else:
            _, result["seed_s"] = lots(binary, clock, "seed", "--data", demo, "--web",
                                       "/nonexistent")
            print(f"backup_bench: seeded in {result['seed_s']:.1f} s", flush=True)
        result["demo"] = measure(binary, demo, tmp, "demo", args.runs, clock, checks)
        big = os.path.join(tmp, "generated")
        result["generation"] = generation = generate(demo, big, args.posts, args.seed)
        print(f"backup_bench: generated {generation}", flush=True)
        server = Server(binary, big, None, os.path.join(tmp, "check.log"), clock)
        try:
            top = sqlite_value(os.path.join(big, "lots.sqlite"), "SELECT max(id) FROM post")
            result["feed_items"] = check_serves(server, top, clock)
        finally:
            server.stop()
        print(f"backup_bench: lots serve answers the feed ({result['feed_items']} items)",
              flush=True)
        result["generated"] = measure(binary, big, tmp, "generated", args.runs, clock, checks)
        database = sqlite3.connect(os.path.join(big, "lots.sqlite"))
        try:
            post_ids = [row[0] for row in database.execute("SELECT id FROM post WHERE hidden = 0")]
        finally:
            database.close()
        result["latency"] = write_latency(binary, big, tmp, args, clock, post_ids)
    except DrillError as failure:
        error = str(failure)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    result["load_after"] = load_average()
    result["seconds"] = time.monotonic() - started
    table(result)
    print(f"\nTook {result['seconds']:.0f} s.")
    print(json.dumps(result, sort_keys=True))
    checks.exit("backup_bench", error)


if __name__ == "__main__":
    main()
