"""A post of ten 12-megapixel photos against ten posts of one: time until the server has
accepted it, and the server's peak memory (VmHWM), each in a fresh server (release `lots`,
127.0.0.1, an empty data directory, --no-rate-limits), alternating, ROUNDS times. Bounded by
count; every request has a 600 s client timeout.

Usage: python3 scripts/server/multi_photo_bench.py BINARY [ROUNDS]
The photos are colour noise at 4000×3000 made by libvips' command (`vips`, from scripts/setup's
libvips-tools; about 7 MB each at quality 85, as large as a 12 MP phone photo gets), each from
its own seed; without `vips`, the binary's own `lots bench-image --sample jpeg` (flat colours,
a fraction of a megabyte)."""
import os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import call, free_port

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
work = tempfile.mkdtemp()
photos = []
for index in range(10):
    path = os.path.join(work, f"p{index}.jpg")
    if shutil.which("vips"):
        bands = []
        for band in range(3):
            bands.append(os.path.join(work, f"b{band}.v"))
            subprocess.run(["vips", "gaussnoise", bands[-1], "4000", "3000", "--sigma", "60",
                            "--mean", "128", "--seed", str(index * 3 + band)], check=True)
        subprocess.run(["vips", "bandjoin", " ".join(bands), os.path.join(work, "c.v")], check=True)
        subprocess.run(["vips", "cast", os.path.join(work, "c.v"), os.path.join(work, "u.v"),
                        "uchar"], check=True)
        subprocess.run(["vips", "copy", os.path.join(work, "u.v"), path + "[Q=85]"], check=True)
    else:
        subprocess.run([binary, "bench-image", "--sample", "jpeg", "--width", str(4000 - index),
                        "--height", "3000", "--output", path], check=True)
    photos.append(open(path, "rb").read())

def body(files):
    boundary = "multi-photo-bench"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             .encode() for name, value in {"restaurant": "Bench", "mealDate": "2026-11-25"}.items()]
    for index, data in enumerate(files):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                     f'filename="p{index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode()
                     + data + b"\r\n")
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="description"'
                     f'\r\n\r\nPhoto {index + 1}\r\n'.encode())
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"

def peak_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])

def run(posts):
    """Starts a server, makes `posts` (lists of photos) one after another; returns the seconds
    they took and the server's peak memory in MB (and its memory once started)."""
    port, data = free_port(), tempfile.mkdtemp()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([binary, "serve", "--data", data, "--port", str(port),
                             "--no-rate-limits", "--web", "/nonexistent"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try: urllib.request.urlopen(base + "/health", timeout=1); break
            except OSError: time.sleep(0.1)
        _, session = call(base, "POST", "/api/accounts", {"username": "bench", "password": "password1"})
        started = peak_kb(proc.pid)
        begin = time.perf_counter()
        for files in posts:
            payload, content_type = body(files)
            status, post = call(base, "POST", "/api/posts", payload, session["token"],
                                {"Content-Type": content_type}, timeout=600)
            assert status == 201, (status, post)
        return time.perf_counter() - begin, peak_kb(proc.pid) / 1024, started / 1024
    finally:
        proc.terminate(); proc.wait(); shutil.rmtree(data, ignore_errors=True)

results = {"one post of 10 photos": [], "10 posts of 1 photo": []}
for _ in range(rounds):
    results["one post of 10 photos"].append(run([photos]))
    results["10 posts of 1 photo"].append(run([[photo] for photo in photos]))
shutil.rmtree(work, ignore_errors=True)
print(f"{binary}: {len(photos[0]) / 1e6:.1f} MB photos of 4000×3000, {rounds} rounds")
for name, runs in results.items():
    seconds = [r[0] for r in runs]; peaks = [r[1] for r in runs]; base = [r[2] for r in runs]
    print(f"  {name}: accepted after {statistics.median(seconds):.2f} s median "
          f"({min(seconds):.2f}–{max(seconds):.2f}), peak memory {statistics.median(peaks):.0f} MB "
          f"median ({min(peaks):.0f}–{max(peaks):.0f}; {statistics.median(base):.0f} MB once started)")
