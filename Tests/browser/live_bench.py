#!/usr/bin/env python3
"""The live benchmarks of issue 13, in Debian's headless chromium against a real `lots serve`
(release build by default; rate limits off, 127.0.0.1 only, every loop bounded):

1. Like latency: a like sent through the API until the count changes in another browser's DOM,
   over 100 likes (p50, p99, max). Measured from the moment the request is sent (an upper
   bound: it includes the request's own commit) and from the moment its response arrives.
2. Drift: the article at the top of the viewport, scrolled down, while 100 live events (likes,
   deletes, new posts) land above it; its screen position is sampled every animation frame,
   so a jump that is later corrected counts too.

    python3 Tests/browser/live_bench.py [--binary App/.build/release/lots] [--seed N]
"""
import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lots_server import ROOT, LotsServer  # noqa: E402

CHROMIUM = os.environ.get("LOTS_CHROMIUM", "/usr/bin/chromium")
CELLS = "[...document.querySelectorAll('.post:not([hidden])')]"

# Resolves with the wall-clock time (ms) at which the post with this restaurant shows `count`
# likes in the DOM (a MutationObserver fires right after the change, before paint).
WAIT_COUNT = """([restaurant, count]) => {
  const shows = () => [...document.querySelectorAll('.post:not([hidden])')].some((c) =>
    c.querySelector('.caption b')?.textContent === restaurant
    && c.querySelector('.meta')?.textContent.startsWith(`♥ ${count} `));
  window.pending = new Promise((resolve) => {
    const done = () => resolve(performance.timeOrigin + performance.now());
    if (shows()) return done();
    const observer = new MutationObserver(() => {
      if (shows()) { observer.disconnect(); done(); }
    });
    observer.observe(document.getElementById('feed'),
      { subtree: true, childList: true, characterData: true });
    setTimeout(() => { observer.disconnect(); resolve(null); }, 10000);
  });
  return true;
}"""

# Samples, every animation frame, how far the article that was at the top of the viewport when
# `window.markTop()` was last called has moved on screen; `window.stopSampling()` returns the
# largest moves. (In a waterfall a delete above reflows the columns, so which article is at the
# top changes from one event to the next: each event is measured against the article at the
# top just before it.)
SAMPLE_TOP = """() => {
  const scroller = document.querySelector('.cv-scroller');
  const nameOf = (cell) => cell.querySelector('.caption b')?.textContent;
  const result = { frames: 0, lost: 0, maxDy: 0, maxDx: 0, anchors: new Set() };
  let mark = null;
  let sinceMark = 0;
  // Returns the largest |Δy| since the previous mark: the drift of the previous event.
  window.markTop = () => {
    const previous = sinceMark;
    sinceMark = 0;
    // The frames the view set (exact; offsetTop rounds to whole pixels, and two columns' tops
    // within a pixel of each other would make "the top article" ambiguous).
    const frame = (c) => ["top", "left", "height"].map((k) => parseFloat(c.style[k]));
    const cell = CELLS.filter((c) => frame(c)[0] + frame(c)[2] > scroller.scrollTop)
      .sort((a, b) => frame(a)[0] - frame(b)[0] || frame(a)[1] - frame(b)[1])[0];
    const box = cell.getBoundingClientRect();
    mark = { name: nameOf(cell), top: box.top, left: box.left };
    result.anchors.add(mark.name);
    return previous;
  };
  let running = true;
  const step = () => {
    if (!running) return;
    if (mark) {
      const cell = CELLS.find((c) => nameOf(c) === mark.name);
      result.frames++;
      if (!cell) result.lost++;
      else {
        const box = cell.getBoundingClientRect();
        result.maxDy = Math.max(result.maxDy, Math.abs(box.top - mark.top));
        sinceMark = Math.max(sinceMark, Math.abs(box.top - mark.top));
        result.maxDx = Math.max(result.maxDx, Math.abs(box.left - mark.left));
      }
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  window.stopSampling = () => {
    running = false;
    return { ...result, anchors: result.anchors.size };
  };
  return true;
}""".replace("CELLS", CELLS)


# The index of the first visible post, by the frames the view set (as the app's own rule).
FIRST_VISIBLE = """() => {
  const s = document.querySelector('.cv-scroller');
  return Math.min(...CELLS
    .filter((c) => parseFloat(c.style.top) + parseFloat(c.style.height) > s.scrollTop)
    .map((c) => Number(c.dataset.item)));
}""".replace("CELLS", CELLS)


def feed_head(server, count):
    """The first `count` posts of the public feed, paging as the app does."""
    items, cursor = [], None
    while len(items) < count:
        query = "/api/feed?limit=50" + (f"&cursor={cursor}" if cursor else "")
        page = server.request("GET", query)
        items += page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            break
    return items[:count]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def open_home(browser, server, width, height):
    # CSP bypassed for the benchmark's own probes only (wait_for_function evaluates strings).
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]", timeout=30000)
    page.wait_for_function("document.getElementById('live').textContent.includes('Live')",
                           timeout=30000)
    return page


def like_latency(browser, server, rng, likes=100):
    cook = server.sign_up("cook")
    names = [f"Latency {i}" for i in range(10)]
    posts = [server.post(cook, 400, 300 + 20 * i, (40 + 20 * i, 90, 60), name, "")["id"]
             for i, name in enumerate(names)]
    fans = [server.sign_up(f"fan{i}") for i in range(4)]
    page = open_home(browser, server, 1200, 900)
    counts = {post: 0 for post in posts}
    liked = set()
    from_send, from_ack = [], []
    for n in range(likes):
        index = n % len(posts)  # each post again only after nine others: past coalescing
        post, fan = posts[index], fans[(n // len(posts)) % len(fans)]
        unlike = (post, fan) in liked
        counts[post] += -1 if unlike else 1
        page.evaluate(WAIT_COUNT, [names[index], counts[post]])
        sent = time.time() * 1000
        server.request("DELETE" if unlike else "PUT", f"/api/posts/{post}/like", token=fan)
        acked = time.time() * 1000
        (liked.discard if unlike else liked.add)((post, fan))
        shown = page.evaluate("window.pending")
        if shown is None:
            raise RuntimeError(f"like {n} never showed")
        from_send.append(shown - sent)
        from_ack.append(shown - acked)
        time.sleep(rng.uniform(0.05, 0.15))
    page.close()
    return from_send, from_ack


def drift(browser, server, rng, width, height, events=100):
    authors = [server.sign_up(f"author{width}x{i}") for i in range(4)]
    fan = server.sign_up(f"driftfan{width}")
    owner = {}
    for i in range(160):
        post = server.post(authors[i % 4], 400 + 37 * (i % 7), 300 + 53 * (i % 5),
                           (30 + i % 200, 120, 90), f"Drift {width} {i}", "")
        owner[post["id"]] = authors[i % 4]
    page = open_home(browser, server, width, height)
    # Scroll down in steps so that pages load, to about the 60th post.
    for _ in range(40):
        page.evaluate("document.querySelector('.cv-scroller').scrollTop += 400")
        page.wait_for_timeout(150)
        if page.evaluate(FIRST_VISIBLE) >= 60:
            break
    page.wait_for_timeout(500)
    first = page.evaluate(FIRST_VISIBLE)
    page.evaluate(SAMPLE_TOP)
    kinds = {"like": 0, "delete": 0, "insert": 0}
    worst = {"like": 0, "delete": 0, "insert": 0}
    held = set()  # new posts wait behind the button: not in the page's list
    kind = None
    for n in range(events + 1):
        # The previous event's animations end first: a cell mid-slide is not a place to keep.
        page.wait_for_function("document.getAnimations().length === 0", timeout=5000)
        previous = page.evaluate("window.markTop()")
        if kind:
            worst[kind] = max(worst[kind], previous)
        if n == events:
            break
        # The posts above the top article now (a reflow can bring another article to the top).
        top = page.evaluate(FIRST_VISIBLE)
        shown = [p["id"] for p in feed_head(server, top + len(held)) if p["id"] not in held]
        above = shown[:top]
        kind = rng.choice(["like", "delete", "insert"]) if len(above) > 5 else "insert"
        kinds[kind] += 1
        if kind == "like":
            post = rng.choice(above)
            server.request("PUT", f"/api/posts/{post}/like", token=fan)
        elif kind == "delete":
            post = rng.choice(above)
            server.request("DELETE", f"/api/posts/{post}", token=owner[post])
        else:
            held.add(server.post(rng.choice(authors), 500, 400, (200, 40, 40),
                                 f"New {width} {n}", "")["id"])
        time.sleep(rng.uniform(0.1, 0.2))
    result = page.evaluate("window.stopSampling()")
    result.update(kinds, first=first, newButton=page.text_content("#new-posts"), worst=worst)
    page.close()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "App" / ".build" / "release" / "lots"))
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    args = parser.parse_args()
    print(f"seed {args.seed}")
    os.environ["LOTS_BIN"] = args.binary
    rng = random.Random(args.seed)
    from playwright.sync_api import sync_playwright

    server = LotsServer("--no-rate-limits").start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            print(f"chromium {browser.version}, server {args.binary}")
            sent, acked = like_latency(browser, server, rng)
            for label, values in [("from request sent", sent), ("from response", acked)]:
                print(f"like → DOM {label}: p50 {statistics.median(values):.1f} ms, "
                      f"p99 {percentile(values, 99):.1f} ms, max {max(values):.1f} ms "
                      f"({len(values)} likes)")
            for width, height in [(1200, 900), (390, 844)]:
                r = drift(browser, server, rng, width, height)
                print(f"drift at {width}×{height}, from item {r['first']}: max |Δy| "
                      f"{r['maxDy']:.2f} px, max |Δx| {r['maxDx']:.2f} px over {r['frames']} "
                      f"frames ({r['lost']} without the article, {r['anchors']} articles were at "
                      f"the top in turn); events: {r['like']} likes, {r['delete']} deletes, "
                      f"{r['insert']} new posts ('{r['newButton']}'); worst |Δy| by kind "
                      f"{r['worst']}")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
