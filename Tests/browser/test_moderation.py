"""The moderators' review page against a real `lots serve`: three fresh accounts' reports reach
the queue without hiding anything; a moderator removes the post with a note by keyboard, it
leaves the queue and every feed, and the audit trail shows it; members and visitors are told
why they cannot review. Under the real Content-Security-Policy, phone and desktop, light and
dark."""
import json
import urllib.error
import urllib.request

import pytest

from conftest import screenshot, sign_in, watched_page


def status(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_moderator_reviews_reports_and_removes_a_post(server, browser):
    server.sign_up("mod")  # the first account moderates
    ana = server.sign_up("ana")
    kept = server.post(ana, 600, 400, (200, 120, 40), "Pho Real", "Steaming bowl")
    spam = server.post(ana, 600, 400, (40, 120, 200), "Buy followers", "cheap likes here")
    for name in ["sock1", "sock2", "sock3"]:
        token = server.sign_up(name)
        server.request("POST", f"/api/posts/{spam['id']}/reports", {"reason": "spam"}, token)
    # Fresh accounts weigh nothing: still shown to everyone.
    assert status(f"{server.url}/api/posts/{spam['id']}") == 200

    page = watched_page(browser, 1280, 900)
    sign_in(page, server, "mod")
    page.get_by_role("link", name="Review queue").click()
    page.wait_for_selector("#review[aria-busy=false]")
    cases = page.locator("#queue .case")
    assert cases.count() == 1
    assert "Buy followers by @ana" in cases.first.locator("h3").inner_text()
    assert cases.first.locator("ul li").count() == 3
    assert "weight 0.00" in cases.first.locator("ul li").first.inner_text()
    screenshot(page, "moderation-1280-light")

    # By keyboard: the note, then Remove.
    page.get_by_label("Note for the audit trail").focus()
    page.keyboard.type("advertising, not lunch")
    page.keyboard.press("Tab")  # Restore
    page.keyboard.press("Tab")  # Remove
    assert page.evaluate("document.activeElement.textContent") == "Remove"
    page.keyboard.press("Enter")
    page.wait_for_selector("#queue .case", state="detached")
    assert "Removed the post from Buy followers by @ana" in page.inner_text("#decided")
    first_row = page.locator("#log tbody tr").first.inner_text()
    assert "Removed" in first_row and "@mod" in first_row and "advertising, not lunch" in first_row
    for token in [None, ana]:
        request = urllib.request.Request(f"{server.url}/api/posts/{spam['id']}")
        if token:
            request.add_header("authorization", f"Bearer {token}")
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("a removed post is still served")
        except urllib.error.HTTPError as error:
            assert error.code == 404
    with urllib.request.urlopen(f"{server.url}/api/feed", timeout=10) as response:
        assert [post["id"] for post in json.load(response)["items"]] == [kept["id"]]
    assert page.evaluate("window.cspViolations") == []
    assert page.errors == []


def test_members_and_visitors_are_told_why_they_cannot_review(server, browser):
    server.sign_up("mod")
    server.sign_up("ana")
    page = watched_page(browser, 390, 844, "dark")
    page.goto(server.url + "/moderation/")
    page.wait_for_selector("#gate:not([hidden])")
    assert "Sign in on the home page" in page.inner_text("#gate")
    sign_in(page, server, "ana")
    assert page.get_by_role("link", name="Review queue").is_hidden()
    page.goto(server.url + "/moderation/")
    page.wait_for_selector("#gate:not([hidden])")
    assert "Only moderators may review reports." in page.inner_text("#gate")
    assert page.evaluate("window.cspViolations") == []


@pytest.mark.parametrize("width,height,scheme", [
    (390, 844, "light"), (390, 844, "dark"), (1280, 900, "dark")])
def test_the_queue_at_phone_and_desktop_width_light_and_dark(server, browser, width, height,
                                                             scheme):
    server.sign_up("mod")
    ana = server.sign_up("ana")
    post = server.post(ana, 500, 700, (150, 90, 60), "Curry Up", "Extra spicy")
    server.request("POST", f"/api/posts/{post['id']}/reports", {"reason": "not food"},
                   server.sign_up("bob"))
    page = watched_page(browser, width, height, scheme)
    sign_in(page, server, "mod")
    page.goto(server.url + "/moderation/")
    page.wait_for_selector("#queue .case")
    # Nothing wider than the screen; every button a 44 px target.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    sizes = page.evaluate("[...document.querySelectorAll('#queue button')]"
                          ".map((b) => [b.offsetWidth, b.offsetHeight])")
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes)
    screenshot(page, f"moderation-{width}-{scheme}")
    assert page.evaluate("window.cspViolations") == []
