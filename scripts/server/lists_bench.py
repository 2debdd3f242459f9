#!/usr/bin/env python3
"""Pocket lists' writes per second (release build, loopback, docs/benchmarks.md): saves
(each a new entry) and moves (each a real reorder) at 16 connections for 10 s of wrk, on one
instance on SQLite and one on PostgreSQL, against likes (likes.lua) measured in the same run.

Usage: scripts/with-postgres python3 scripts/server/lists_bench.py App/.build/release/lots
(needs wrk: scripts/setup wrk). Every load is bounded in time; everything listens on 127.0.0.1.
"""
import os, random, sys, tempfile, time

from cluster import Cluster, call
from cluster_bench import fresh_database, sign_up, wrk

HERE = os.path.dirname(os.path.abspath(__file__))
LISTS = 50


# wrk.format replaces the default headers (the session's Authorization among them) with the
# ones it is given: every request copies them and adds its JSON type.
JSON_HEADERS = """
local json = {}
for key, value in pairs(wrk.headers) do json[key] = value end
json["Content-Type"] = "application/json"
"""


def lua(name, text):
    path = os.path.join(tempfile.mkdtemp(), name)
    with open(path, "w") as file:
        file.write(JSON_HEADERS + text)
    return path


def prepare(base, token):
    posts, cursor = [], None
    while True:
        status, page = call(base, "GET", "/api/feed?limit=100" + (f"&cursor={cursor}" if cursor else ""),
                            token=token, timeout=30)
        assert status == 200, page
        posts += [post["id"] for post in page["items"]]
        cursor = page.get("nextCursor")
        if not cursor:
            break
    lists = []
    for index in range(LISTS):
        status, made = call(base, "POST", "/api/me/lists", {"name": f"Bench {index}"}, token=token,
                            timeout=30)
        assert status == 201, made
        lists.append(made["id"])
    # The list that moves are made in holds every post.
    entries = []
    for post in posts:
        status, entry = call(base, "POST", f"/api/lists/{lists[0]}/entries", {"postId": post},
                             token=token, timeout=30)
        assert status == 201, entry
        entries.append(entry["id"])
    return posts, lists, entries


def saves_script(posts, lists):
    # Lists 1… are empty: each request saves a post not yet in that list (a new entry).
    return lua("saves.lua", f"""
local posts = {{{",".join(map(str, posts))}}}
local lists = {{{",".join(map(str, lists[1:]))}}}
local counter = 0
request = function()
  counter = counter + 1
  local post = posts[(counter % #posts) + 1]
  local list = lists[(math.floor(counter / #posts) % #lists) + 1]
  return wrk.format("POST", "/api/lists/" .. list .. "/entries",
    json, '{{"postId":' .. post .. '}}')
end
""")


def moves_script(list_id, entries):
    rng = random.Random(20261126)
    pairs = []
    for _ in range(4000):
        entry, after = rng.sample(entries, 2)
        pairs.append(f"{{{entry},{after}}}")
    return lua("moves.lua", f"""
local pairs = {{{",".join(pairs)}}}
local counter = 0
request = function()
  counter = counter + 1
  local pair = pairs[(counter % #pairs) + 1]
  return wrk.format("PUT", "/api/lists/{list_id}/entries/" .. pair[1] .. "/position",
    json, '{{"after":' .. pair[2] .. '}}')
end
""")


def measure(binary, label, database_url):
    print(f"== {label}: 16 connections, 10 s each")
    cluster = Cluster(binary, database_url, instances=1, demo=True)
    try:
        base = cluster.url(0)
        token = sign_up(base, "saver")
        posts, lists, entries = prepare(base, token)
        results = {}
        for name, script in [("likes (baseline)", os.path.join(HERE, "likes.lua")),
                             ("saves", saves_script(posts, lists)),
                             ("moves", moves_script(lists[0], entries))]:
            wrk(base, 16, 2, token, script)  # warm-up
            rate, requests, p99, errors = wrk(base, 16, 10, token, script)
            results[name] = rate
            print(f"  {name}: {rate:,.0f}/s, p99 {p99:.1f} ms, {requests} requests, "
                  f"{errors} non-2xx")
        base_rate = results["likes (baseline)"]
        print(f"  saves {results['saves'] / base_rate:.2f}× likes, "
              f"moves {results['moves'] / base_rate:.2f}× likes")
        # The moves left one order: every entry once. wrk stops sending at its deadline, but
        # the server may still be applying the moves it had: a list read in pages while it is
        # being reordered can show an entry twice or not at all, so wait for the last ones.
        time.sleep(3)
        status, page = call(base, "GET", f"/api/lists/{lists[0]}?limit=100", token=token,
                            timeout=30)
        ids = [item["id"] for item in page["items"]]
        cursor = page.get("nextCursor")
        while cursor:
            status, page = call(base, "GET", f"/api/lists/{lists[0]}?limit=100&cursor={cursor}",
                                token=token, timeout=30)
            ids += [item["id"] for item in page["items"]]
            cursor = page.get("nextCursor")
        assert sorted(ids) == sorted(entries), (
            f"an entry was lost or doubled: {len(ids)} read ({len(set(ids))} distinct), "
            f"{len(entries)} saved, missing {sorted(set(entries) - set(ids))[:10]}, "
            f"extra {sorted(set(ids) - set(entries))[:10]}")
        print(f"  after the moves: {len(ids)} entries, each once")
    finally:
        cluster.stop()


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    started = time.monotonic()
    measure(sys.argv[1], "SQLite", None)
    if os.environ.get("LOTS_TEST_DATABASE_URL"):
        measure(sys.argv[1], "PostgreSQL", fresh_database("bench_lists"))
    print(f"({time.monotonic() - started:.0f} s)")


main()
