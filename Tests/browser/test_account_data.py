"""The account page's "Download your data" and "Delete your account" against a real `lots serve`.

Download: "Prepare my data" builds the archive in the background; the page says so, asks again
by itself, then offers the zip (its size, until when), which holds lots-data.json with the
person's posts and photos/ with their originals; the page opens on an archive already asked
for; no one else can fetch it. The page's own behaviour on a slow build, a failed one and a
lost network is checked against answers the test gives (the server's build is quicker than a
person can watch). Delete: a wrong password is refused beside the field and nothing goes; the
right one, confirmed in a dialog, signs the page out, takes the person's posts out of other
people's open feeds live, and their name can be neither signed in with nor taken again; the
whole path by keyboard. axe and screenshots at 390 and 1280 px, light and dark.
"""
import json
import re
import time
import urllib.error
import zipfile

import pytest
from playwright.sync_api import expect

from conftest import screenshot, sign_in, watched_page
from lots_server import LotsServer
from test_account import status_of
from test_axe import serious

LONG = 60_000  # a busy two-core machine builds, bundles and tests at once
PASSWORD = "lunch-of-today"


def attempt(server, method, path, body=None, token=None):
    """`(status, JSON body)` of a request the server may refuse."""
    try:
        return 200, server.request(method, path, body, token)
    except urllib.error.HTTPError as refusal:
        text = refusal.read()
        return refusal.code, json.loads(text) if text else None


def ready_archive(server, token):
    """Asks for `token`'s archive and waits until it is ready; returns its status."""
    server.request("POST", "/api/me/export", None, token)
    deadline = time.monotonic() + LONG / 1000
    while True:
        status = server.request("GET", "/api/me/export", None, token)
        if status["state"] == "ready":
            return status
        assert status["state"] == "building", status
        assert time.monotonic() < deadline, "the archive was not ready in time"
        time.sleep(0.5)


def open_account(page, server):
    page.goto(server.url + "/account")
    page.wait_for_selector("#account-delete-password")
    return page.locator("#detail")


def cell(post_id):
    return f"#feed .post:not([hidden]) img[data-post='{post_id}']"


def test_download_your_data(server, browser):
    ana = server.sign_up("ana")
    bowl = server.post(ana, 600, 800, (200, 80, 40), "Pho Real", "Steaming bowl")["id"]
    pair = server.post_photos(ana, [(800, 600, (40, 160, 90)), (500, 500, (60, 70, 200))],
                              ["Rolls", "Miso"], "Sushi Zen", "Two plates")["id"]
    page = watched_page(browser, 1280, 900, console_errors=False)  # a 404 is logged
    sign_in(page, server, "ana")
    account = open_account(page, server)
    section = account.locator("section.account-data")
    expect(section.get_by_role("heading", name="Download your data")).to_be_visible()
    assert "lots-data.json" in section.inner_text() and "photos/" in section.inner_text()
    prepare = section.get_by_role("button", name="Prepare my data")
    expect(section).to_have_attribute("aria-busy", "false", timeout=LONG)  # none yet
    prepare.click()
    link = section.get_by_role("link", name=re.compile(r"^Download your data \(\d"))
    expect(link).to_be_visible(timeout=LONG)
    expect(section.get_by_role("status")).to_have_text("Your archive is ready.")
    expect(section).to_contain_text("Available until")
    expect(prepare).to_be_hidden()
    # The button changed: the focus is on what there is to do now.
    assert page.evaluate("document.activeElement.textContent").startswith("Download your data")
    # A fresh copy asked for within the hour: the same archive, and the page says why.
    fresh = section.get_by_role("button", name="Prepare a fresh copy")
    ready_at = server.request("GET", "/api/me/export", None, ana)["readyAt"]
    fresh.click()
    expect(section.get_by_role("status")).to_contain_text("less than an hour ago", timeout=LONG)
    expect(link).to_be_visible()
    assert server.request("GET", "/api/me/export", None, ana)["readyAt"] == ready_at
    with page.expect_download(timeout=LONG) as info:
        link.click()
    download = info.value
    assert re.fullmatch(r"lots-ana-\d{4}-\d{2}-\d{2}\.zip", download.suggested_filename)
    with zipfile.ZipFile(download.path()) as archive:
        names = archive.namelist()
        data = json.loads(archive.read("lots-data.json"))
        photos = [name for name in names if name.startswith("photos/") and not name.endswith("/")]
        assert all(archive.read(name) for name in photos)
    assert {post["id"] for post in data["posts"]} == {bowl, pair}
    assert len(photos) == 3, names
    for post_id, count in [(bowl, 1), (pair, 2)]:
        assert len([n for n in photos if re.match(rf"photos/{post_id}\D", n)]) == count, names
    # Opened again, the page shows the archive as it is, without asking for another.
    page.reload()
    account = open_account(page, server)
    expect(account.get_by_role("link", name=re.compile(r"^Download your data \("))).to_be_visible(
        timeout=LONG)
    expect(account.get_by_role("button", name="Prepare my data")).to_be_hidden()
    # Ana's archive is hers alone: another person (and a visitor) finds none there.
    url = server.request("GET", "/api/me/export", None, ana)["url"]
    ben = watched_page(browser, 1280, 900, console_errors=False)
    server.sign_up("ben")
    sign_in(ben, server, "ben")
    assert status_of(ben, url) == 404
    assert status_of(ben, "/api/me/export/archive") == 404
    assert status_of(ben, "/api/me/export") == 204  # none of hers, and none of his
    visitor = watched_page(browser, 1280, 900, console_errors=False)
    visitor.goto(server.url + "/")
    assert status_of(visitor, "/api/me/export/archive") in (401, 404)
    assert status_of(page, url) == 200
    assert page.errors == [] and ben.errors == [] and visitor.errors == []
    assert page.evaluate("window.cspViolations") == []
    for each in (page, ben, visitor):
        each.context.close()


def test_a_slow_build_a_failed_one_and_a_lost_network(server, browser):
    """The page's side alone: the test answers for the server, in the order it chooses."""
    server.sign_up("cam")
    page = watched_page(browser, 390, 844, console_errors=False, service_workers="block")
    sign_in(page, server, "cam")
    asked = []
    answers = {"GET": ["offline"], "POST": []}
    building = {"state": "building", "requestedAt": "2026-11-27T12:00:00Z"}
    ready = {"state": "ready", "requestedAt": "2026-11-27T12:00:00Z", "bytes": 2_412_345,
             "readyAt": "2026-11-27T12:00:05Z", "expiresAt": "2099-01-01T12:00:00Z",
             "url": "/api/me/export/archive"}

    def answer(route):
        method = route.request.method
        asked.append((method, time.monotonic()))
        queue = answers[method]
        said = queue.pop(0) if len(queue) > 1 else queue[0]
        if said == "offline":
            return route.abort("internetdisconnected")
        route.fulfill(status=202 if method == "POST" else 200, json=said)

    page.route("**/api/me/export", answer)
    section = open_account(page, server).locator("section.account-data")
    # A lost network: said, and the button tries again.
    expect(section.get_by_role("alert")).to_contain_text("The server cannot be reached",
                                                         timeout=LONG)
    again = section.get_by_role("button", name="Try again")
    expect(again).to_be_visible()
    # Then a build that takes a while: the status line, the button held, asked again and again.
    answers["POST"] = [building]
    answers["GET"] = [building, building, {"state": "failed",
                                           "requestedAt": "2026-11-27T12:00:00Z"}]
    asked.clear()
    again.click()
    expect(section.get_by_role("status")).to_have_text("Preparing your archive…")
    expect(section.get_by_role("button", name="Prepare my data")).to_have_attribute(
        "aria-disabled", "true")
    section.scroll_into_view_if_needed()
    screenshot(page, "account-data-building-390-light")
    # The build failed: said, and the button tries again.
    expect(section.get_by_role("alert")).to_have_text(
        "Your archive could not be prepared. Try again.", timeout=LONG)
    gets = [at for method, at in asked if method == "GET"]
    assert len(gets) == 3, asked
    # 2 s, then 4 s between asks (1 s after the first: at least; a busy machine takes longer).
    assert gets[1] - gets[0] >= 1.5 and gets[2] - gets[1] >= 1.5, gets
    answers["GET"] = [ready]
    again.click()
    link = section.get_by_role("link", name="Download your data (2.4 MB)")
    expect(link).to_be_visible(timeout=LONG)
    assert link.get_attribute("href") == "/api/me/export/archive"
    assert link.get_attribute("download") == ""
    expect(section.locator("[role=alert]")).to_be_empty()
    # Left while it builds, the page stops asking.
    answers["POST"] = [building]
    answers["GET"] = [building]
    page.goto(server.url + "/account")
    expect(page.locator("section.account-data").get_by_role("status")).to_have_text(
        "Preparing your archive…", timeout=LONG)
    page.get_by_role("button", name="Back").click()
    page.wait_for_selector("#detail", state="hidden")
    count = len(asked)
    page.wait_for_timeout(3500)  # past the next two asks, had the page stayed
    assert len(asked) == count, asked[count:]
    assert page.errors == []
    page.context.close()


def test_deleting_the_account(server, browser):
    ana = server.sign_up("ana")
    ben = server.sign_up("ben")
    post = server.post(ana, 600, 800, (200, 80, 40), "Pho Real", "Steaming bowl")["id"]
    kept = server.post(ben, 500, 400, (40, 160, 90), "Sushi Zen", "")["id"]
    server.request("PUT", f"/api/posts/{kept}/like", None, ana)
    # Ben follows Main in another browser: Ana's post is in it.
    watcher = watched_page(browser, 1280, 900, console_errors=False)
    sign_in(watcher, server, "ben")
    watcher.wait_for_selector(cell(post))
    watcher.evaluate("window.notReloaded = true")
    page = watched_page(browser, 1280, 900, "dark", console_errors=False)  # 403, 401 logged
    sign_in(page, server, "ana")
    account = open_account(page, server)
    form = account.locator("form.account-delete")
    # What goes, said before anything is asked.
    for said in ["takes away, for good", "your posts and their photos",
                 "your likes, comments and lists", "your print orders, their files and your "
                 "credits", "signed out on every device", "Reports you made stay with the "
                 "moderators, without your name", "@ana for 30 days", "cannot be undone"]:
        assert said in form.inner_text(), said
    dialog = page.get_by_role("dialog", name="Delete @ana?")

    def delete(password):
        form.get_by_label("Your password").fill(password)
        form.get_by_role("button", name="Delete my account…").click()
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="Delete my account").click()
        expect(dialog).to_be_hidden()

    # Nothing typed: said beside the field, no dialog.
    form.get_by_role("button", name="Delete my account…").click()
    expect(page.locator("#account-delete-password-error")).to_have_text("Enter your password.")
    expect(dialog).to_be_hidden()
    # A wrong password: refused beside the field, with the focus there; nothing goes.
    delete("not my password")
    error = page.locator("#account-delete-password-error")
    expect(error).to_have_text("The password is incorrect.", timeout=LONG)
    expect(form.get_by_label("Your password")).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("document.activeElement.id") == "account-delete-password"
    screenshot(page, "account-delete-refused-1280-dark")
    assert status_of(page, "/api/me") == 200
    assert attempt(server, "GET", f"/api/posts/{post}")[0] == 200
    # The right one: signed out, and told so.
    delete(PASSWORD)
    page.wait_for_selector("#detail", state="hidden", timeout=LONG)
    assert page.evaluate("location.pathname") == "/"
    expect(page.locator("#notice")).to_have_text("Your account @ana is deleted.")
    assert page.is_hidden("#who")
    assert status_of(page, "/api/me") == 401
    screenshot(page, "account-deleted-1280-dark")
    # Ben's open feed loses Ana's post live; his own stays, and its like is gone.
    expect(watcher.locator(cell(post))).to_have_count(0, timeout=LONG)
    expect(watcher.locator(cell(kept))).to_have_count(1)
    assert watcher.evaluate("window.notReloaded") is True
    assert attempt(server, "GET", f"/api/posts/{post}")[0] == 404
    assert server.request("GET", f"/api/posts/{kept}")["likeCount"] == 0
    # Ana's name no longer signs in, and no one can take it.
    page.fill("#session input[name=username]", "ana")
    page.fill("#session input[name=password]", PASSWORD)
    page.click("#session button[value=in]")
    expect(page.locator("#session-error")).not_to_be_empty(timeout=LONG)
    assert page.is_hidden("#who")
    code, body = attempt(server, "POST", "/api/sessions", {"username": "ana",
                                                           "password": PASSWORD})
    assert code == 401, body
    code, body = attempt(server, "POST", "/api/accounts", {"username": "ana",
                                                           "password": "another password"})
    assert code == 409, body
    assert "ana" in body["error"]["message"] and "deleted" in body["error"]["message"], body
    page.goto(server.url + "/signup")
    page.fill("#gate-username", "Ana")
    page.fill("#gate-password", "another password")
    page.press("#gate-password", "Enter")
    expect(page.locator("#gate-username-error")).to_contain_text("deleted", timeout=LONG)
    assert page.errors == [] and watcher.errors == []
    assert page.evaluate("window.cspViolations") == []
    page.context.close()
    watcher.context.close()


def test_deleting_by_keyboard_alone(server, browser):
    server.sign_up("cara")
    page = watched_page(browser, 390, 844, console_errors=False)
    sign_in(page, server, "cara")
    open_account(page, server)
    button = page.get_by_role("button", name="Delete my account…")
    dialog = page.get_by_role("dialog", name="Delete @cara?")
    page.focus("#account-delete-password")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    # The safe choice has the focus; Escape keeps the account, and the focus goes back.
    expect(dialog.get_by_role("button", name="Keep my account")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    assert status_of(page, "/api/me") == 200
    # "Keep my account" by Enter: the same.
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    # Then Tab to "Delete my account", Enter: deleted, signed out, the focus on the page.
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Delete my account")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail", state="hidden", timeout=LONG)
    page.wait_for_selector("#gate-links:not([hidden])")
    assert page.evaluate("document.activeElement !== document.body")
    assert status_of(page, "/api/me") == 401
    assert page.errors == []
    page.context.close()


@pytest.fixture(scope="module")
def dana():
    """A server where dana has a post and a ready archive."""
    server = LotsServer().start()
    try:
        token = server.sign_up("dana")
        server.post(token, 600, 800, (200, 80, 40), "Pho Real", "Steaming bowl")
        ready_archive(server, token)
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "light"),
                                          (1280, "dark")])
def test_the_sections_are_axe_clean_on_a_phone_and_a_desktop(dana, browser, width, scheme):
    page = watched_page(browser, width, 844 if width < 600 else 900, scheme)
    sign_in(page, dana, "dana")
    account = open_account(page, dana)
    expect(account.get_by_role("link", name=re.compile(r"^Download your data \("))).to_be_visible(
        timeout=LONG)
    page.wait_for_timeout(300)  # the page's stylesheet in
    assert page.evaluate("document.getElementById('detail').scrollWidth") <= width
    # Both sections in sight where they fit (a desktop); on a phone, each in turn.
    page.evaluate("document.querySelector('#detail .account-data h3').scrollIntoView()")
    screenshot(page, f"account-data-{width}-{scheme}")
    if width < 600:
        page.locator("#detail form.account-delete button.delete").evaluate(
            "(button) => button.scrollIntoView({block: 'end'})")
        screenshot(page, f"account-delete-{width}-{scheme}")
    link = page.locator("#detail .export-ready a").bounding_box()
    button = page.locator("#detail form.account-delete button.delete").bounding_box()
    assert link["height"] >= 44 and button["height"] >= 44
    assert serious(page) == []
    page.fill("#account-delete-password", "not yet")
    page.click("#detail form.account-delete button.delete")
    expect(page.get_by_role("dialog", name="Delete @dana?")).to_be_visible()
    page.wait_for_timeout(300)
    screenshot(page, f"account-delete-dialog-{width}-{scheme}")
    assert serious(page) == []
    page.keyboard.press("Escape")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []
    page.context.close()
