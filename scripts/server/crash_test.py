#!/usr/bin/env python3
"""Crash test: kill -9 the LOTs server during a write storm, restart it, and check that every
acknowledged write is present and the database is intact.

Usage: scripts/server/crash_test.py PATH_TO_LOTS_BINARY [--rounds N]
The binary is run as `BINARY serve`; everything listens on 127.0.0.1 only, and each storm is
bounded in requests and seconds.
"""
import argparse, os, random, shutil, signal, sqlite3, subprocess, sys, tempfile
import threading
import time

from cluster import call, free_port  # noqa: E402  (this folder's shared client)

def start(binary, data, port):
    process = subprocess.Popen(
        [binary, "serve", "--data", data, "--port", str(port), "--no-rate-limits",
         "--web", "/nonexistent"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # a bound for a busy machine, not a target
    while time.monotonic() < deadline:
        try:
            if call(base, "GET", "/health")[0] == 200:
                return process, base
        except OSError:
            pass
        time.sleep(0.05)
    process.kill()
    raise SystemExit("server did not start")

def photo():
    # A tiny valid JPEG produced by the server's own pipeline would need libvips here; a 1×1
    # baseline JPEG is enough.
    return bytes.fromhex(
        "ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b"
        "0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e33"
        "3432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708"
        "090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114"
        "328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748"
        "494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2"
        "a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9"
        "eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9")

def multipart(fields, file_bytes):
    boundary = "crash-test-boundary"
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                     f'{value}\r\n'.encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                 f'filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode() + file_bytes
                 + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"

def storm(base, user, posts, acked, stop, seed):
    # One user per thread, so each (user, post) sees its requests in order.
    rng = random.Random(seed)
    body, content_type = multipart({"restaurant": "Crash Cafe", "mealDate": "2026-11-21"}, photo())
    token, name = user
    while not stop.is_set():
        try:
            if rng.random() < 0.2:
                status, post = call(base, "POST", "/api/posts", body, token,
                                    {"Content-Type": content_type})
                if status == 201:
                    with acked["lock"]:
                        acked["posts"].add(post["id"])
                        posts.append(post["id"])
            elif posts:
                post_id = rng.choice(posts)
                liked = rng.random() < 0.7
                # Sent but not yet acknowledged: if the kill lands now, it may or may not have
                # committed, and either state is right.
                with acked["lock"]:
                    acked["pending"][name] = ((name, post_id), liked)
                status, state = call(base, "PUT" if liked else "DELETE",
                                     f"/api/posts/{post_id}/like", token=token)
                with acked["lock"]:
                    acked["pending"].pop(name, None)
                    if status == 200:
                        acked["likes"][(name, post_id)] = (state["liked"], time.monotonic())
        except OSError:
            return  # the server was killed mid-request: that write is unacknowledged

def round_trip(binary, seconds, seed):
    data = tempfile.mkdtemp(prefix="lots-crash-")
    port = free_port()
    process, base = start(binary, data, port)
    users = []
    for index in range(8):
        status, session = call(base, "POST", "/api/accounts",
                               {"username": f"crash{index}", "password": "password1"})
        users.append((session["token"], f"crash{index}"))
    acked = {"lock": threading.Lock(), "posts": set(), "likes": {}, "pending": {}}
    posts, stop = [], threading.Event()
    threads = [threading.Thread(target=storm, args=(base, users[i], posts, acked, stop, seed + i))
               for i in range(len(users))]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    process.send_signal(signal.SIGKILL)
    process.wait()
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    # Restart on the same data and check every acknowledged write.
    process, base = start(binary, data, port)
    try:
        tokens = {name: token for token, name in users}
        missing = [p for p in acked["posts"] if call(base, "GET", f"/api/posts/{p}")[0] != 200]
        wrong = 0
        in_flight = dict(acked["pending"].values())
        for (name, post_id), (liked, _) in acked["likes"].items():
            status, post = call(base, "GET", f"/api/posts/{post_id}", token=tokens[name])
            allowed = {liked, in_flight.get((name, post_id), liked)}
            if status != 200 or post["likedByMe"] not in allowed:
                wrong += 1
        database = sqlite3.connect(os.path.join(data, "lots.sqlite"))
        integrity = database.execute("PRAGMA integrity_check").fetchone()[0]
        counts_ok = database.execute(
            "SELECT COUNT(*) FROM post WHERE likeCount != "
            "(SELECT COUNT(*) FROM postLike WHERE postId = post.id)").fetchone()[0] == 0
        database.close()
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        shutil.rmtree(data, ignore_errors=True)
    print(f"acknowledged posts {len(acked['posts'])}, like states {len(acked['likes'])}, "
          f"missing posts {len(missing)}, wrong likes {wrong}, integrity {integrity}, "
          f"counts consistent {counts_ok}")
    return not missing and wrong == 0 and integrity == "ok" and counts_ok

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    results = [round_trip(args.binary, args.seconds, seed * 100) for seed in range(args.rounds)]
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    sys.exit(0 if all(results) else 1)

if __name__ == "__main__":
    main()
