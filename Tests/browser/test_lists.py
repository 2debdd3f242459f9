"""Pocket lists (issue 26) against a real `lots serve`: two browser contexts are two devices of
one account. Save from the feed into a new list and see it on the other device without a
reload; unsave from the dialog; "Saved in" on a post's page; reorder by mouse and by keyboard
alone (checked through the API's order and on the other device), a refused move put back;
share the link and open it signed out (read-only), stop sharing (Not found); rename and
delete; a post deleted by its author leaves the open list; offline, a save says it could not;
axe on every list page (phone and desktop, light and dark). Found by accessible names and
roles; every wait is a hang guard, never a deadline."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import screenshot, sign_in, watched_page
from test_pages import wait_until

AXE = Axe()
CELLS = ("[...document.querySelectorAll('#pocket .post:not([hidden])')]"
         ".sort((a, b) => a.dataset.item - b.dataset.item)")
LIVE = "document.querySelector('#pocket .cv-live').textContent"


def settle(page, expression):
    """Waits for what the server or the stream brings: a hang guard, not a deadline."""
    wait_until(page, expression, timeout=60)


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def names(page):
    """The restaurants of the list's cells, in the order shown."""
    return page.evaluate(f"{CELLS}.map((c) => c.querySelector('.restaurant').textContent)")


def api_names(server, token, list_id):
    items = server.request("GET", f"/api/lists/{list_id}?limit=100", None, token)["items"]
    return [item["post"]["restaurant"] if "post" in item else item["restaurant"]["name"]
            for item in items]


def lists_of(server, token):
    return {item["name"]: item for item in server.request("GET", "/api/me/lists", None,
                                                          token)["items"]}


def device(browser, server, width=1280, height=800, scheme="light"):
    page = watched_page(browser, width, height, scheme)
    page.on("dialog", lambda dialog: dialog.accept())
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false]")
    return page


def open_list(page, server, list_id):
    page.goto(f"{server.url}/lists/{list_id}")
    page.wait_for_selector("#pocket[aria-busy=false] #pocket-title")


@pytest.fixture
def kitchen(server):
    """A cook's five posts and a fan (whose devices the tests are)."""
    cook = server.sign_up("cook")
    fan = server.sign_up("fan")
    posts = [server.post(cook, 500 + 40 * i, 400 + 30 * i, (150, 90 + 20 * i, 60),
                         f"Place {i}", f"Dish {i}")["id"] for i in range(5)]
    return server, cook, fan, posts


def saved_list(server, fan, posts, name="Date night"):
    """A list holding the posts, saved in order (the last saved is first)."""
    made = server.request("POST", "/api/me/lists", {"name": name}, fan)
    for post in posts:
        server.request("POST", f"/api/lists/{made['id']}/entries", {"postId": post}, fan)
    return made["id"]


# 1. One tap saves into Want to try; Change makes a new list; the other device sees both.
@pytest.mark.parametrize("width,height,scheme", [(1280, 800, "light"), (390, 844, "dark")])
def test_save_from_the_feed_into_a_new_list_seen_on_the_other_device(kitchen, browser, width,
                                                                      height, scheme):
    server, _, fan, posts = kitchen
    phone = device(browser, server, width, height, scheme)
    other = device(browser, server, 1280, 800, "light")
    other.get_by_role("link", name="Lists").click()
    other.wait_for_selector("#pocket[aria-busy=false] .list-card")
    assert other.get_by_role("link", name="Want to try, 0 places").is_visible()
    assert other.title() == "Your lists · LOTs"

    save = phone.get_by_role("button", name="Save Place 2 by @cook")
    assert save.get_attribute("aria-pressed") == "false"
    save.click()
    settle(phone, "document.getElementById('toast-text').textContent !== ''")
    assert phone.inner_text("#toast-text") == "Saved to Want to try."
    assert save.get_attribute("aria-pressed") == "true"
    screenshot(phone, f"lists-saved-notice-{width}-{scheme}")
    phone.get_by_role("button", name="Change where Place 2 by @cook is saved").click()
    dialog = phone.get_by_role("dialog", name="Save to…")
    dialog.wait_for()
    want = dialog.get_by_role("checkbox", name="Want to try")
    settle(phone, "!!document.querySelector('#save-list-' + "
           f"{lists_of(server, fan)['Want to try']['id']})")
    assert want.is_checked()
    dialog.get_by_role("textbox", name="New list").fill("Date night")
    dialog.get_by_role("button", name="Create").click()
    date = dialog.get_by_role("checkbox", name="Date night")
    date.wait_for()
    settle(phone, "document.querySelector('.save-status').textContent === 'Saved in Date night.'")
    assert date.is_checked()
    assert phone.inner_text(f"label[for=save-list-{lists_of(server, fan)['Date night']['id']}]"
                            " .save-count") == "1 place"
    dialog.get_by_role("textbox", name="Note").fill("Ask for the crispy one")
    dialog.get_by_role("button", name="Save note").click()
    settle(phone, "document.querySelector('.save-status').textContent === 'Note saved.'")
    screenshot(phone, f"lists-dialog-{width}-{scheme}")
    phone.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert phone.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "Save Place 2 by @cook")

    # The other device: both lists, counted, without a reload.
    other.get_by_role("link", name="Date night, 1 place").wait_for(timeout=60_000)
    other.get_by_role("link", name="Want to try, 1 place").wait_for(timeout=60_000)
    screenshot(other, "lists-index-1280-light")
    other.get_by_role("link", name="Date night, 1 place").click()
    other.wait_for_selector("#pocket[aria-busy=false] #pocket-title")
    wait_for_order(other, ["Place 2"])
    assert "Ask for the crispy one" in other.inner_text("#pocket .entry-note")
    assert other.title() == "Date night · LOTs"

    # Saved again: the dialog at once; unticking Want to try takes it out.
    save.click()
    dialog.wait_for()
    settle(phone, "!!document.querySelector('.save-lists input')")
    want.uncheck()
    settle(phone, "document.querySelector('.save-status').textContent === "
           "'Removed from Want to try.'")
    assert lists_of(server, fan)["Want to try"]["entryCount"] == 0
    dialog.get_by_role("button", name="Done").click()
    assert save.get_attribute("aria-pressed") == "true", "still in Date night"

    # The post's page says where it is saved, with links to those lists.
    phone.goto(f"{server.url}/p/{posts[2]}")
    saved_in = phone.locator(".saved-in")
    saved_in.wait_for()
    settle(phone, "document.querySelector('.saved-in').textContent === 'Saved in: Date night'")
    assert phone.get_by_role("button", name="Save Place 2 by @cook").get_attribute(
        "aria-pressed") == "true"
    saved_in.get_by_role("link", name="Date night").click()
    phone.wait_for_selector("#pocket[aria-busy=false] #pocket-title")
    assert phone.inner_text("#pocket-title") == "Date night"
    wait_for_order(phone, ["Place 2"])
    clean(phone)
    clean(other)


# 2. Reorder by mouse and by keyboard; the API and the other device agree; a refusal reverts.
def test_reorder_by_mouse_and_by_keyboard(kitchen, browser):
    server, _, fan, posts = kitchen
    list_id = saved_list(server, fan, posts)
    start = api_names(server, fan, list_id)
    assert start == ["Place 4", "Place 3", "Place 2", "Place 1", "Place 0"]
    desk = device(browser, server)
    other = device(browser, server, 390, 844, "dark")
    open_list(desk, server, list_id)
    open_list(other, server, list_id)
    wait_for_order(desk, start)

    # The mouse: the first photo carried over the third.
    def centre(index):
        box = desk.evaluate(f"{CELLS}[{index}].querySelector('img').getBoundingClientRect()"
                            ".toJSON()")
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    (x0, y0), (x2, y2) = centre(0), centre(2)
    desk.mouse.move(x0, y0)
    desk.mouse.down()
    for step in range(1, 21):
        desk.mouse.move(x0 + (x2 - x0) * step / 20, y0 + (y2 - y0) * step / 20)
    desk.mouse.move(x2 + 2, y2 + 2)
    screenshot(desk, "lists-drag-in-progress-1280-light")
    assert desk.evaluate(f"{LIVE}").startswith("Moved to position")
    desk.mouse.up()
    settle(desk, f"{LIVE}.startsWith('Dropped at position')")
    shown = names(desk)
    assert shown != start and shown[0] != "Place 4"
    wait_for_api(desk, server, fan, list_id, shown)
    wait_for_order(other, shown)
    assert desk.url.endswith(f"/lists/{list_id}"), "a drag is not a click"

    # The keyboard alone: Space picks up, arrows move, Space drops.
    first = desk.locator("#pocket .post[data-item='0']")
    first.focus()
    carried = shown[0]
    desk.keyboard.press(" ")
    assert desk.evaluate(LIVE) == f"Picked up {carried}, position 1 of 5"
    desk.keyboard.press("ArrowRight")
    assert desk.evaluate(LIVE) == "Moved to position 2 of 5"
    desk.keyboard.press("ArrowRight")
    assert desk.evaluate(LIVE) == "Moved to position 3 of 5"
    desk.keyboard.press(" ")
    assert desk.evaluate(LIVE) == "Dropped at position 3 of 5"
    expected = shown[1:3] + [carried] + shown[3:]
    wait_for_order(desk, expected)
    wait_for_api(desk, server, fan, list_id, expected)
    wait_for_order(other, expected)
    assert desk.evaluate("document.activeElement.closest('.post')?.querySelector('.restaurant')"
                         ".textContent") == carried, "the carried cell keeps the focus"

    # Escape cancels: nothing moves.
    desk.keyboard.press(" ")
    desk.keyboard.press("ArrowLeft")
    desk.keyboard.press("Escape")
    assert desk.evaluate(LIVE) == "Reorder cancelled"
    assert names(desk) == expected

    # A move the server cannot take is put back, and said.
    desk.route("**/position", lambda route: route.abort("internetdisconnected"))
    desk.keyboard.press(" ")
    desk.keyboard.press("ArrowLeft")
    desk.keyboard.press(" ")
    settle(desk, "document.querySelector('#pocket .alert').textContent !== ''")
    assert desk.inner_text("#pocket .alert").startswith(f"Could not move {carried}:")
    wait_for_order(desk, expected)
    assert api_names(server, fan, list_id) == expected
    desk.unroute("**/position")
    # The grid: the same list, the same order, and a move there too.
    desk.get_by_role("button", name="Grid").click()
    assert desk.get_by_role("button", name="Grid").get_attribute("aria-pressed") == "true"
    wait_for_order(desk, expected)
    screenshot(desk, "lists-grid-1280-light")
    desk.locator("#pocket .post[data-item='4']").focus()
    desk.keyboard.press(" ")
    desk.keyboard.press("ArrowLeft")
    desk.keyboard.press(" ")
    grid_order = expected[:3] + [expected[4], expected[3]]
    wait_for_api(desk, server, fan, list_id, grid_order)
    wait_for_order(other, grid_order)
    screenshot(other, "lists-list-390-dark")
    assert [e for e in desk.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []
    clean(other)


def wait_for_order(page, expected):
    for _ in range(600):
        if names(page) == expected:
            return
        page.wait_for_timeout(100)
    assert names(page) == expected


def wait_for_api(page, server, token, list_id, expected):
    for _ in range(600):
        if api_names(server, token, list_id) == expected:
            return
        page.wait_for_timeout(100)
    assert api_names(server, token, list_id) == expected


# 3. Share: a visitor reads it, without a control to change it; stop sharing: Not found.
def test_share_rename_and_delete(kitchen, browser):
    server, _, fan, posts = kitchen
    list_id = saved_list(server, fan, posts[:3])
    owner = device(browser, server)
    other = device(browser, server, 390, 844, "dark")
    open_list(owner, server, list_id)
    open_list(other, server, list_id)
    owner.get_by_role("button", name="Share").click()
    link = owner.get_by_role("textbox", name="Link to this list")
    link.wait_for()
    url = link.input_value()
    assert "/s/" in url
    assert owner.inner_text(".pocket-meta") == "3 places · Shared"
    screenshot(owner, "lists-shared-1280-light")

    visitor = watched_page(browser, 390, 844, "light")
    visitor.goto(url)
    visitor.wait_for_selector("#pocket[aria-busy=false] #pocket-title")
    assert visitor.inner_text("#pocket-title") == "Date night"
    assert visitor.title() == "Date night · LOTs"
    wait_for_order(visitor, ["Place 2", "Place 1", "Place 0"])
    for control in ("Rename", "Share", "Delete list", "Stop sharing"):
        assert visitor.get_by_role("button", name=control).count() == 0, control
    assert visitor.locator("#pocket .entry-actions:not([hidden])").count() == 0
    assert visitor.locator("#pocket .cv-live").count() == 0, "no reorder"
    screenshot(visitor, "lists-shared-visitor-390-light")

    owner.get_by_role("button", name="Stop sharing").click()
    settle(owner, "document.querySelector('.share-panel').hidden")
    clean(visitor)
    visitor.goto(url)
    visitor.wait_for_selector("#not-found-title")
    assert visitor.title() == "Not found · LOTs"
    # The dead link's page is the server's 404, which the console reports, as it should.
    assert [e for e in visitor.errors if "404" not in e] == []
    visitor.errors.clear()

    # Rename: the other device follows.
    owner.get_by_role("button", name="Rename").click()
    field = owner.get_by_role("textbox", name="List name")
    field.fill("")
    owner.get_by_role("button", name="Save name").click()
    assert owner.inner_text("#rename-list-error") == "Give the list a name."
    field.fill("Birthday")
    owner.get_by_role("button", name="Save name").click()
    settle(owner, "document.getElementById('pocket-title').textContent === 'Birthday'")
    assert owner.title() == "Birthday · LOTs"
    settle(other, "document.getElementById('pocket-title').textContent === 'Birthday'")

    # Delete, confirmed: the lists again, without it.
    owner.get_by_role("button", name="Delete list").click()
    settle(owner, "location.pathname === '/lists'")
    owner.wait_for_selector("#pocket[aria-busy=false] .list-card")
    assert owner.get_by_role("link", name="Birthday, 3 places").count() == 0
    assert "Birthday" not in lists_of(server, fan)
    settle(other, "location.pathname === '/lists'")
    clean(owner)
    clean(visitor)


# 4. A post its author deletes leaves the open list at once; offline, a save says it could not.
def test_a_deleted_post_leaves_the_list_and_offline_saves_say_so(kitchen, browser):
    server, cook, fan, posts = kitchen
    list_id = saved_list(server, fan, posts[:3])
    page = device(browser, server, 390, 844, "light")
    open_list(page, server, list_id)
    wait_for_order(page, ["Place 2", "Place 1", "Place 0"])
    server.request("DELETE", f"/api/posts/{posts[1]}", None, cook)
    wait_for_order(page, ["Place 2", "Place 0"])
    assert page.inner_text(".pocket-meta") == "2 places"

    # Back from a deep link to a list: the lists; Back again: Main.
    page.get_by_role("button", name="Back").click()
    settle(page, "location.pathname === '/lists'")
    page.wait_for_selector("#pocket[aria-busy=false] .list-card")
    page.get_by_role("button", name="Back").click()
    page.wait_for_selector("#pocket", state="hidden")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.route("**/api/lists/*/entries", lambda route: route.abort("internetdisconnected"))
    save = page.get_by_role("button", name="Save Place 4 by @cook")
    save.click()
    settle(page, "document.getElementById('toast-text').textContent !== ''")
    assert page.inner_text("#toast-text").startswith("Could not save Place 4 by @cook:")
    assert save.get_attribute("aria-pressed") == "false"
    page.unroute("**/api/lists/*/entries")

    visitor = watched_page(browser, 390, 844, "light")
    visitor.goto(server.url + "/")
    visitor.get_by_role("button", name="Save Place 4 by @cook").click()
    settle(visitor, "location.pathname === '/signin'")
    assert page.evaluate("window.cspViolations") == []


# 4b. A tap on a saved post's Save before the reader's lists are read: once they are, the dialog
# opens, as for any saved post; the post is never saved again into Want to try.
def test_a_tap_before_the_lists_are_read_opens_the_dialog_for_a_saved_post(kitchen, browser):
    server, _, fan, posts = kitchen
    saved_list(server, fan, [posts[1]])
    page = watched_page(browser, 1280, 800, "light")
    held = []
    page.route("**/api/me/lists", lambda route: held.append(route))
    posted = []
    page.on("request", lambda request: posted.append(request.url)
            if request.method == "POST" and "/entries" in request.url else None)
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false]")
    save = page.get_by_role("button", name="Save Place 1 by @cook")
    settle(page, "document.readyState === 'complete'")
    assert save.get_attribute("aria-pressed") == "false", "the lists are not read yet"
    save.click()
    settle(page, "!!document.querySelector('.cell-save[aria-busy=true]')")
    for route in held:
        route.continue_()
    page.unroute("**/api/me/lists")
    dialog = page.get_by_role("dialog", name="Save to…")
    dialog.wait_for()
    settle(page, "!!document.querySelector('.save-lists input')")
    assert dialog.get_by_role("checkbox", name="Date night").is_checked()
    assert not dialog.get_by_role("checkbox", name="Want to try").is_checked()
    assert save.get_attribute("aria-pressed") == "true"
    assert posted == []
    assert lists_of(server, fan)["Want to try"]["entryCount"] == 0
    assert page.inner_text("#toast-text") == ""
    clean(page)


SCHEMES = [(390, "light"), (390, "dark"), (1280, "light"), (1280, "dark")]


@pytest.mark.parametrize("width,scheme", SCHEMES)
def test_the_save_dialog_by_keyboard_before_the_lists_are_read(shelf, browser, width, scheme):
    """Enter on a saved post's Save before the reader's lists are read (save-action.js asks
    again once they are): the dialog, its lists ticked, passes axe; Tab never reaches the page
    behind it, Escape gives the focus back to the button."""
    server, _, _ = shelf
    page = watched_page(browser, width, 900, scheme)
    held = []
    page.route("**/api/me/lists", lambda route: held.append(route))
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false]")
    settle(page, "document.readyState === 'complete'")
    name = "Save Place 1 by @cook"
    page.get_by_role("button", name=name).focus()
    page.keyboard.press("Enter")
    settle(page, "!!document.querySelector('.cell-save[aria-busy=true]')")
    for route in held:
        route.continue_()
    page.unroute("**/api/me/lists")
    dialog = page.get_by_role("dialog", name="Save to…")
    dialog.wait_for()
    settle(page, "!!document.querySelector('.save-lists input')")
    assert dialog.get_by_role("checkbox", name="Date night").is_checked()
    assert page.evaluate("document.querySelector('dialog[open]').contains(document.activeElement)")
    screenshot(page, f"lists-dialog-before-lists-{width}-{scheme}")
    results = AXE.run(page)
    found = [f"{v['id']} ({v['impact']}): {v['help']}" for v in results.response["violations"]
             if v["impact"] in ("serious", "critical")]
    assert found == []
    # Tab walks the dialog's controls and never reaches the page behind it (past the last
    # control the browser's own UI may take the focus: the document's body then).
    inside = 0
    for _ in range(12):
        page.keyboard.press("Tab")
        where = page.evaluate("""() => document.querySelector('dialog[open]')
            .contains(document.activeElement) ? 'dialog'
            : document.activeElement === document.body ? 'body' : 'page'""")
        assert where != "page"
        inside += where == "dialog"
    assert inside >= 6
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == name
    clean(page)


@pytest.fixture(scope="module")
def shelf():
    from lots_server import LotsServer
    server = LotsServer().start()
    try:
        cook = server.sign_up("cook")
        fan = server.sign_up("fan")
        posts = [server.post(cook, 500 + 40 * i, 400 + 30 * i, (150, 90 + 20 * i, 60),
                             f"Place {i}", f"Dish {i}") for i in range(4)]
        made = server.request("POST", "/api/me/lists", {"name": "Date night"}, fan)
        for post in posts[:3]:
            server.request("POST", f"/api/lists/{made['id']}/entries",
                           {"postId": post["id"], "note": "Go early"}, fan)
        server.request("POST", f"/api/lists/{made['id']}/entries",
                       {"restaurantId": posts[3]["restaurantId"], "note": "Book"}, fan)
        token = server.request("PUT", f"/api/lists/{made['id']}/share", None, fan)["shareToken"]
        yield server, made["id"], token
    finally:
        server.stop()


@pytest.mark.parametrize("width,scheme", SCHEMES)
@pytest.mark.parametrize("which", ["lists", "list", "shared"])
def test_axe_on_the_list_pages(shelf, browser, which, width, scheme):
    server, list_id, token = shelf
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    if which != "shared":
        sign_in(page, server, "fan")
    path = {"lists": "/lists", "list": f"/lists/{list_id}", "shared": f"/s/{token}"}[which]
    page.goto(server.url + path)
    page.wait_for_selector("#pocket[aria-busy=false] #pocket-title")
    page.wait_for_timeout(800)  # entrances settled
    screenshot(page, f"lists-page-{which}-{width}-{scheme}")
    results = AXE.run(page)
    found = [f"{v['id']} ({v['impact']}): {v['help']} — "
             + "; ".join(n["target"][0] for n in v["nodes"][:3])
             for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert found == []
    assert page.evaluate("window.cspViolations") == []
