"""Uploads per second through the API: 4 users, each posting PER_USER photos one after another
(release `lots`, on 127.0.0.1, a fresh data directory, --no-rate-limits; bounded by count).
Usage: python3 scripts/server/upload_bench.py BINARY PHOTO [PER_USER]
(a photo: `lots bench-image --sample jpeg --width 1600 --height 1200 --output p.jpg`)"""
import os, subprocess, sys, tempfile, threading, time, urllib.request, shutil, statistics
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import call, free_port
from crash_test import multipart
binary = sys.argv[1]
photo = open(sys.argv[2], "rb").read()
port = free_port(); base = f"http://127.0.0.1:{port}"
data = tempfile.mkdtemp()
proc = subprocess.Popen([binary, "serve", "--data", data, "--port", str(port), "--no-rate-limits",
                         "--web", "/nonexistent"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(300):
        try: urllib.request.urlopen(base + "/health", timeout=1); break
        except OSError: time.sleep(0.1)
    tokens = []
    for i in range(4):
        _, session = call(base, "POST", "/api/accounts", {"username": f"up{i}", "password": "password1"})
        tokens.append(session["token"])
    def body(i):
        return multipart({"restaurant": "Bench", "mealDate": "2026-11-25", "caption": f"c{i}"}, photo)
    times, statuses = [], []
    lock = threading.Lock()
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    def run(t):
        for i in range(per):
            b, content_type = body(t * 1000 + i)
            start = time.perf_counter()
            s, _ = call(base, "POST", "/api/posts", b, tokens[t],
                        {"Content-Type": content_type}, timeout=60)
            with lock: times.append(time.perf_counter() - start); statuses.append(s)
    start = time.perf_counter()
    threads = [threading.Thread(target=run, args=(t,)) for t in range(4)]
    [t.start() for t in threads]; [t.join() for t in threads]
    wall = time.perf_counter() - start
    times.sort()
    print(f"{binary}: {len(times)} uploads, 4 users, {len(times)/wall:.1f}/s, p50 {statistics.median(times)*1000:.1f} ms, p99 {times[int(len(times)*0.99)-1]*1000:.1f} ms, statuses {sorted(set(statuses))}")
finally:
    proc.terminate(); proc.wait(); shutil.rmtree(data, ignore_errors=True)
