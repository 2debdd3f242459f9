#!/usr/bin/env python3
"""Booster's page count of a 100-page PDF through the child process (issue 28).

  python3 scripts/server/pdf_pages_bench.py App/.build/release/lots-pdf-pages [--runs 200]

Each count spawns `lots-pdf-pages` with the server's limits, as the server does (p50/p99 of
the wall time per count). The baseline, in the same run: counting in one process
(`--repeat`), whose cost per count is (time of 1 + N counts - time of 1 count) / N. The
difference is what isolating each count costs. Bounded: `--runs` spawns, each killed after
10 s.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def pdf(pages):
    objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{i + 3} 0 R" for i in range(pages))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>")
    content = 3 + pages
    for _ in range(pages):
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {content} 0 R >>")
    stream = b"BT /F1 12 Tf 72 720 Td (Lunch of today) Tj ET"
    text = b"%PDF-1.4\n"
    offsets = []
    for index, obj in enumerate(objects):
        offsets.append(len(text))
        text += f"{index + 1} 0 obj\n{obj}\nendobj\n".encode()
    offsets.append(len(text))
    text += f"{content} 0 obj\n<< /Length {len(stream)} >>\nstream\n".encode()
    text += stream + b"\nendstream\nendobj\n"
    xref = len(text)
    text += f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        text += f"{offset:010d} 00000 n \n".encode()
    text += f"trailer\n<< /Size {len(offsets) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return text


def timed(command):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, timeout=10)
    elapsed = time.perf_counter() - start
    if out.returncode != 0 or out.stdout.strip() != "pages 100":
        raise SystemExit(f"unexpected answer: {out.returncode} {out.stdout!r}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("counter")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "hundred.pdf")
        with open(path, "wb") as file:
            file.write(pdf(100))
        limits = ["--memory", "256", "--cpu", "5"]
        child = sorted(timed([args.counter, *limits, path]) for _ in range(args.runs))
        one = min(timed([args.counter, *limits, path]) for _ in range(5))
        many = min(
            timed([args.counter, *limits, "--repeat", str(args.runs + 1), path]) for _ in range(3))
        in_process = (many - one) / args.runs
        p50 = statistics.median(child)
        p99 = child[min(len(child) - 1, int(len(child) * 0.99))]
        print(f"100-page PDF, {args.runs} counts, {os.path.getsize(path)} bytes")
        print(f"child process per count: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
        print(f"in process per count:    {in_process * 1000:.3f} ms")
        print(f"isolation overhead:      {(p50 - in_process) * 1000:.2f} ms per count (p50)")


if __name__ == "__main__":
    main()
