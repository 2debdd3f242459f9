#!/usr/bin/env python3
"""Delivery latency of one change to N SSE subscribers of a running LOTs server on 127.0.0.1.

Usage: sse_latency.py PORT TOKEN POST_ID... [--subscribers 1000]
Opens the subscribers, then for each post id likes it (one event each, spaced out so that
coalescing never holds one) and records, per subscriber, the time from sending the like to
reading its event. Prints p50/p99/max over all deliveries. Bounded: each event waits ≤ 10 s.
"""
import argparse, asyncio, statistics, time

async def subscriber(port, ready, events, index):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()
    buffer = b""
    while b": connected" not in buffer:
        buffer += await reader.read(4096)
    ready.release()
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            now = time.perf_counter()
            for line in chunk.split(b"\n"):
                if line.startswith(b"id: "):
                    events.setdefault(int(line[4:]), []).append(now)
    finally:
        writer.close()

async def like(port, token, post_id):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (f"PUT /api/posts/{post_id}/like HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Authorization: Bearer {token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    start = time.perf_counter()
    writer.write(request.encode())
    await writer.drain()
    response = await reader.read()
    writer.close()
    return start, response

async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("token")
    parser.add_argument("posts", type=int, nargs="+")
    parser.add_argument("--subscribers", type=int, default=1000)
    args = parser.parse_args()
    ready = asyncio.Semaphore(0)
    events = {}
    tasks = [asyncio.create_task(subscriber(args.port, ready, events, i))
             for i in range(args.subscribers)]
    for _ in range(args.subscribers):
        await asyncio.wait_for(ready.acquire(), 30)
    latencies = []
    for post_id in args.posts:
        before = set(events)
        start, response = await like(args.port, args.token, post_id)
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            new = [seq for seq in events if seq not in before]
            if new and len(events[new[0]]) >= args.subscribers:
                break
            await asyncio.sleep(0.002)
        new = [seq for seq in events if seq not in before]
        if new:
            latencies += [(t - start) * 1000 for t in events[new[0]]]
        await asyncio.sleep(0.3)
    for task in tasks:
        task.cancel()
    latencies.sort()
    delivered = len(latencies)
    expected = args.subscribers * len(args.posts)
    p = lambda q: latencies[min(delivered - 1, int(q * delivered))]
    print(f"SSE delivery to {args.subscribers} subscribers, {len(args.posts)} events: "
          f"delivered {delivered}/{expected}, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"max {latencies[-1]:.1f} ms")

asyncio.run(main())
