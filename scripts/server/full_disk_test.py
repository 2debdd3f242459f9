#!/usr/bin/env python3
"""Full-disk test: run the LOTs server on a small tmpfs, fill it with posts until the photo
store refuses (507), then fill what is left until the database refuses (507); check that reads
go on, nothing acknowledged is lost, nothing refused is half-written, and that writes succeed
again once space returns, without a restart.

Usage: scripts/server/full_disk_test.py PATH_TO_LOTS_BINARY   (root: it mounts a tmpfs)
Everything listens on 127.0.0.1; every loop is bounded in requests.
"""
import json, os, random, signal, socket, sqlite3, struct, subprocess, sys, tempfile, time
import urllib.error, urllib.request, zlib

SIZE_MB = 8


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(base, method, path, body=None, token=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    request = urllib.request.Request(base + path, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return response.status, (json.loads(text) if text.startswith(b"{") else text)
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, (json.loads(text) if text.startswith(b"{") else text)


def noisy_png(rng, width, height):
    """An incompressible PNG (random pixels, stored without compression): about w×h×3 bytes."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\x00" + rng.randbytes(width * 3) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b""))


def multipart(photo):
    boundary = "full-disk-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             .encode() for name, value in
             [("restaurant", "Full Plate"), ("mealDate", "2026-11-24"), ("caption", "")]]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                 f'filename="a.png"\r\nContent-Type: image/png\r\n\r\n'.encode() + photo + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def fill(path):
    """Writes a file until the filesystem refuses; returns its size."""
    written = 0
    with open(path, "wb", buffering=0) as filler:
        for _ in range(SIZE_MB * 1024):
            try:
                written += filler.write(b"\x00" * 1024)
            except OSError:
                break
    return written


def main():
    binary = sys.argv[1]
    rng = random.Random(int(os.environ.get("LOTS_SEED", "24")))
    print(f"full_disk_test: seed {os.environ.get('LOTS_SEED', '24')}")
    mount = tempfile.mkdtemp(prefix="lots-full-")
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE_MB}m", "tmpfs", mount],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"full_disk_test: cannot mount a tmpfs (needs root): {result.stderr}")
    try:
        run(binary, mount, rng)
    finally:
        subprocess.run(["umount", mount])
        os.rmdir(mount)


def run(binary, mount, rng):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(tempfile.gettempdir(), f"lots-full-{port}.log"), "w")
    server = subprocess.Popen([binary, "serve", "--data", mount, "--port", str(port),
                               "--no-rate-limits", "--web", "/nonexistent"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            try:
                if call(base, "GET", "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        status, session = call(base, "POST", "/api/accounts",
                               {"username": "eater", "password": "password1"})
        assert status == 201, (status, session)
        token = session["token"]

        # Ballast: space an operator frees later (logs, say).
        ballast = os.path.join(mount, "ballast")
        with open(ballast, "wb") as file:
            file.write(b"\x00" * (2 << 20))

        # 1. Photos until the image store refuses.
        posts, refused = [], None
        for _ in range(100):
            body, content_type = multipart(noisy_png(rng, 420, 320))
            status, answer = call(base, "POST", "/api/posts", body, token, content_type)
            if status == 201:
                posts.append(answer["id"])
            else:
                refused = (status, answer)
                break
        assert refused and refused[0] == 507, f"posting on a full disk: {refused}"
        assert "out of disk space" in refused[1]["error"]["message"], refused
        print(f"full_disk_test: {len(posts)} posts stored, then {refused[0]}: "
              f"{refused[1]['error']['message']}")

        # 2. The rest of the space, then writes until the database refuses.
        filler = os.path.join(mount, "filler")
        fill(filler)
        database_refused = None
        for attempt in range(5000):
            status, answer = call(base, "PUT" if attempt % 2 == 0 else "DELETE",
                                  f"/api/posts/{posts[attempt % len(posts)]}/like", token=token)
            if status != 200:
                database_refused = (attempt, status, answer)
                break
        assert database_refused and database_refused[1] == 507, \
            f"likes on a full disk: {database_refused}"
        print(f"full_disk_test: {database_refused[0]} likes, then 507 from the database")

        # 3. Reads go on while the disk is full.
        status, feed = call(base, "GET", "/api/feed?limit=100")
        assert status == 200 and sorted(p["id"] for p in feed["items"]) == sorted(posts), feed
        image = feed["items"][0]["photo"]["thumbnailURL"]
        assert call(base, "GET", image)[0] == 200

        # 4. Space returns: writes succeed again, no restart.
        os.remove(filler)
        os.remove(ballast)
        status, state = call(base, "PUT", f"/api/posts/{posts[0]}/like", token=token)
        assert status == 200 and state["liked"], (status, state)
        body, content_type = multipart(noisy_png(rng, 420, 320))
        status, answer = call(base, "POST", "/api/posts", body, token, content_type)
        assert status == 201, (status, answer)
        posts.append(answer["id"])
        print("full_disk_test: space returned, a like and a post succeed without a restart")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    # 5. Nothing lost, nothing half-written.
    database = sqlite3.connect(os.path.join(mount, "lots.sqlite"))
    try:
        assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = [row[0] for row in database.execute("SELECT id FROM post ORDER BY id")]
        assert stored == sorted(posts), (stored, posts)
        keys = set()
        for row in database.execute("SELECT originalKey, displayKey, thumbnailKey FROM post"):
            keys.update(row)
        files = {name for _, _, names in os.walk(os.path.join(mount, "images"))
                 for name in names}
        assert {key for key in keys if key not in files} == set(), "a post lost its photo"
        assert files == keys, f"files no post uses: {sorted(files - keys)}"
        print(f"full_disk_test: ok: {len(posts)} posts, each with its 3 files, no stray file, "
              "integrity ok")
    finally:
        database.close()


if __name__ == "__main__":
    main()
