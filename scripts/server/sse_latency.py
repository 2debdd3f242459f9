#!/usr/bin/env python3
"""Delivery latency of one change to N SSE subscribers of a running LOTs server on 127.0.0.1.

Usage: sse_latency.py PORT TOKEN POST_ID... [--subscribers 1000]
Opens the subscribers, then for each post id likes it (one event each, spaced out so that
coalescing never holds one) and records, per subscriber, the time from sending the like to
reading its event. Prints p50/p99/max over all deliveries. Bounded: each event waits ≤ 10 s.

The subscribers are read with one epoll loop and no per-read allocation beyond the chunk: an
asyncio reader per subscriber spent tens of milliseconds of the client's own time per event
(1,000 callbacks), which the latency then counted as the server's.
"""
import argparse, select, socket, time

def connect(port, request):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(request)
    return sock

def open_subscribers(port, count):
    subscribers = [connect(port, b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                   for _ in range(count)]
    deadline = time.perf_counter() + 30
    for sock in subscribers:
        sock.settimeout(max(0.1, deadline - time.perf_counter()))
        buffer = b""
        while b": connected" not in buffer:
            chunk = sock.recv(4096)
            if not chunk:
                raise SystemExit("a subscriber was closed before it connected")
            buffer += chunk
        sock.setblocking(False)
    return subscribers

def like(port, token, post_id):
    request = (f"PUT /api/posts/{post_id}/like HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Authorization: Bearer {token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    sock = socket.create_connection(("127.0.0.1", port))
    start = time.perf_counter()
    sock.sendall(request.encode())
    return start, sock

def deliveries(poller, subscribers, start, timeout=10.0):
    """Reads until every subscriber has seen one event id; returns latencies in ms."""
    by_fd = {sock.fileno(): sock for sock in subscribers}
    pending = set(by_fd)
    latencies = []
    deadline = start + timeout
    while pending and time.perf_counter() < deadline:
        for fd, _ in poller.poll(0.05):
            chunk = by_fd[fd].recv(65536)
            now = time.perf_counter()
            if fd in pending and b"\nid: " in b"\n" + chunk:
                pending.discard(fd)
                latencies.append((now - start) * 1000)
    return latencies

def drain(poller, subscribers):
    """Discards what is left to read (heartbeats, late bytes) so the next event starts clean."""
    by_fd = {sock.fileno(): sock for sock in subscribers}
    while ready := poller.poll(0):
        for fd, _ in ready:
            try:
                by_fd[fd].recv(65536)
            except BlockingIOError:
                pass

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("token")
    parser.add_argument("posts", type=int, nargs="+")
    parser.add_argument("--subscribers", type=int, default=1000)
    args = parser.parse_args()
    subscribers = open_subscribers(args.port, args.subscribers)
    poller = select.epoll()
    for sock in subscribers:
        poller.register(sock.fileno(), select.EPOLLIN)
    latencies = []
    for post_id in args.posts:
        start, liker = like(args.port, args.token, post_id)
        latencies += deliveries(poller, subscribers, start)
        liker.close()
        time.sleep(0.3)
        drain(poller, subscribers)
    for sock in subscribers:
        sock.close()
    latencies.sort()
    delivered = len(latencies)
    expected = args.subscribers * len(args.posts)
    if not delivered:
        raise SystemExit("no event was delivered")
    p = lambda q: latencies[min(delivered - 1, int(q * delivered))]
    print(f"SSE delivery to {args.subscribers} subscribers, {len(args.posts)} events: "
          f"delivered {delivered}/{expected}, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"max {latencies[-1]:.1f} ms")

main()
