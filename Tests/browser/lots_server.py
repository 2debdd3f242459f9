"""A real `lots serve` for browser tests: a fresh data directory, no demo seed, 127.0.0.1 on a
free port, stopped (and its data removed) when the test session ends.

The binary is LOTS_BIN or App/.build/debug/lots (built by `swift build --package-path App`).
"""
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import uuid
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# bcrypt at cost 4 for the debug build the tests run (a release build ignores it; see
# ServeCommand's testBcryptCost): the suite signs up and in hundreds of times, and at the
# production cost each took 0.4 s of a CPU: 318 of the suite's 3,800 CPU-seconds.
TEST_BCRYPT_COST = {"LOTS_TEST_BCRYPT_COST": "4"}


def lots_binary():
    """The `lots` the tests run: LOTS_BIN, default the debug build."""
    return os.environ.get("LOTS_BIN", str(ROOT / "App" / ".build" / "debug" / "lots"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def png(width, height, rgb):
    """A solid-colour PNG made with zlib alone, so the tests need no image library."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


class LotsServer:
    """A `lots serve` (LOTS_BIN, default the debug build) of Web/ (LOTS_WEB: another copy of
    it, say a former commit's for a benchmark's baseline) on a temporary data directory."""

    def __init__(self, *extra_args):
        self.binary = lots_binary()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data = tempfile.mkdtemp(prefix="lots-browser-")
        # The server's own log, beside the data: read when it fails to stop.
        self.log = tempfile.NamedTemporaryFile(prefix="lots-browser-log-", delete=False).name
        self.process = None
        self.extra_args = list(extra_args)

    def start(self):
        if not Path(self.binary).exists():
            raise RuntimeError(f"{self.binary} is missing: run swift build --build-tests first")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--data", self.data,
             "--web", os.environ.get("LOTS_WEB", str(ROOT / "Web")), *self.extra_args],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT,
            env={**os.environ, **TEST_BCRYPT_COST})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/feed?limit=1", timeout=1)
                return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("lots serve did not answer within 60 s")

    def stop(self, keep_data=False):
        """Stops the server and removes its data directory, unless `keep_data` (then `start()`
        serves the same data again, on the same port)."""
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                raise RuntimeError(f"lots serve did not stop within 15 s of SIGTERM\n"
                                   f"{self.hung_report()}") from None
            finally:
                if self.process.poll() is None:
                    self.process.kill()
                    self.process.wait()
                self.process = None
        if not keep_data:
            shutil.rmtree(self.data, ignore_errors=True)
            Path(self.log).unlink(missing_ok=True)

    def hung_report(self):
        """What a server that does not stop is doing: its threads' stacks (with gdb, where the
        machine has it) and the end of its log."""
        report = []
        if shutil.which("gdb"):
            stacks = subprocess.run(
                ["gdb", "-p", str(self.process.pid), "-batch", "-ex", "thread apply all bt 30"],
                capture_output=True, text=True, timeout=120)
            report.append(stacks.stdout[-20000:])
        with open(self.log, errors="replace") as log:
            report.append("the end of its log:\n" + "".join(log.readlines()[-60:]))
        return "\n".join(report)

    def request(self, method, path, body=None, token=None, content_type="application/json"):
        headers = {"content-type": content_type}
        if token:
            headers["authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def sign_up(self, username):
        return self.request("POST", "/api/accounts",
                            {"username": username, "password": "lunch-of-today"})["token"]

    def post(self, token, width, height, rgb, restaurant, caption):
        """A post of one photo (`width` × `height` of colour `rgb`) through the API."""
        return self.post_photos(token, [(width, height, rgb)], [], restaurant, caption)

    def post_photos(self, token, photos, descriptions, restaurant, caption):
        """A post of several photos through the API, as the Post form sends it: a `photo` part
        per photo ((width, height, rgb)) and a `description` part per description, in order."""
        boundary = uuid.uuid4().hex
        fields = [("caption", caption), ("restaurant", restaurant), ("mealDate", "2026-11-21")]
        fields += [("description", text) for text in descriptions]
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                 f"{value}\r\n".encode() for name, value in fields]
        for n, (width, height, rgb) in enumerate(photos):
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                         f'filename="lunch-{n}.png"\r\nContent-Type: image/png\r\n\r\n'.encode()
                         + png(width, height, rgb) + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", "/api/posts", b"".join(parts), token,
                            f"multipart/form-data; boundary={boundary}")


def seeded_server():
    """A `lots serve` with three posts by one user, stopped after the caller is done with it
    (a generator for module-scoped fixtures)."""
    server = LotsServer().start()
    try:
        token = server.sign_up("tester")
        server.post(token, 600, 800, (200, 80, 40), "Pho Real", "Steaming bowl")
        server.post(token, 800, 600, (40, 160, 90), "Sushi Zen", "")
        server.post(token, 600, 600, (60, 70, 200), "Curry Up", "Extra spicy")
        yield server
    finally:
        server.stop()
