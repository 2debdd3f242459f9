"""The LOTs home page against a real `lots serve`: posts made through the API appear in the
waterfall, laid out by the engine, with their photos served by the server."""
import pytest

from conftest import ARTIFACTS, carried_posts, screenshot
from lots_server import LotsServer, seeded_server


@pytest.fixture(scope="module")
def server():
    yield from seeded_server()


def test_home_shows_the_feed_in_a_waterfall(server, page):
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    posts = page.locator(".post")
    assert posts.count() == 3
    # Newest first: the last post made is the first cell.
    assert "Curry Up" in posts.nth(0).inner_text()
    images = page.locator(".post img")
    for i in range(3):
        assert images.nth(i).get_attribute("src").startswith("/images/")
    page.wait_for_function(
        "[...document.querySelectorAll('.post img')].every((i) => i.complete && i.naturalWidth)")
    # Two columns side by side, heights following each photo's aspect ratio.
    boxes = [posts.nth(i).bounding_box() for i in range(3)]
    assert boxes[0]["x"] != boxes[1]["x"]
    widths = {round(box["width"]) for box in boxes}
    assert len(widths) == 1
    photo_heights = [posts.nth(i).locator("img").bounding_box()["height"] for i in range(3)]
    width = boxes[0]["width"]
    assert abs(photo_heights[0] - width) < 2            # 600 × 600
    assert abs(photo_heights[1] - width * 0.75) < 2     # 800 × 600
    assert abs(photo_heights[2] - width * 4 / 3) < 2    # 600 × 800
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "home-feed.png"))


def test_inspire_tab_shows_the_mosaic(server, page):
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.click("text=Inspire")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    boxes = [page.locator(".post").nth(i).bounding_box() for i in range(page.locator(".post").count())]
    assert len(boxes) == 3
    big = max(boxes, key=lambda box: box["width"])
    small = min(boxes, key=lambda box: box["width"])
    assert abs(big["width"] - (2 * small["width"] + 10)) < 2   # the 2×2 cell of the mosaic
    page.screenshot(path=str(ARTIFACTS / "home-inspire.png"))


# Counts calls into the engine's exports: the page's engine.js is loaded as it is, and sees a
# copy of the exports whose functions count before they call the real ones.
COUNT_ENGINE_CALLS = """
window.engineCalls = {};
const instantiate = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (...args) => {
  const { module, instance } = await instantiate(...args);
  const exports = {};
  for (const [name, value] of Object.entries(instance.exports)) {
    exports[name] = typeof value !== "function" ? value : (...a) => {
      engineCalls[name] = (engineCalls[name] ?? 0) + 1;
      return value(...a);
    };
  }
  return { module, instance: { exports } };
};
"""

# Every rendered post against a fresh prepare of the whole feed, at the view's size and column
# count (read from the cells), by the same engine.
COMPARE_WITH_FRESH_PREPARE = """async () => {
  const { loadEngine } = await import("/toolkit/engine.js");
  const engine = await loadEngine();
  const posts = (await (await fetch("/api/feed?limit=100")).json()).items;
  const scroller = document.querySelector(".cv-scroller");
  const cells = [...document.querySelectorAll(".post:not([hidden])")];
  const columnCount = new Set(cells.map((cell) => cell.style.left)).size;
  // The caption's height, which the list gives its layout and its style.
  const extraHeight = parseFloat(document.getElementById("feed").style.getPropertyValue("--caption-height"));
  const layout = engine.layout({ kind: "waterfall", columnCount, extraHeight }).prepare({
    viewport: { width: scroller.clientWidth, height: scroller.clientHeight },
    displayScale: devicePixelRatio || 1,
    sections: [{ items: posts.map((p) => ({ width: p.photo.width, height: p.photo.height })) }],
  });
  const mismatches = [];
  for (const cell of cells) {
    const { x, y, width, height } = layout.element("cell", 0, Number(cell.dataset.item)).frame;
    const shown = [cell.style.left, cell.style.top, cell.style.width, cell.style.height];
    if (shown.join() !== [x, y, width, height].map((v) => `${v}px`).join()) {
      mismatches.push({ item: cell.dataset.item, shown, expected: [x, y, width, height] });
    }
  }
  return { cells: cells.length, posts: posts.length, columnCount,
    contentHeight: [document.querySelector(".cv-content").style.height, `${layout.contentSize.height}px`],
    mismatches };
}"""


@pytest.fixture(scope="module")
def long_feed():
    """45 posts: more than the app's first page of 40 (three cooks, within the posting limit)."""
    server = LotsServer().start()
    try:
        for cook in range(3):
            token = server.sign_up(f"cook{cook}")
            for i in range(15):
                n = cook * 15 + i
                server.post(token, 300 + 60 * (n % 5), 300 + 45 * (n * 3 % 7),
                            (40 + 4 * n, 120, 200 - 3 * n), f"Place {n}", "")
        yield server
    finally:
        server.stop()


def test_home_appends_the_next_page_as_an_engine_update(long_feed, page):
    page.add_init_script(COUNT_ENGINE_CALLS)
    document = page.goto(long_feed.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    # The first screen's posts come with the document, the rest as one scrolls.
    first = carried_posts(document)
    assert 8 <= first < 45
    assert page.inner_text("#status") == f"{first} posts loaded · scroll for more"
    page.evaluate("document.querySelector('.cv-scroller').scrollTop = 1e9")
    # The status changes once the batch update has ended.
    page.wait_for_function("document.getElementById('status').textContent === '45 posts in all'")
    calls = page.evaluate("engineCalls")
    # One prepare for the first page; the second page is one insert of its five items.
    assert calls.get("lots_layout_prepare") == 1, calls
    assert calls.get("lots_layout_insert_items") == 1, calls
    page.evaluate("document.querySelector('.cv-scroller').scrollTop = 1e9")
    result = page.evaluate(COMPARE_WITH_FRESH_PREPARE)
    assert result["posts"] == 45
    assert result["columnCount"] >= 2
    assert result["contentHeight"][0] == result["contentHeight"][1]
    assert any(int(c) >= 40 for c in page.eval_on_selector_all(
        ".post:not([hidden])", "(cells) => cells.map((c) => c.dataset.item)")), "page 2 is shown"
    assert result["mismatches"] == []
    screenshot(page, "home-feed-second-page")
