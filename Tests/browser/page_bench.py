#!/usr/bin/env python3
"""Page benchmarks for issue 14, against a real `lots serve` on 127.0.0.1 (LOTS_BIN, default the
debug build: take the real numbers with a release build) in Debian's chromium:

  first-load  bytes transferred on the first load of Main before the first photo (HTML, CSS,
              JS, wasm and the first feed page, as served: bodies and response headers)
  lcp         Largest Contentful Paint and Cumulative Layout Shift of Main with 4× CPU
              slowdown, cold cache, a feed of 60 demo-seeded posts (`lots seed` photos), 5 runs
              each at 390 and 1280 px: the bare page (before issue 30) and the first screen
              laid out by the server, in the same run
  longtasks   long tasks (> 50 ms) while scrolling Main's 10,000 posts to the end (loading
              every page) and back, without CPU slowdown
  heap        JS heap growth over --minutes with Main scrolled down and one server event a
              second (mostly likes and unlikes by another user, every fifth a new post)

Usage: python3 Tests/browser/page_bench.py [--only first-load,lcp,longtasks,heap]
           [--runs 5] [--minutes 10] [--scroll-step 400]
"""
import argparse
import collections
import os
import statistics
import subprocess
import sqlite3
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bulk_posts import ASPECTS, bulk_server, database_path  # noqa: E402
from lots_server import ROOT, LotsServer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM  # noqa: E402

PARTS = ["first-load", "lcp", "longtasks", "heap"]
FEED_READY = "#feed[aria-busy=false] .post"


def wait_until(page, expression, timeout, message):
    """Polls `expression` from outside the page (its policy forbids in-page polling)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out: {message}")
        page.wait_for_timeout(50)


def first_load(browser):
    server = LotsServer().start()
    try:
        token = server.sign_up("cook")
        for i in range(6):
            server.post(token, 600, 400 + 50 * i, (120, 80, 40), f"Place {i}", "")
        page = browser.new_page(viewport={"width": 390, "height": 844})
        rows = []

        def finished(request):
            sizes = request.sizes()
            rows.append((request.url.split("/", 3)[3], sizes["responseBodySize"],
                         sizes["responseHeadersSize"]))
        page.on("requestfinished", finished)
        page.goto(server.url + "/")
        page.wait_for_selector(FEED_READY)
        page.wait_for_timeout(1000)
        page.context.close()
        rows = [row for row in rows if not row[0].startswith("images/")]
        bodies = sum(body for _, body, _ in rows)
        headers = sum(header for _, _, header in rows)
        # The measure is the app itself (HTML, CSS, JS, wasm); the first feed page is
        # reported with it too.
        app = [row for row in rows if not row[0].startswith("api/")]
        app_bytes = sum(body + header for _, body, header in app)
        print(f"first load before photos, HTML, CSS, JS and wasm: {len(app)} responses, "
              f"{app_bytes / 1000:.1f} KB with headers (target ≤ 100 KB)")
        print(f"  with the first feed page: {len(rows)} responses, {bodies / 1000:.1f} KB bodies "
              f"+ {headers / 1000:.1f} KB headers = {(bodies + headers) / 1000:.1f} KB")
        # The largest responses: 5, or ROWS of them.
        for path, body, header in sorted(rows, key=lambda row: -row[1])[
                :int(os.environ.get("ROWS", 5))]:
            print(f"  {body:7d} + {header:4d}  /{path}")
    finally:
        server.stop()


def demo_server(posts):
    """A `lots serve` on the demo seed's data (`lots seed`: drawn lunch photos, varied shapes,
    likes), cut to its newest `posts` posts."""
    server = LotsServer()
    started = time.monotonic()
    subprocess.run([server.binary, "seed", "--data", server.data, "--web", str(ROOT / "Web")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
    db = sqlite3.connect(database_path(server.data))
    try:
        db.execute("PRAGMA foreign_keys = ON")  # likes and reports of the posts cut go too
        with db:
            db.execute("DELETE FROM post WHERE id NOT IN (SELECT id FROM post "
                       "ORDER BY createdAt DESC, id DESC LIMIT ?)", (posts,))
    finally:
        db.close()
    server.start()
    print(f"  (demo seed cut to {posts} posts in {time.monotonic() - started:.0f} s)",
          file=sys.stderr)
    return server


# Everything the page reported as LCP candidates and layout shifts, read once the observers'
# buffered entries have been delivered.
PAINT_METRICS = """() => new Promise((resolve) => {
  let lcp = null;
  let cls = 0;
  const shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) lcp = e; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      cls += e.value;
      shifts.push({ at: Math.round(e.startTime), value: e.value,
        sources: (e.sources || []).map((s) => s.node?.nodeName + (s.node?.id ? '#' + s.node.id
          : s.node?.className ? '.' + String(s.node.className).split(' ')[0] : '')) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const resources = performance.getEntriesByType('resource');
  const end = (match) => resources.find((r) => match(r.name))?.responseEnd ?? null;
  requestAnimationFrame(() => setTimeout(() => resolve({
    lcp: lcp && lcp.startTime, size: lcp && lcp.size,
    wasm: end((url) => url.endsWith('.wasm')), feed: end((url) => url.includes('/api/feed')),
    photo: lcp?.url ? end((url) => url === lcp.url) : null,
    element: lcp && ((lcp.element?.nodeName ?? '?') + (lcp.url ? ' ' + lcp.url.split('/').pop()
      : lcp.element?.id ? '#' + lcp.element.id : '')),
    cls, shifts,
  }), 100));
})"""


def main_document(server, width, first_screen, path="/"):
    """The HTML of the list at `path` (Main by default) as served to a returning visitor
    `width` wide (the `lots-view` cookie its page set), with its headers: with its first
    screen laid out by the server, or the bare `index.html` the page had before (the baseline,
    measured in the same run)."""
    cookie = {"Cookie": f"lots-view={width}x1"}
    with urllib.request.urlopen(urllib.request.Request(server.url + path, headers=cookie)) as r:
        headers = {k: v for k, v in r.headers.items() if k.lower() != "content-length"}
        body = r.read()
    if not first_screen:
        with urllib.request.urlopen(server.url + "/index.html") as bare:
            body = bare.read()
    return headers, body


def lcp(browser, runs, posts=60, paths=("/",)):
    server = demo_server(posts)
    try:
        items = server.request("GET", "/api/feed?limit=100")["items"]
        count = len(items)
        # "/r/busiest": the page of the restaurant with the most demo posts.
        places = collections.Counter(p["restaurantId"] for p in items if p.get("restaurantId"))
        busiest = f"/r/{places.most_common(1)[0][0]}" if places else "/"
        for path in (busiest if path == "/r/busiest" else path for path in paths):
            for width, height in [(390, 844), (1280, 800)]:
                for first_screen in (False, True):
                    results = []
                    headers, body = main_document(server, width, first_screen, path)
                    for run in range(runs):
                        results.append(lcp_run(browser, server, width, height, headers, body,
                                               run, path))
                    lcps = [r["lcp"] / 1000 for r in results]
                    clss = [r["cls"] for r in results]
                    what = ("first screen from the server" if first_screen
                            else "bare page (before)")
                    print(f"LCP of {path}, {what}, 4× CPU slowdown, loopback, cold cache, "
                          f"{count} demo posts, {width}×{height}, {runs} runs: median "
                          f"{statistics.median(lcps):.3f} s, max {max(lcps):.3f} s (Main's "
                          f"target ≤ 0.5 s); CLS median {statistics.median(clss):.4f}, max "
                          f"{max(clss):.4f} (target 0)")
    finally:
        server.stop()


def lcp_run(browser, server, width, height, headers, body, run, path="/"):
    """One cold load of the list at `path` `width` × `height` whose document is `body`: its
    paint metrics."""
    # A fresh context each run: a cold cache, as a first visit. The document is answered from
    # here for both variants alike (the same headers, the server's own bodies).
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1)
    page = context.new_page()
    page.route(server.url + path, lambda route: route.fulfill(status=200, headers=headers,
                                                              body=body))
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(server.url + path, wait_until="load", timeout=60_000)
    # A restaurant's page lies over the list (#place); the lists are #feed.
    root = "#place" if path.startswith("/r/") else "#feed"
    page.wait_for_selector(f"{root}[aria-busy=false] .post", timeout=60_000)
    # The first screenful's photos (eager) loaded and shown, then a moment for paints.
    wait_until(page, f"[...document.querySelectorAll('{root} .post:not([hidden]) img')]"
               ".filter((i) => i.loading === 'eager').every((i) => i.complete)",
               60, "the first photos did not load")
    page.wait_for_timeout(1500)
    metrics = page.evaluate(PAINT_METRICS)
    context.close()
    if errors:
        raise RuntimeError(f"errors in the page: {errors}")
    if metrics["lcp"] is None:
        raise RuntimeError("no largest-contentful-paint entry")
    at = {key: "–" if metrics[key] is None else f"{metrics[key] / 1000:.2f} s"
          for key in ("wasm", "feed", "photo")}
    print(f"  run {run + 1}: LCP {metrics['lcp'] / 1000:.3f} s ({metrics['element']}, "
          f"{metrics['size']} px²; wasm loaded at {at['wasm']}, first feed page at "
          f"{at['feed']}, the photo at {at['photo']}), CLS {metrics['cls']:.4f}"
          + (f" shifts {metrics['shifts']}" if metrics["shifts"] else ""))
    return metrics


# Scrolls Main's feed from the top to the end (waiting at the end for each next page, which the
# page asks for when the reader comes near it) and back, `step` px per animation frame, with a
# long-task observer (not buffered) started just before. Bounded in frames and time.
SCROLL_THROUGH = """async ({ step, total, seconds }) => {
  const s = document.querySelector('#feed .cv-scroller');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const loaded = () => parseInt(document.getElementById('status').textContent, 10) || 0;
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ at: e.startTime, duration: e.duration });
  });
  observer.observe({ type: 'longtask', buffered: false });
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let frames = 0, waits = 0;
  const atEnd = () => s.scrollTop + s.clientHeight >= s.scrollHeight - 1;
  while (performance.now() < deadline) {
    if (atEnd()) {
      if (loaded() >= total) break;
      // The next page is on its way: wait for it (bounded), scrolling nothing.
      const before = loaded();
      const until = performance.now() + 15000;
      while (loaded() === before && performance.now() < until) { await frame(); waits++; }
      if (loaded() === before) break;
    }
    s.scrollTop += step;
    await frame();
    frames++;
  }
  const down = { frames, ms: performance.now() - start, loaded: loaded(), bottom: s.scrollTop,
    end: performance.now() };
  while (s.scrollTop > 0 && performance.now() < deadline) {
    s.scrollTop -= step;
    await frame();
    frames++;
  }
  await frame();
  await new Promise((resolve) => setTimeout(resolve, 200));
  observer.takeRecords().forEach((e) => tasks.push({ at: e.startTime, duration: e.duration }));
  observer.disconnect();
  return { tasks, frames, waits, down, start, ms: performance.now() - start, top: s.scrollTop,
    height: s.scrollHeight };
}"""


def longtasks(browser, step, total=10_000):
    server = bulk_server(total)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        feed_requests = []
        page.on("request", lambda r: "/api/feed" in r.url and feed_requests.append(r.url))
        page.goto(server.url + "/")
        page.wait_for_selector(FEED_READY)
        page.wait_for_timeout(1000)
        result = page.evaluate(SCROLL_THROUGH, {"step": step, "total": total, "seconds": 240})
        page.context.close()
        if errors:
            raise RuntimeError(f"errors in the page: {errors}")
        if result["down"]["loaded"] < total or result["top"] != 0:
            raise RuntimeError(f"the scroll did not reach the end and come back: {result}")
        tasks = result["tasks"]
        longest = max((t["duration"] for t in tasks), default=0)
        down = result["down"]
        print(f"long tasks > 50 ms scrolling Main's {total} posts to the end and back, no CPU "
              f"slowdown, 1280×800, {step} px a frame ({result['frames']} frames, "
              f"{down['ms'] / 1000:.1f} s down loading {len(feed_requests)} pages, "
              f"{(result['ms'] - down['ms']) / 1000:.1f} s up, content {result['height']} px): "
              f"{len(tasks)}, longest {longest:.0f} ms (target none)")
        if tasks:
            going_down = [t for t in tasks if t["at"] < down["end"]]
            print(f"  {len(going_down)} going down (while pages loaded), "
                  f"{len(tasks) - len(going_down)} going up")
            worst = sorted(tasks, key=lambda t: -t["duration"])[:10]
            print("  longest: " + ", ".join(
                f"{t['duration']:.0f} ms at {(t['at'] - result['start']) / 1000:.1f} s "
                f"{'down' if t['at'] < down['end'] else 'up'}" for t in worst))
    finally:
        server.stop()


def heap_used(cdp):
    for _ in range(3):
        cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Runtime.getHeapUsage")["usedSize"]


def heap(browser, minutes, posts=300):
    server = bulk_server(posts)
    try:
        cooks = [server.sign_up(f"chef{i}") for i in range(3)]
        fan = server.sign_up("fan")
        ids = [item["id"] for item in server.request("GET", "/api/feed?limit=100")["items"]]
        page = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        cdp = page.context.new_cdp_session(page)
        page.goto(server.url + "/")
        page.wait_for_selector(FEED_READY)
        wait_until(page, "document.getElementById('live').dataset.state === 'live'", 30,
                   "the stream did not connect")
        # Scrolled down some way (three more pages loaded, then a screen back up, away from the
        # end): new posts are held above the reader.
        for _ in range(3):
            page.evaluate("(s => s.scrollTop = s.scrollHeight)("
                          "document.querySelector('#feed .cv-scroller'))")
            page.wait_for_timeout(1000)
        page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop -= 800")
        page.wait_for_timeout(1000)
        top = page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop")
        page.wait_for_timeout(1000)
        start = heap_used(cdp)
        nodes_start = cdp.send("Memory.getDOMCounters")
        events = {"post": 0, "like": 0, "unlike": 0, "refused": 0}
        liked = set()
        total = int(minutes * 60)
        began = time.monotonic()
        for n in range(total):
            # One a second, on a schedule (a slow request makes the next one prompt, not a burst).
            delay = began + n - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            try:
                if n % 5 == 4:
                    width, height = ASPECTS[n % len(ASPECTS)]
                    server.post(cooks[(n // 5) % len(cooks)], width // 3, height // 3,
                                (n % 200, 90, 60), f"Live {n}", "")
                    events["post"] += 1
                else:
                    post = ids[(n // 2) % len(ids)]
                    like = post not in liked
                    server.request("PUT" if like else "DELETE", f"/api/posts/{post}/like",
                                   token=fan)
                    (liked.add if like else liked.discard)(post)
                    events["like" if like else "unlike"] += 1
            except urllib.error.HTTPError as error:
                events["refused"] += 1
                if error.code != 429:
                    raise
            if time.monotonic() - began > minutes * 60 + 120:
                break
        page.wait_for_timeout(3000)
        held = page.evaluate("document.getElementById('new-posts').textContent")
        end = heap_used(cdp)
        nodes_end = cdp.send("Memory.getDOMCounters")
        still = page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop")
        page.context.close()
        if errors:
            raise RuntimeError(f"errors in the page: {errors}")
        print(f"JS heap growth of Main scrolled down ({top:.0f} px, {posts} posts) over "
              f"{minutes:g} min, one event a second ({events['post']} posts, {events['like']} "
              f"likes, {events['unlike']} unlikes, {events['refused']} refused; the page holds "
              f"'{held}'): {start / 1e6:.2f} MB → {end / 1e6:.2f} MB = "
              f"{(end - start) / 1e6:+.2f} MB (target ≤ 5 MB)")
        print(f"  DOM nodes {nodes_start['nodes']} → {nodes_end['nodes']}, listeners "
              f"{nodes_start['jsEventListeners']} → {nodes_end['jsEventListeners']}, scrollTop "
              f"{top:.0f} → {still:.0f}")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(PARTS),
                        help=f"comma-separated parts to run, of {','.join(PARTS)} (default all)")
    parser.add_argument("--runs", type=int, default=5, help="LCP runs (default 5)")
    parser.add_argument("--lcp-paths", default="/",
                        help="lcp: comma-separated list pages to load (default /, Main; also "
                        "/inspire, /u/NAME, /r/busiest: the page of the restaurant with the "
                        "most demo posts)")
    parser.add_argument("--minutes", type=float, default=10,
                        help="heap: minutes of server events (default 10)")
    parser.add_argument("--scroll-step", type=int, default=400,
                        help="longtasks: px scrolled per animation frame (default 400)")
    args = parser.parse_args()
    parts = [part.strip() for part in args.only.split(",") if part.strip()]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts {sorted(unknown)}; choose from {PARTS}")
    # The page loads the app bundled (Web/dist): bundled from the sources as they are now.
    subprocess.run([str(ROOT / "scripts" / "build-web"), "--bundle-only"], check=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            for part in PARTS:
                if part not in parts:
                    continue
                started = time.monotonic()
                if part == "first-load":
                    first_load(browser)
                elif part == "lcp":
                    lcp(browser, args.runs, paths=args.lcp_paths.split(","))
                elif part == "longtasks":
                    longtasks(browser, args.scroll_step)
                elif part == "heap":
                    heap(browser, args.minutes)
                print(f"  ({part}: {time.monotonic() - started:.0f} s)", file=sys.stderr)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
