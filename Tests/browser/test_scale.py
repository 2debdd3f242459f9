"""Main with 10,000 posts (bulk_posts.py) against a real `lots serve`, 1280×800: scrolled to the
end in steps of two screens (by the scroller's scrollTop), which loads every page, and back to
the top in steps of five, the DOM stays within 3× the cells in view, no viewport is left blank
after a scroll (neither by the layout nor as drawn, while a page's cells animate in), and no page
of the feed is fetched twice; from deep in the list (item ~7000) a post opens over it and Back
returns to the same scroll offset without fetching the feed.

Run with `-s` to see the counts."""
import time
from collections import Counter
from urllib.parse import parse_qs, urlparse

import pytest

from bulk_posts import bulk_server
from conftest import carried_posts, new_page

N = 10_000
PAGE_SIZE = 40

# Scrolls the feed's scroller to `target` (unless null), lets it render (to the end of the
# second animation frame: the view renders in the frame of the scroll event) and, with `settle`,
# waits until no animation runs (a page's new cells fade in for 0.3 s; bounded), then measures in
# content coordinates. A cell is shown when it is not parked (hidden).
# - `visible`: shown cells whose layout frame (the left/top/width/height the view writes from
#   the engine) meets the viewport: the unit of the DOM bound, as the toolkit counts it.
# - `layoutCoverage`: the share of a 32×32 grid of points in the viewport inside a shown cell's
#   layout frame; `coverage` the same where cells are rendered (offsetLeft/Top/Width/Height: a
#   running animation of left/top moves a cell, a fade or scale does not count against it).
#   Below 50 %, the viewport is (partly) blank. At the end of the loaded posts (`atEnd`) the
#   waterfall's columns end raggedly, by up to a post's height, until the next page arrives.
# - `painted`: the same share counting only cells at least half opaque and untransformed
#   (reported, not asserted: cells fading in are meant to be).
STEP = """async ([target, settle]) => {
  const s = document.querySelector('#feed .cv-scroller');
  if (target !== null) s.scrollTop = target;
  // A frame's end: the task after its animation-frame callbacks (the view's render among them,
  // which a scroll event asks for in the same frame), when the DOM is as painted.
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const running = () => document.getAnimations().some((a) => a.playState === 'running');
  await frame();
  await frame();
  if (settle) {
    for (let i = 0; i < 120 && running(); i++) await frame();
    await frame();
  }
  const vp = { left: s.scrollLeft, top: s.scrollTop };
  vp.right = vp.left + s.clientWidth;
  vp.bottom = vp.top + s.clientHeight;
  const meets = (r) => r.right > vp.left && r.left < vp.right && r.bottom > vp.top
    && r.top < vp.bottom;
  const posts = [...document.querySelectorAll('#feed .post')];
  const shown = posts.filter((c) => !c.hidden && getComputedStyle(c).display !== 'none');
  const laidOut = shown.map((c) => {
    const [left, top, width, height] = ['left', 'top', 'width', 'height']
      .map((name) => parseFloat(c.style[name]));
    return [c, { left, top, right: left + width, bottom: top + height }];
  }).filter(([, r]) => meets(r));
  const rendered = shown.map((c) => [c, { left: c.offsetLeft, top: c.offsetTop,
    right: c.offsetLeft + c.offsetWidth, bottom: c.offsetTop + c.offsetHeight }])
    .filter(([, r]) => meets(r));
  const opaque = rendered.filter(([c]) => {
    const style = getComputedStyle(c);
    return Number(style.opacity) >= 0.5 && (style.transform === 'none'
      || /^matrix\\(1, 0, 0, 1,/.test(style.transform));
  });
  const G = 32;
  const share = (cells) => {
    let covered = 0;
    for (let i = 0; i < G; i++) {
      for (let j = 0; j < G; j++) {
        const x = vp.left + (i + 0.5) * (vp.right - vp.left) / G;
        const y = vp.top + (j + 0.5) * (vp.bottom - vp.top) / G;
        if (cells.some(([, r]) => x >= r.left && x < r.right && y >= r.top && y < r.bottom)) {
          covered++;
        }
      }
    }
    return covered / (G * G);
  };
  const items = laidOut.map(([c]) => Number(c.dataset.item));
  const status = document.getElementById('status').textContent;
  return {
    scrollTop: s.scrollTop, scrollHeight: s.scrollHeight, clientHeight: s.clientHeight,
    domPosts: posts.length, domCells: document.querySelectorAll('#feed .cv-cell').length,
    visible: laidOut.length, rendered: rendered.length,
    layoutCoverage: share(laidOut), coverage: share(rendered), painted: share(opaque),
    atEnd: s.scrollTop + s.clientHeight >= s.scrollHeight - 1,
    minItem: items.length ? Math.min(...items) : -1,
    maxItem: items.length ? Math.max(...items) : -1,
    setsize: shown.length ? Number(shown[0].getAttribute('aria-setsize')) : 0,
    status, loaded: parseInt(status, 10) || 0,
    animations: document.getAnimations().filter((a) => a.playState === 'running').length,
  };
}"""

# The item of a cell wholly inside the scroller's viewport (clicking one partly outside would
# scroll it in first), nearest the viewport's centre.
WHOLLY_VISIBLE = """() => {
  const s = document.querySelector('#feed .cv-scroller');
  const view = s.getBoundingClientRect();
  const middle = view.top + s.clientHeight / 2;
  const cells = [...document.querySelectorAll('#feed .post:not([hidden])')].filter((c) => {
    const box = c.getBoundingClientRect();
    return box.top >= view.top && box.bottom <= view.top + s.clientHeight; });
  cells.sort((a, b) => Math.abs(a.getBoundingClientRect().top - middle)
    - Math.abs(b.getBoundingClientRect().top - middle));
  return cells.length ? Number(cells[0].dataset.item) : null;
}"""


@pytest.fixture(scope="module")
def big():
    server = bulk_server(N)
    print(f"\n{N} posts seeded in {server.seed_seconds:.1f} s")
    yield server
    server.stop()


def wait_for(page, expression, timeout=15, message=None):
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        assert time.monotonic() < deadline, message or f"timed out waiting for {expression}"
        page.wait_for_timeout(50)


class Checks:
    """The checks of every measurement, and the worst values seen, for the report.

    After each scroll, asserted at once: a cell in view; the DOM bound (`.post` cells, and all
    cells, at most 3× those laid out in view); away from the end of the loaded posts, the
    layout covering at least half the viewport. The viewport as rendered must be at least half
    covered too: when it is not, it is measured again once every animation has ended; covered
    then, it was blank only while cells animated (recorded in `transient` and asserted at the
    end of the test, so that every other check still runs and reports); still blank, the test
    fails at once."""

    def __init__(self, page):
        self.page = page
        self.steps = 0
        self.max_dom = 0
        self.max_ratio = 0.0
        self.max_visible = 0
        self.min_coverage = 1.0
        self.min_painted = 1.0
        self.min_end_coverage = 1.0
        self.transient = []

    def scroll(self, target, where):
        m = self.page.evaluate(STEP, [target, False])
        self.check(m, where)
        if not m["atEnd"] and m["coverage"] < 0.5:
            settled = self.page.evaluate(STEP, [None, True])
            self.transient.append((where, m, settled))
            self.check(settled, f"{where}, animations ended")
            assert settled["atEnd"] or settled["coverage"] >= 0.5, (
                f"blank viewport {where} once animations ended: only "
                f"{settled['coverage']:.0%} covered by cells: {settled}")
            return settled
        return m

    def check(self, m, where):
        self.steps += 1
        self.max_dom = max(self.max_dom, m["domPosts"])
        self.max_visible = max(self.max_visible, m["visible"])
        assert m["visible"] > 0, f"blank viewport {where}: no cell in view: {m}"
        self.max_ratio = max(self.max_ratio, m["domPosts"] / m["visible"])
        assert m["domPosts"] <= 3 * m["visible"], (
            f"{m['domPosts']} .post cells in the DOM, more than 3× the {m['visible']} in view "
            f"{where}: {m}")
        assert m["domCells"] <= 3 * m["visible"], f"cells beyond 3× those in view {where}: {m}"
        if m["atEnd"]:
            self.min_end_coverage = min(self.min_end_coverage, m["layoutCoverage"])
            return
        self.min_coverage = min(self.min_coverage, m["coverage"])
        self.min_painted = min(self.min_painted, m["painted"])
        assert m["layoutCoverage"] >= 0.5, (
            f"blank viewport {where}: the layout covers only {m['layoutCoverage']:.0%}: {m}")

    def report(self):
        return (f"{self.steps} measurements; most .post cells in the DOM {self.max_dom} (at most "
                f"{self.max_ratio:.2f}× those in view; most in view {self.max_visible}); least "
                f"viewport coverage {self.min_coverage:.0%} as rendered ({self.min_painted:.0%} "
                f"counting only cells painted whole, not fading in), "
                f"{self.min_end_coverage:.0%} at the end of the loaded posts; "
                f"{len(self.transient)} positions blank (< 50 %) until animations ended")

    def transient_report(self):
        lines = [f"{len(self.transient)} scroll positions where the viewport was less than half "
                 "covered by cells as rendered two frames after the scroll, until animations "
                 "ended (cells sliding from elsewhere):"]
        for where, m, settled in self.transient[:8]:
            lines.append(
                f"  {where}: scrollTop {m['scrollTop']:.0f} of {m['scrollHeight']}, "
                f"{m['loaded']} loaded, coverage {m['coverage']:.0%} (layout "
                f"{m['layoutCoverage']:.0%}, painted {m['painted']:.0%}), {m['rendered']} cells "
                f"rendered in view of {m['visible']} laid out there, {m['animations']} "
                f"animations running; after them {settled['coverage']:.0%}")
        return "\n".join(lines)


@pytest.mark.parametrize("width,height,step_down,step_up", [
    (1280, 800, 2.0, 5.0),
])
def test_ten_thousand_posts_to_the_end_and_back(big, browser, width, height, step_down, step_up):
    started = time.monotonic()
    page = new_page(browser, width, height)
    cursors = Counter()

    def requested(request):
        url = urlparse(request.url)
        if url.path == "/api/feed":
            query = parse_qs(url.query)
            assert query.get("limit") == [str(PAGE_SIZE)], request.url
            cursors[query.get("cursor", [None])[0]] += 1
    page.on("request", requested)
    try:
        document = page.goto(big.url + "/")
        page.wait_for_selector("#feed[aria-busy=false] .post")
        check = Checks(page)
        m = check.scroll(None, "at the first load")
        assert m["minItem"] == 0 and m["scrollTop"] == 0, m
        viewport = m["clientHeight"]

        # Down to the end, loading every page on the way.
        loops = 0
        while True:
            loops += 1
            assert loops < 5000 and time.monotonic() - started < 900, (
                f"not at the end after {loops} steps: {m}")
            at_bottom = m["scrollTop"] + m["clientHeight"] >= m["scrollHeight"] - 1
            if at_bottom and m["loaded"] >= N:
                break
            if at_bottom:
                # The next page was asked for when the reader came near the end: it arrives.
                loaded = m["loaded"]
                wait_for(page, "(parseInt(document.getElementById('status').textContent, 10)"
                               f" || 0) > {loaded}",
                         message=f"no page after {loaded} posts at the end of the list: "
                                 f"{m}; /api/feed requests {sum(cursors.values())}")
                m = check.scroll(None, f"at the end ({m['scrollTop']:.0f}) after a page")
                continue
            target = m["scrollTop"] + step_down * viewport
            m = check.scroll(target, f"at {target:.0f} going down")
        assert m["maxItem"] == N - 1, f"the last post is not in view at the end: {m}"
        assert m["loaded"] == N and m["setsize"] == N, m
        assert m["status"].startswith(f"{N} posts"), m
        down = check.steps
        bottom = m["scrollTop"]
        down_seconds = time.monotonic() - started

        # Back up to the top.
        loops = 0
        while m["scrollTop"] > 0:
            loops += 1
            assert loops < 5000 and time.monotonic() - started < 1_200, (
                f"not at the top after {loops} steps: {m}")
            target = max(0, m["scrollTop"] - step_up * viewport)
            m = check.scroll(target, f"at {target:.0f} going up")
        assert m["minItem"] == 0, m

        twice = {cursor: count for cursor, count in cursors.items() if count > 1}
        assert not twice, f"pages fetched more than once (cursor: count): {twice}"
        # The first page (its first screen's posts) comes with the document: every other page
        # once, 40 at a time.
        assert None not in cursors, "the first page was fetched again"
        pages = -(-(N - carried_posts(document)) // PAGE_SIZE)
        assert len(cursors) == pages, (
            f"{len(cursors)} pages fetched for {N} posts, not {pages} and the document's")

        # Deep in the list (item ~7000): a post opens over the list; Back returns to the same
        # offset, fetching nothing.
        deep = 0.7 * m["scrollHeight"]
        m = check.scroll(deep, f"at {deep:.0f}")
        m = page.evaluate(STEP, [None, True])
        assert 6000 < m["minItem"] < 8000, m
        before = m["scrollTop"]
        before_items = (m["minItem"], m["maxItem"])
        item = page.evaluate(WHOLLY_VISIBLE)
        assert item is not None, f"no cell wholly in view: {m}"
        requests_before = sum(cursors.values())
        page.click(f'#feed .post[data-item="{item}"] img')
        page.wait_for_selector("#detail[aria-busy=false] h2")
        opened = int(page.evaluate("location.pathname").split("/")[-1])
        # Ids are 1…N, newest (largest) first.
        assert opened == N - item, f"item {item} opened post {opened}, not {N - item}"
        page.go_back()
        page.wait_for_selector("#detail", state="hidden")
        page.wait_for_timeout(500)
        m = check.scroll(None, "after Back")
        after = m["scrollTop"]
        assert abs(after - before) <= 1, f"Back returned to scrollTop {after}, not {before}"
        assert (m["minItem"], m["maxItem"]) == before_items, (m, before_items)
        assert page.evaluate("location.pathname") == "/"
        assert sum(cursors.values()) == requests_before, (
            f"Back fetched the feed again: {sum(cursors.values()) - requests_before} requests")
        assert page.errors == [], f"errors in the page: {page.errors}"
        print(f"\n{width}×{height}: {len(cursors)} pages (each fetched once), {N} posts; "
              f"{down} positions down to {bottom:.0f} px in {down_seconds:.1f} s, "
              f"{check.steps - down} up and after; {check.report()}; Back to {after:.0f} "
              f"(was {before:.0f}) at item {item}; {time.monotonic() - started:.1f} s")
        if check.transient:
            print(check.transient_report())
        assert not check.transient, check.transient_report()
    finally:
        page.context.close()
