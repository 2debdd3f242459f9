#!/usr/bin/env python3
"""More than one machine, measured (release build, same run, loopback; docs/benchmarks.md):

1. A feed page of 30 (signed in, 2 blocks) at 64 connections through nginx, 10 s of wrk: one
   instance on SQLite, one on PostgreSQL, two on PostgreSQL. Throughput and p99, and the CPU
   each page cost the servers (lots, PostgreSQL, nginx; from /proc): on 2 cores wall-clock
   cannot show what a second machine adds, CPU per page can. Beside it, in the same cluster,
   the floor: `/health/ready` (one trivial query, `SELECT 1` on PostgreSQL) and `/health` (none).
2. A like through instance A to 1,000 stream subscribers spread over A and B: p50/p99 of the
   subscribers on B (target p99 ≤ 150 ms) and on A.
3. Likes per second on PostgreSQL (one instance, 16 connections, 10 s): the change log appended
   under its advisory lock (commit order), against the same without it
   (`LOTS_BENCH_UNORDERED_CHANGE_LOG=1`, which only this benchmark sets).
5. `paired`: PostgreSQL's feed page against SQLite's, both clusters up at once and measured
   alternately (SQLite, PostgreSQL, SQLite, ...), 5 pairs: each pair's ratio of CPU per page
   is taken under the same load on the machine, and the median of the pairs is the verdict;
   beside each pair PostgreSQL's floor, one `SELECT 1` (`/health/ready`).
4. Likes of one hot post through two instances (nginx, 32 connections, 10 s): 1,000 people like
   it, then take their likes back, round after round; afterwards the like rows, the post's
   count and the API agree exactly.

Usage: scripts/with-postgres python3 scripts/server/cluster_bench.py App/.build/release/lots
[feed,events,likes,hot,paired] (needs wrk: scripts/setup wrk). Every load is bounded in time; everything listens on 127.0.0.1.
"""
import os, re, subprocess, sys, time

from cluster import Cluster, call, make_users, psql

HERE = os.path.dirname(os.path.abspath(__file__))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            pass
    return total / TICKS


def pids_of_user(user):
    out = subprocess.run(["pgrep", "-u", user], capture_output=True, text=True).stdout
    return [int(pid) for pid in out.split()]


def nginx_pids(cluster):
    out = subprocess.run(["pgrep", "-g", str(cluster.nginx.pid)], capture_output=True,
                         text=True).stdout
    return [int(pid) for pid in out.split()]


def wrk(url, connections, seconds, token, script=None, env=None):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    if script:
        command += ["-s", script]
    out = subprocess.run(command + [url], capture_output=True, text=True, timeout=seconds + 30,
                         env=dict(os.environ, **(env or {})))
    text = out.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    requests = int(re.search(r"(\d+) requests in", text).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if out.stderr.strip():
        print(out.stderr.strip()[:2000])
    return rate, requests, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0


def fresh_database(name):
    server = os.environ["LOTS_TEST_DATABASE_URL"]
    psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE); CREATE DATABASE {name};")
    return server.rsplit("/", 1)[0] + "/" + name


def sign_up(base, name):
    status, session = call(base, "POST", "/api/accounts",
                           {"username": name, "password": "password1"}, timeout=30)
    assert status == 201, (status, session)
    return session["token"]


def measured_cpu(cluster, url, token):
    """10 s of wrk (64 connections) on `url` after 2 s of warm-up: rate, p99, non-2xx, and the
    CPU each request cost lots, PostgreSQL and nginx (ms)."""
    wrk(url, 64, 2, token)  # warm-up
    lots = [p.pid for p in cluster.processes]
    groups = lambda: (cpu_seconds(lots), cpu_seconds(pids_of_user("lots-pg")),
                      cpu_seconds(nginx_pids(cluster)))
    before = groups()
    rate, requests, p99, errors = wrk(url, 64, 10, token)
    after = groups()
    lots_ms, pg_ms, nginx_ms = ((b - a) * 1000 / requests for a, b in zip(before, after))
    return rate, p99, errors, lots_ms, pg_ms, nginx_ms


def feed_pages(binary):
    print("== feed page of 30, signed in with 2 blocks, 64 connections through nginx, 10 s")
    results = []
    for label, backend, instances in [("1 instance, SQLite", None, 1),
                                      ("1 instance, PostgreSQL", "postgres", 1),
                                      ("2 instances, PostgreSQL", "postgres", 2)]:
        url = fresh_database(f"bench_feed_{instances}") if backend else None
        cluster = Cluster(binary, url, instances=instances, demo=True)
        try:
            if url:  # statistics and the visibility map, as autovacuum keeps them on a
                # database in use (index-only scans of the feed's covering index need the map)
                psql(url, "VACUUM ANALYZE;")
            token = bencher_with_blocks(cluster)
            for path, what in [("/api/feed?limit=30", "feed page"),
                               ("/health/ready", "one trivial query (SELECT 1, the floor)"),
                               ("/health", "no query")]:
                rate, p99, errors, lots_ms, pg_ms, nginx_ms = measured_cpu(
                    cluster, cluster.lb_url + path, token)
                server_ms = lots_ms + (pg_ms if backend else 0)
                print(f"  {label}, {what}: {rate:,.0f}/s, p99 {p99:.1f} ms, {errors} non-2xx; "
                      f"CPU per request: lots {lots_ms:.3f} ms"
                      + (f" + PostgreSQL {pg_ms:.3f} ms" if backend else "")
                      + f" = {server_ms:.3f} ms (nginx {nginx_ms:.3f} ms)")
                if what == "feed page":
                    results.append((label, rate, p99, server_ms))
        finally:
            cluster.stop()
    return results


def bencher_with_blocks(cluster):
    token = sign_up(cluster.lb_url, "bencher")
    for name in ("ana", "bruno"):
        assert call(cluster.lb_url, "PUT", f"/api/users/{name}/block", token=token)[0] \
            in (200, 204)
    return token


def paired_feed_pages(binary, pairs=5):
    print(f"== feed page of 30, SQLite and PostgreSQL (1 instance each) up at once, measured "
          f"alternately, {pairs} pairs of 10 s at 64 connections")
    url = fresh_database("bench_paired")
    sqlite = Cluster(binary, None, instances=1, demo=True)
    postgres = None
    try:
        postgres = Cluster(binary, url, instances=1, demo=True)
        psql(url, "VACUUM ANALYZE;")
        tokens = {c: bencher_with_blocks(c) for c in (sqlite, postgres)}
        ratios, floors = [], []
        for n in range(pairs):
            costs = []
            for cluster in (sqlite, postgres):
                rate, p99, errors, lots_ms, pg_ms, _ = measured_cpu(
                    cluster, cluster.lb_url + "/api/feed?limit=30", tokens[cluster])
                assert errors == 0, errors
                costs.append((lots_ms + (pg_ms if cluster is postgres else 0), lots_ms, pg_ms,
                              rate))
            # PostgreSQL's floor beside its page: one trivial query (SELECT 1) through the pool.
            _, _, errors, floor_lots, floor_pg, _ = measured_cpu(
                postgres, postgres.lb_url + "/health/ready", tokens[postgres])
            assert errors == 0, errors
            (sq, _, _, sq_rate), (pq, pl, pp, pq_rate) = costs
            floor = floor_lots + floor_pg
            ratios.append(pq / sq)
            floors.append(floor / sq)
            print(f"  pair {n + 1}: SQLite {sq:.3f} ms ({sq_rate:,.0f}/s), PostgreSQL {pq:.3f} ms "
                  f"(lots {pl:.3f} + PostgreSQL {pp:.3f}; {pq_rate:,.0f}/s): {pq / sq:.2f}×; "
                  f"PostgreSQL's SELECT 1 {floor:.3f} ms ({floor / sq:.2f}× SQLite's page)")
        for name, values in [("ratios", ratios), ("SELECT 1 against SQLite's page", floors)]:
            ordered = sorted(values)
            print(f"  {name}: {', '.join(f'{r:.2f}' for r in ordered)}; median "
                  f"{ordered[len(ordered) // 2]:.2f}×")
    finally:
        sqlite.stop()
        if postgres:
            postgres.stop()


def cross_instance_events(binary):
    print("== a like through A, 1,000 subscribers spread over A and B")
    url = fresh_database("bench_events")
    cluster = Cluster(binary, url, instances=2, demo=True)
    try:
        token = sign_up(cluster.url(0), "notifier")
        a, b = cluster.ports
        out = subprocess.run(
            [sys.executable, os.path.join(HERE, "sse_latency.py"), str(a), token,
             *[str(n) for n in range(101, 121)], "--subscribers", "1000",
             "--subscriber-ports", f"{a},{b}"],
            capture_output=True, text=True, timeout=300)
        print("  " + out.stdout.strip().replace("\n", "\n  "))
        if out.returncode:
            raise SystemExit(out.stderr)
    finally:
        cluster.stop()


def likes_per_second(binary):
    print("== likes and unlikes (each a write) on PostgreSQL, 1 instance, 16 connections, 10 s")
    rates = {}
    for label, env in [("change log under its lock (commit order)", {}),
                       ("without the lock (unsafe; this benchmark only)",
                        {"LOTS_BENCH_UNORDERED_CHANGE_LOG": "1"})]:
        url = fresh_database("bench_likes")
        cluster = Cluster(binary, url, instances=1, demo=True, env=env)
        try:
            token = sign_up(cluster.url(0), "liker")
            script = os.path.join(HERE, "likes.lua")
            wrk(cluster.url(0), 16, 2, token, script)  # warm-up
            rate, requests, p99, errors = wrk(cluster.url(0), 16, 10, token, script)
            print(f"  {label}: {rate:,.0f} likes/s, p99 {p99:.1f} ms, {errors} non-2xx")
            rates[label] = rate
        finally:
            cluster.stop()
    locked, unlocked = rates.values()
    print(f"  the lock's cost: {locked / unlocked:.2f}× the throughput without it")


def hot_post_likes(binary):
    print("== likes of one post by 1,000 people, then unlikes, round after round, through two "
          "instances (nginx), 32 connections, 10 s")
    url = fresh_database("bench_hot")
    cluster = Cluster(binary, url, instances=2, demo=True)
    try:
        status, feed = call(cluster.lb_url, "GET", "/api/feed?limit=1")
        post = feed["items"][0]["id"]
        people = make_users(url, "hot", 1000)
        path = os.path.join(cluster.data, "hot-likes.txt")
        with open(path, "w") as file:
            file.write("\n".join([str(post)] + [token for _, _, token in people]) + "\n")
        script = os.path.join(HERE, "hot_likes.lua")
        env = {"HOT_LIKES": path}
        wrk(cluster.lb_url, 32, 2, None, script, env)  # warm-up
        rate, requests, p99, errors = wrk(cluster.lb_url, 32, 10, None, script, env)
        # Requests wrk left in flight still commit after it stops: read once they all have
        # (two reads, a second apart, the same), rows and count in one snapshot.
        counts, deadline = None, time.monotonic() + 30
        while time.monotonic() < deadline:
            time.sleep(1)
            (rows, column), = psql(url, f"SELECT (SELECT count(*) FROM postlike WHERE postid = "
                                        f"{post}), (SELECT likecount FROM post WHERE id = {post});")
            if counts == (rows, column):
                break
            counts = (rows, column)
        status, shown = call(cluster.lb_url, "GET", f"/api/posts/{post}")
        exact = int(rows) == int(column) == shown["likeCount"]
        print(f"  {rate:,.0f} likes/s, p99 {p99:.1f} ms, {errors} non-2xx; afterwards "
              f"{rows} like rows, likeCount {column}, the API {shown['likeCount']}: "
              f"{'exact' if exact else 'NOT EXACT'}")
        assert exact and errors == 0
    finally:
        cluster.stop()


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    parts = (sys.argv[2].split(",") if len(sys.argv) > 2
             else ["feed", "events", "likes", "hot"])
    started = time.monotonic()
    if "feed" in parts:
        feed_pages(binary)
    if "events" in parts:
        cross_instance_events(binary)
    if "likes" in parts:
        likes_per_second(binary)
    if "hot" in parts:
        hot_post_likes(binary)
    if "paired" in parts:
        paired_feed_pages(binary)
    print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
