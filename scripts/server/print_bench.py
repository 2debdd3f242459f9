#!/usr/bin/env python3
"""Booster through the API of a release `lots` on 127.0.0.1 (issue 28):

1. Order placement: 16 students on 16 connections at once, each quoting and paying for
   ORDERS orders one after another (their PDFs uploaded first, not timed): orders per second,
   and p50/p99 of quote + pay. Against it, in the same run, the same 16 connections reading
   their balance (GET /api/print/credits), the cheapest signed-in read.
2. From "Done" to the pickup code: a student's stream is open; the shop starts and finishes
   100 orders one after another; for each, the time from the shop's POST .../finish to the
   student having read the order with its code after its printOrder event.

  python3 scripts/server/print_bench.py App/.build/release/lots [--orders 20] [--database URL]

With --database (an empty PostgreSQL database) the server runs on PostgreSQL. Bounded: every
loop has a count, every request a timeout."""
import argparse, json, os, shutil, socket, statistics, subprocess, sys, tempfile, threading, time
import http.client, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster import call, free_port

CLIENTS = 16


def pdf(pages):
    objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
    objects.append(f"<< /Type /Pages /Kids [{' '.join(f'{i + 3} 0 R' for i in range(pages))}] "
                   f"/Count {pages} >>")
    objects += ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"] * pages
    text, offsets = "%PDF-1.4\n", []
    for index, obj in enumerate(objects):
        offsets.append(len(text))
        text += f"{index + 1} 0 obj\n{obj}\nendobj\n"
    xref = len(text)
    text += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n"
    text += "".join(f"{o:010d} 00000 n \n" for o in offsets)
    text += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return text.encode()


def form(data):
    boundary = "print-bench-boundary"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\n'
            f'Content-Type: application/pdf\r\n\r\n').encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class Client:
    """One keep-alive connection."""
    def __init__(self, port, token):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.token = token

    def send(self, method, path, body=None, headers=None):
        fields = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        if isinstance(body, dict):
            body = json.dumps(body).encode()
            fields["Content-Type"] = "application/json"
        self.connection.request(method, path, body=body, headers=fields)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data else None)


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--database")
    args = parser.parse_args()
    assert 1 <= args.orders <= 20, "a student holds at most 20 unordered files"
    port, data = free_port(), tempfile.mkdtemp()
    base = f"http://127.0.0.1:{port}"
    command = [args.binary, "serve", "--data", data, "--port", str(port), "--no-rate-limits",
               "--demo", "--demo-posts", "1", "--web", "/nonexistent"]
    if args.database:
        command += ["--database", args.database]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        password = open(os.path.join(data, "demo-password.txt")).readline().split()[-1]
        _, staff = call(base, "POST", "/api/sessions", {"username": "copycorner", "password": password})
        students = []
        for index in range(CLIENTS):
            _, session = call(base, "POST", "/api/accounts",
                              {"username": f"bench{index}", "password": "password1"})
            status, _ = call(base, "POST", "/api/print/shop/top-ups",
                             {"username": f"bench{index}", "amount": 100000}, staff["token"])
            assert status == 201, status
            students.append(session["token"])
        body, content_type = form(pdf(3))

        def upload(client):
            status, file = client.send("POST", "/api/print/files", body, {"Content-Type": content_type})
            assert status == 201, (status, file)
            return file["id"]

        def order(client, file_id, key):
            request = {"storeId": 1, "files": [{"fileId": file_id, "copies": 1, "colour": "blackAndWhite",
                                                "sides": "one", "paper": "A4"}], "binding": "none"}
            status, quote = client.send("POST", "/api/print/quote", request)
            assert status == 200, (status, quote)
            request["token"] = quote["token"]
            status, placed = client.send("POST", "/api/print/orders", request, {"Idempotency-Key": key})
            assert status == 201, (status, placed)
            return placed["id"]

        # 1. Placement at 16 connections, against balance reads on the same connections.
        clients = [Client(port, token) for token in students]
        files = [[upload(client) for _ in range(args.orders)] for client in clients]

        def run(work):
            times, threads = [[] for _ in clients], []
            def loop(index):
                for step in range(args.orders):
                    start = time.perf_counter()
                    work(index, step)
                    times[index].append(time.perf_counter() - start)
            start = time.perf_counter()
            for index in range(len(clients)):
                threads.append(threading.Thread(target=loop, args=(index,)))
                threads[-1].start()
            for thread in threads:
                thread.join(timeout=600)
            return time.perf_counter() - start, [t for each in times for t in each]

        read_wall, read_times = run(lambda i, s: clients[i].send("GET", "/api/print/credits"))
        place_wall, place_times = run(lambda i, s: order(clients[i], files[i][s], f"k{i}-{s}"))
        total = CLIENTS * args.orders
        backend = "PostgreSQL" if args.database else "SQLite"
        print(f"{backend}: {total} orders (quote + pay) at {CLIENTS} connections: "
              f"{total / place_wall:.0f} orders/s, p50 {statistics.median(place_times) * 1000:.1f} ms, "
              f"p99 {percentile(place_times, 0.99) * 1000:.1f} ms")
        print(f"{backend}: baseline, {total} balance reads at {CLIENTS} connections: "
              f"{total / read_wall:.0f} reads/s, p50 {statistics.median(read_times) * 1000:.1f} ms, "
              f"p99 {percentile(read_times, 0.99) * 1000:.1f} ms")

        # 2. Done → the student's page has the pickup code, over 100 orders.
        student, shop = Client(port, students[0]), Client(port, staff["token"])
        stream = socket.create_connection(("127.0.0.1", port))
        stream.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       f"Authorization: Bearer {students[0]}\r\n\r\n".encode())
        stream.settimeout(10)
        buffer = b""
        while b": connected" not in buffer:
            buffer += stream.recv(65536)
        buffer = b""
        latencies, orders = [], []
        for batch in range(5):
            ids = [upload(student) for _ in range(20)]
            orders += [order(student, file_id, f"done-{batch}-{n}") for n, file_id in enumerate(ids)]
        for order_id in orders:
            status, _ = shop.send("POST", f"/api/print/shop/orders/{order_id}/start")
            assert status == 200, status
        # Every order's two events so far (paid, printing) read, so that the next event of an
        # order is its "done".
        while buffer.count(b'"kind":"printOrder"') < 2 * len(orders):
            buffer += stream.recv(65536)
        buffer = b""
        for order_id in orders:
            start = time.perf_counter()
            status, _ = shop.send("POST", f"/api/print/shop/orders/{order_id}/finish")
            assert status == 200, status
            needle = f'"orderID":{order_id}'.encode()
            while needle not in buffer:
                buffer += stream.recv(65536)
            buffer = buffer[buffer.index(needle) + len(needle):]
            status, seen = student.send("GET", f"/api/print/orders/{order_id}")
            assert status == 200 and seen.get("pickupCode"), (status, seen)
            latencies.append(time.perf_counter() - start)
        print(f"{backend}: Done → pickup code on the student's page, {len(latencies)} orders: "
              f"p50 {statistics.median(latencies) * 1000:.1f} ms, "
              f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
