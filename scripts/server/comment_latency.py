"""How long a comment takes from A's POST to B's open stream: B subscribes to /api/stream, A
comments N times on B's post, one after another (each waits for its event, ≤ 10 s), against a
release `lots` on 127.0.0.1 with an empty data directory. Prints p50/p99/max. Bounded by count.

Usage: python3 scripts/server/comment_latency.py BINARY [COUNT]"""
import os, shutil, socket, statistics, subprocess, sys, tempfile, time, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import call, free_port
from crash_test import multipart

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
port, data = free_port(), tempfile.mkdtemp()
base = f"http://127.0.0.1:{port}"
proc = subprocess.Popen([binary, "serve", "--data", data, "--port", str(port), "--no-rate-limits",
                         "--web", "/nonexistent"], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
try:
    for _ in range(600):
        try: urllib.request.urlopen(base + "/health", timeout=1); break
        except OSError: time.sleep(0.1)
    _, a = call(base, "POST", "/api/accounts", {"username": "ana", "password": "password1"})
    _, b = call(base, "POST", "/api/accounts", {"username": "ben", "password": "password1"})
    path = os.path.join(data, "photo.jpg")
    subprocess.run([binary, "bench-image", "--sample", "jpeg", "--width", "64", "--height", "48",
                    "--output", path], check=True)
    photo = open(path, "rb").read()
    payload, content_type = multipart({"restaurant": "Bench", "mealDate": "2026-11-25"}, photo)
    _, post = call(base, "POST", "/api/posts", payload, b["token"], {"Content-Type": content_type})
    stream = socket.create_connection(("127.0.0.1", port))
    stream.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {b['token']}\r\n\r\n".encode())
    buffer = b""
    stream.settimeout(10)
    while b": connected" not in buffer: buffer += stream.recv(65536)
    times = []
    for index in range(count):
        marker = f"comment {index} of the run"
        start = time.perf_counter()
        status, _ = call(base, "POST", f"/api/posts/{post['id']}/comments", {"body": marker},
                         a["token"])
        assert status == 201, status
        while marker.encode() not in buffer: buffer += stream.recv(65536)
        times.append(time.perf_counter() - start)
        buffer = buffer[buffer.index(marker.encode()):][len(marker):]
    times.sort()
    print(f"{binary}: {count} comments A → B's stream: p50 {statistics.median(times)*1000:.1f} ms, "
          f"p99 {times[int(count*0.99)-1]*1000:.1f} ms, max {times[-1]*1000:.1f} ms")
finally:
    proc.terminate(); proc.wait(); shutil.rmtree(data, ignore_errors=True)
