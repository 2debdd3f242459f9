#!/usr/bin/env python3
"""How long a newcomer waits for `lots serve --demo` on an empty data directory.

Usage: scripts/server/demo_start_bench.py PATH_TO_RELEASE_LOTS [ROUNDS]

Each round, on a fresh data directory, two ways of starting with demo content:
- baseline, what `serve --demo` did before issue 25 and `lots seed` still does: every demo
  photo drawn and stored, then the server starts listening;
- now, `lots serve --demo`: the accounts, then the server listens, then the posts arrive
  while it runs.
Printed per round: seconds until the port answers /health, until the first demo post is in
the feed, and until all are. Everything on 127.0.0.1; each wait is bounded (ten minutes).
"""
import os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import call, free_port  # noqa: E402

LIMIT = 600


def wait(predicate, started):
    while time.monotonic() - started < LIMIT:
        try:
            if predicate():
                return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.02)
    raise RuntimeError("not within ten minutes")


def feed_count(base):
    status, page = call(base, "GET", "/api/feed?limit=1")
    return len(page["items"]) if status == 200 else 0


def demo_done(base):
    status, info = call(base, "GET", "/api/demo")
    return status == 200 and info["postsReady"] >= info["postsTotal"]


def round_of(binary, demo_in_serve):
    data = tempfile.mkdtemp(prefix="lots-demo-start-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = None
    try:
        started = time.monotonic()
        if not demo_in_serve:
            subprocess.run([binary, "seed", "--data", data], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=LIMIT)
        server = subprocess.Popen(
            [binary, "serve", "--data", data, "--port", str(port), "--web", "/nonexistent",
             *(["--demo"] if demo_in_serve else [])],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        listening = wait(lambda: call(base, "GET", "/health", timeout=2)[0] == 200, started)
        first = wait(lambda: feed_count(base) > 0, started)
        done = wait(lambda: (not demo_in_serve) or demo_done(base), started)
        return listening, first, done
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"demo start on an empty data directory, {os.cpu_count()} cores, {rounds} rounds")
    print("round  way                         listens  first post  all posts")
    for number in range(1, rounds + 1):
        for label, demo_in_serve in [("baseline: seed, then listen", False),
                                     ("serve --demo (issue 25)", True)]:
            listening, first, done = round_of(binary, demo_in_serve)
            print(f"{number:5}  {label:26}  {listening:6.2f} s  {first:8.2f} s  {done:7.2f} s",
                  flush=True)


if __name__ == "__main__":
    main()
