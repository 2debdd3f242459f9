"""A static file server for Web/ on 127.0.0.1 and a free port, for the browser tests.

The base URL lives here only (`base_url()`): set LOTS_BASE_URL to test a running server
instead (for example `lots serve`), and no static server is started.
"""
import functools
import http.server
import os
import threading
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "Web"


class Handler(http.server.SimpleHTTPRequestHandler):
    # Explicit: instantiateStreaming needs application/wasm, whatever /etc/mime.types says.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript",
                      ".mjs": "text/javascript"}

    def end_headers(self):
        # Tests must see the files on disk now, not a cached copy.
        self.send_header("Cache-Control", "no-store")
        # Cross-origin isolation: performance.now() then ticks in 5 µs rather than 100 µs,
        # which the benchmark page needs. Everything here is same-origin, so nothing breaks.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


class StaticServer:
    """Serves Web/ on 127.0.0.1 in a background thread until `stop()`."""

    def __init__(self, root=WEB):
        handler = functools.partial(Handler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self):
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def external_base_url():
    """The base URL of an already running server, if LOTS_BASE_URL names one."""
    url = os.environ.get("LOTS_BASE_URL", "").rstrip("/")
    return url or None
