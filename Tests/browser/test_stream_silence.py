"""A live stream that goes silent without closing, against a real `lots serve --heartbeat 1`: a
small local proxy between the page and the server stops forwarding the stream's connection and
keeps it open (as a half-open socket or a stuck middlebox would). The page notices (no heartbeat
for two intervals; the exact timing is Tests/web/event-stream.test.mjs's), says it is
reconnecting, and resumes through a new connection with what was posted meanwhile, no reload."""
import socket
import threading
import time

from conftest import screenshot
from lots_server import LotsServer
from test_live import CELLS, captions, new_page


class StallingProxy:
    """Forwards 127.0.0.1:`port` to the server at `target_port`. `stall_streams()` stops
    forwarding, both ways, on every connection open now that carries the change stream, and
    keeps it open; other connections, and new ones, go on as before. `close()` ends it all."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = []
        self.lock = threading.Lock()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                return
            state = {"stream": False, "stalled": False, "sockets": (client, upstream)}
            with self.lock:
                self.connections.append(state)
            for source, sink, from_client in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(target=self._pump, args=(source, sink, from_client, state),
                                 daemon=True).start()

    def _pump(self, source, sink, from_client, state):
        while not self.closed:
            try:
                data = source.recv(65536)
            except OSError:
                break
            if not data:
                break
            if from_client and data.startswith(b"GET /api/stream"):
                state["stream"] = True
            while state["stalled"] and not self.closed:
                time.sleep(0.05)  # held, neither forwarded nor closed
            try:
                sink.sendall(data)
            except OSError:
                break
        if not state["stalled"]:
            for end in state["sockets"]:
                end.close()

    def stall_streams(self):
        with self.lock:
            for state in self.connections:
                if state["stream"]:
                    state["stalled"] = True

    def close(self):
        self.closed = True
        self.listener.close()
        with self.lock:
            for state in self.connections:
                for end in state["sockets"]:
                    end.close()


def test_a_silent_stream_is_noticed_and_resumed_without_loss(browser):
    server = LotsServer("--heartbeat", "1").start()
    proxy = StallingProxy(server.port)
    try:
        cook = server.sign_up("cook")
        server.post(cook, 400, 300, (120, 60, 40), "Before", "")
        page = new_page(browser, 390, 844)
        page.goto(f"http://127.0.0.1:{proxy.port}/")
        page.wait_for_selector("#feed[aria-busy=false]")
        page.wait_for_function("document.getElementById('live').textContent.includes('Live')")
        page.evaluate("window.__marker = 1")
        proxy.stall_streams()
        stalled = time.monotonic()
        # Posted while the page hears nothing: the server sends it into the held connection.
        server.post(cook, 400, 300, (40, 60, 120), "While silent", "")
        page.wait_for_function(
            "document.getElementById('live').textContent.includes('reconnecting')",
            timeout=120_000)
        print(f"silence noticed after {time.monotonic() - stalled:.2f} s (heartbeat 1 s)")
        assert page.inner_text("#live") == "No word from the server — reconnecting…"
        assert page.is_hidden("#offline"), "the network is not what failed"
        screenshot(page, "live-silent-390")
        page.wait_for_function("document.getElementById('live').textContent.includes('Live')",
                               timeout=120_000)
        page.wait_for_function(f"{CELLS}.length === 2", timeout=120_000)
        assert page.evaluate("window.__marker") == 1, "no reload"
        assert sorted(captions(page)) == ["Before", "While silent"]
        assert page.errors == []
        page.context.close()
    finally:
        proxy.close()
        server.stop()
