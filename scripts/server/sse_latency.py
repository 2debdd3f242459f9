#!/usr/bin/env python3
"""Delivery latency of one change to N SSE subscribers of a running LOTs server on 127.0.0.1.

Usage: sse_latency.py PORT TOKEN POST_ID... [--subscribers 1000] [--subscriber-ports P,Q]
Opens the subscribers (on PORT, or spread over the given ports: other instances of one
server), then for each post id likes it through PORT (one event each, spaced out so that
coalescing never holds one) and records, per subscriber, the time from sending the like to
reading its event. Prints p50/p99/max over all deliveries, and per port when there are
several. Bounded: each event waits ≤ 10 s.

The subscribers are read with one epoll loop and no per-read allocation beyond the chunk: an
asyncio reader per subscriber spent tens of milliseconds of the client's own time per event
(1,000 callbacks), which the latency then counted as the server's.
"""
import argparse, select, socket, time

def connect(port, request):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(request)
    return sock

def open_subscribers(ports, count):
    subscribers = [connect(ports[i % len(ports)],
                           b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                   for i in range(count)]
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
    """Reads until every subscriber has seen one event id; returns (port, latency in ms)."""
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
                latencies.append((by_fd[fd].getpeername()[1], (now - start) * 1000))
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
    parser.add_argument("--subscriber-ports", default=None,
                        help="comma-separated ports the subscribers are spread over")
    args = parser.parse_args()
    ports = ([int(p) for p in args.subscriber_ports.split(",")] if args.subscriber_ports
             else [args.port])
    subscribers = open_subscribers(ports, args.subscribers)
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
    expected = args.subscribers * len(args.posts)
    if not latencies:
        raise SystemExit("no event was delivered")
    groups = [("all", [ms for _, ms in latencies], expected)]
    if len(ports) > 1:
        for port in ports:
            share = sum(1 for i in range(args.subscribers) if ports[i % len(ports)] == port)
            groups.append((f"port {port}" + (" (the like's)" if port == args.port else ""),
                           [ms for p, ms in latencies if p == port], share * len(args.posts)))
    for name, values, wanted in groups:
        values.sort()
        count = len(values)
        p = lambda q: values[min(count - 1, int(q * count))]
        print(f"SSE delivery to {args.subscribers} subscribers, {len(args.posts)} events, "
              f"{name}: delivered {count}/{wanted}, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
              f"max {values[-1]:.1f} ms")

main()
