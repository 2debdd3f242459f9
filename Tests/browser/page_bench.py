#!/usr/bin/env python3
"""Page benchmarks for issue 14 (first part): bytes transferred on the first load of Main
before the first photo (HTML, CSS, JS, wasm and the first feed page, as served: bodies and
response headers), against a real `lots serve` (LOTS_BIN, default the debug build).

Usage: python3 Tests/browser/page_bench.py
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lots_server import LotsServer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM  # noqa: E402


def main():
    server = LotsServer().start()
    try:
        token = server.sign_up("cook")
        for i in range(6):
            server.post(token, 600, 400 + 50 * i, (120, 80, 40), f"Place {i}", "")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            rows = []

            def finished(request):
                sizes = request.sizes()
                rows.append((request.url.split("/", 3)[3], sizes["responseBodySize"],
                             sizes["responseHeadersSize"]))
            page.on("requestfinished", finished)
            page.goto(server.url + "/")
            page.wait_for_selector("#feed[aria-busy=false] .post")
            page.wait_for_timeout(1000)
            browser.close()
        rows = [row for row in rows if not row[0].startswith("images/")]
        bodies = sum(body for _, body, _ in rows)
        headers = sum(header for _, _, header in rows)
        print(f"first load before photos: {len(rows)} responses, {bodies / 1000:.1f} KB bodies "
              f"+ {headers / 1000:.1f} KB headers = {(bodies + headers) / 1000:.1f} KB "
              "(target ≤ 100 KB)")
        for path, body, header in sorted(rows, key=lambda row: -row[1])[:5]:
            print(f"  {body:7d} + {header:4d}  /{path}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
