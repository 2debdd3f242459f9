"""The LOTs home page against a real `lots serve`: posts made through the API appear in the
waterfall, laid out by the engine, with their photos served by the server."""
import pytest

from conftest import ARTIFACTS
from lots_server import LotsServer


@pytest.fixture(scope="module")
def server():
    server = LotsServer().start()
    try:
        token = server.sign_up("tester")
        server.post(token, 600, 800, (200, 80, 40), "Pho Real", "Steaming bowl")
        server.post(token, 800, 600, (40, 160, 90), "Sushi Zen", "")
        server.post(token, 600, 600, (60, 70, 200), "Curry Up", "Extra spicy")
        yield server
    finally:
        server.stop()


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
