"""A newcomer's first minute on `lots serve --demo`: the page is there at once, says it is a
demo (whom to sign in as, who moderates) and how far the demo photos are, the posts arrive in
the feed while they look, and the demo's moderator is its seeded account, not the visitor."""
import json
import urllib.request
from pathlib import Path

import pytest

from conftest import new_page, screenshot, sign_in_with_form
from lots_server import LotsServer

POSTS = 40


@pytest.fixture(scope="module")
def demo():
    server = LotsServer("--demo", "--demo-posts", str(POSTS)).start()
    try:
        yield server
    finally:
        server.stop()


def demo_info(server):
    with urllib.request.urlopen(server.url + "/api/demo", timeout=30) as response:
        return json.loads(response.read())


def password(server):
    """The demo accounts' password: the last word of data/demo-password.txt."""
    return (Path(server.data) / "demo-password.txt").read_text().split()[-1]


def test_the_page_says_it_is_a_demo_and_how_far_its_photos_are(demo, browser):
    info = demo_info(demo)
    assert info["moderator"] == "ana" and info["postsTotal"] == POSTS
    # Photos take at least a tenth of a second each (debug build, two cores): with five or
    # more still to draw, the page must find them being prepared.
    preparing = info["postsReady"] <= POSTS - 5
    page = new_page(browser, 390, 844)
    page.goto(demo.url + "/")
    banner = page.locator("#demo")
    banner.wait_for()
    assert "ana (moderator)" in banner.inner_text()
    assert "demo-password.txt" in banner.inner_text()
    if preparing:
        assert "Preparing demo photos" in banner.inner_text()
        screenshot(page, "demo-preparing-390")
    # The posts arrive while the visitor looks, and the note says when all are there.
    page.wait_for_function(
        f"document.getElementById('demo').textContent.includes('All {POSTS} demo photos')",
        timeout=600_000)
    assert demo_info(demo)["postsReady"] == POSTS
    page.wait_for_function("document.querySelectorAll('#feed .post').length > 0")
    # On a phone the note is short enough to leave the first photos on screen.
    first = page.locator("#feed .post").first.bounding_box()
    assert first["y"] < 844 * 0.6, first
    screenshot(page, "demo-ready-390")
    # Hide is remembered.
    page.get_by_role("button", name="Hide the demo note").click()
    assert banner.is_hidden()
    with page.expect_response(lambda response: response.url.endswith("/api/demo")):
        page.reload()
    page.wait_for_selector("#demo", state="attached")
    assert page.locator("#demo").is_hidden()
    assert not page.errors, page.errors
    page.close()


def test_the_seeded_account_moderates_and_a_visitor_does_not(demo, browser):
    page = new_page(browser, 1280, 800)
    sign_in_with_form(page, demo, "ana", password(demo))
    page.get_by_role("link", name="Review queue").wait_for()
    page.close()
    visitor = new_page(browser, 1280, 800)
    visitor.goto(demo.url + "/")
    visitor.fill("#session input[name=username]", "visitor")
    visitor.fill("#session input[name=password]", "lunch-of-today")
    visitor.click("#session button[value=up]")
    visitor.wait_for_selector("#who:not([hidden])")
    assert visitor.get_by_role("link", name="Review queue").is_hidden()
    assert "moderates" not in visitor.locator("#notice").inner_text()
    visitor.close()
