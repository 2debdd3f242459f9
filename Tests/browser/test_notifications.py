"""Notifications against a real `lots serve`: the header's bell counts what others did to your
posts live (a like, a comment, a save), named with its number, a like pressed in another
person's own browser context included; /notifications groups them in
sentences ("cat and ben liked your Pasta La Vista photo"), newest first, unread ones marked in
words too, each row a link to its post and each name to its person; Mark all as read clears
the bell here and in another tab; a visitor is asked to sign in; a failed read keeps the
number. Phone and desktop, light and dark, under the real Content-Security-Policy, axe clean
with notifications and without."""
import pytest

from conftest import screenshot, sign_in, watched_page
from test_pages import wait_until
from test_axe import serious

BELL = "document.getElementById('bell')"
BELL_NAME = f"{BELL}.getAttribute('aria-label')"
BADGE = f"{BELL}.querySelector('.bell-badge')"
ROWS = "[...document.querySelectorAll('#detail .notification')]"
SENTENCES = f"{ROWS}.map((row) => row.querySelector('.sentence').textContent)"


def settle(page, expression):
    """Waits for what the server or the stream brings: a hang guard, not a deadline."""
    wait_until(page, expression, timeout=60)


def bell_says(page, count):
    """Waits until the bell shows `count` unread (its name and its badge)."""
    name = f"Notifications, {count} unread" if count else "Notifications"
    settle(page, f"{BELL_NAME} === {name!r}")
    if count:
        assert page.evaluate(f"{BADGE}.textContent") == str(count)
        assert page.is_visible("#bell .bell-badge")
    else:
        assert page.is_hidden("#bell .bell-badge")


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []



def want_to_try(server, token):
    lists = server.request("GET", "/api/me/lists", None, token)["items"]
    return next(item["id"] for item in lists if item["name"] == "Want to try")


def save(server, token, post):
    server.request("POST", f"/api/lists/{want_to_try(server, token)}/entries", {"postId": post},
                   token)


@pytest.fixture
def people(server):
    """ana (whose post it is), ben and cat (who like, comment and save it)."""
    tokens = {name: server.sign_up(name) for name in ["ana", "ben", "cat"]}
    post = server.post(tokens["ana"], 600, 450, (180, 90, 50), "Pasta La Vista", "Carbonara")
    return server, tokens, post["id"]


def tab_to_bell(page):
    """Tabs from the page's start until the bell has the focus (keyboard only)."""
    page.evaluate("document.activeElement?.blur()")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement === {BELL}"):
            return
    raise AssertionError("Tab never reached the bell")


# 1. The bell counts live; the page groups them; Mark all as read clears both tabs.
@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_the_bell_counts_live_and_the_page_groups_and_marks_read(people, browser, width, height,
                                                                 scheme):
    server, tokens, post = people
    page = watched_page(browser, width, height, scheme)
    sign_in(page, server, "ana")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    bell = page.get_by_role("link", name="Notifications", exact=True)
    assert bell.is_visible()
    bell_says(page, 0)
    assert page.evaluate("document.querySelector('header').getBoundingClientRect().height") < (
        100 if width < 600 else 70)
    box = bell.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44

    server.request("PUT", f"/api/posts/{post}/like", None, tokens["ben"])
    bell_says(page, 1)
    assert page.get_by_role("link", name="Notifications, 1 unread").is_visible()
    server.request("POST", f"/api/posts/{post}/comments", {"body": "Looks great"}, tokens["ben"])
    bell_says(page, 2)
    save(server, tokens["ben"], post)  # no list event for ana: the `notification` event
    bell_says(page, 3)
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["cat"])
    bell_says(page, 4)
    # Her own like and comment are not news to her: the bell does not even ask. A new post
    # of ben's, after them in the stream, shows they have arrived.
    reads = []
    page.on("request", lambda request: reads.append(request.url)
            if request.url.endswith("/api/me/notifications/unread") else None)
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["ana"])
    server.request("POST", f"/api/posts/{post}/comments", {"body": "Thanks!"}, tokens["ana"])
    server.post(tokens["ben"], 500, 500, (60, 120, 90), "Sushi Zen", "Maki")
    settle(page, "!document.getElementById('new-posts').hidden || [...document.querySelectorAll("
           "'#feed .post')].some((cell) => cell.textContent.includes('Sushi Zen'))")
    page.wait_for_timeout(600)  # longer than the bell's 300 ms of quiet: a read would be asked
    assert reads == []
    bell_says(page, 4)
    screenshot(page, f"notifications-bell-{width}-{scheme}")

    other = page.context.new_page()  # a second tab of hers
    other.errors = []
    other.on("pageerror", lambda error: other.errors.append(str(error)))
    other.on("console", lambda m: other.errors.append(m.text) if m.type == "error" else None)
    other.goto(server.url + "/")
    other.wait_for_selector("#feed[aria-busy=false] .post")
    bell_says(other, 4)

    # By keyboard: Tab to the bell, Enter.
    page.bring_to_front()
    tab_to_bell(page)
    page.keyboard.press("Enter")
    settle(page, "location.pathname === '/notifications'")
    page.wait_for_selector("#detail .notification")
    assert page.title() == "Notifications · LOTs"
    heading = page.locator("#detail").get_by_role("heading", name="Notifications")
    assert heading.is_visible()
    assert page.evaluate("document.activeElement.id") == "notifications-title"
    assert page.evaluate(SENTENCES) == [
        "Unread: cat and ben liked your Pasta La Vista photo",
        "Unread: ben saved your Pasta La Vista photo",
        "Unread: ben commented on your Pasta La Vista photo: “Looks great”",
    ]
    rows = page.locator("#detail .notification")
    first = rows.nth(0)
    assert first.get_by_role("link", name="cat", exact=True).get_attribute("href") == "/u/cat"
    assert first.get_by_role("link", name="ben", exact=True).get_attribute("href") == "/u/ben"
    photo = first.get_by_role("link", name="your Pasta La Vista photo")
    assert photo.get_attribute("href") == f"/p/{post}"
    assert first.get_by_role("img", name="Pasta La Vista").count() == 1
    assert first.locator("time").get_attribute("datetime").startswith("20")
    assert first.locator("time").inner_text() == "just now"
    assert rows.evaluate_all("(rows) => rows.every((row) => row.classList.contains('unread'))")
    tint = first.evaluate("(row) => getComputedStyle(row).backgroundColor")
    assert tint not in ("rgba(0, 0, 0, 0)", "transparent"), "unread rows are tinted"
    screenshot(page, f"notifications-page-{width}-{scheme}")

    # Live while open: cat comments too; the page reads them again.
    server.request("POST", f"/api/posts/{post}/comments", {"body": "Me too"}, tokens["cat"])
    settle(page, f"{SENTENCES}.includes("
           "'Unread: cat and ben commented on your Pasta La Vista photo: “Me too”')")
    bell_says(page, 5)

    # The row is its post's link: a click on its empty side opens the post; Back returns to
    # the row.
    row_box = rows.filter(has_text="liked your").bounding_box()
    page.mouse.click(row_box["x"] + row_box["width"] - 30, row_box["y"] + row_box["height"] / 2)
    settle(page, f"location.pathname === '/p/{post}'")
    page.wait_for_selector("#detail[aria-busy=false] .detail")
    page.go_back()
    settle(page, "location.pathname === '/notifications'")
    page.wait_for_selector("#detail .notification")
    settle(page, "document.activeElement.classList.contains('post-link')")
    assert page.evaluate("document.activeElement.closest('li').querySelector('.sentence')"
                         ".textContent").endswith("liked your Pasta La Vista photo")

    # Mark all as read, by keyboard: the bell says 0 here and in the other tab.
    mark = page.get_by_role("button", name="Mark all as read")
    mark.focus()
    page.keyboard.press("Enter")
    settle(page, f"{ROWS}.every((row) => !row.classList.contains('unread'))")
    assert page.inner_text("#detail .notifications-status") == "All marked as read."
    assert all(not text.startswith("Unread") for text in page.evaluate(SENTENCES))
    assert page.locator("#detail .notification .dot").count() == 0
    bell_says(page, 0)
    bell_says(other, 0)
    screenshot(page, f"notifications-read-{width}-{scheme}")
    page.get_by_role("button", name="Back").click()
    page.wait_for_selector("#detail", state="hidden")
    bell_says(page, 0)
    clean(page)
    assert other.errors == []


# 2. axe with notifications and without; 390 and 1280 px, light and dark (deep links).
@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "light"),
                                          (1280, "dark")])
def test_the_page_is_axe_clean_with_notifications_and_without(people, browser, width, scheme):
    server, tokens, post = people
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["ben"])
    server.request("POST", f"/api/posts/{post}/comments",
                   {"body": "A long comment that goes on " * 6}, tokens["cat"])
    save(server, tokens["cat"], post)
    page = watched_page(browser, width, 844 if width < 600 else 800, scheme)
    sign_in(page, server, "ana")
    page.goto(server.url + "/notifications")
    page.wait_for_selector("#detail[aria-busy=false] .notification")
    assert page.title() == "Notifications · LOTs"
    bell_says(page, 3)
    page.wait_for_timeout(300)  # the stylesheet and thumbnails in
    screenshot(page, f"notifications-items-{width}-{scheme}")
    assert serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # A name is a target of its own (24 px: a link in a line of text); the rest of the row is
    # the post's.
    person = page.locator("#detail .notification a.person").first.bounding_box()
    assert person["height"] >= 24
    row = page.locator("#detail .notification").first.bounding_box()
    assert row["height"] >= 44
    clean(page)
    page.context.close()

    empty = watched_page(browser, width, 844 if width < 600 else 800, scheme)
    sign_in(empty, server, "ben")
    empty.goto(server.url + "/notifications")
    empty.wait_for_selector("#detail[aria-busy=false] .notifications-empty")
    assert empty.inner_text("#detail .notifications-empty") == (
        "No notifications yet. When someone likes, saves or comments on your posts, it shows "
        "here.")
    assert empty.locator("#detail .notification").count() == 0
    assert empty.is_hidden("#detail .mark-read")
    empty.wait_for_timeout(300)
    screenshot(empty, f"notifications-empty-{width}-{scheme}")
    assert serious(empty) == []
    clean(empty)
    empty.context.close()


# 3. A visitor is asked to sign in, then sees their notifications; no bell signed out.
def test_a_visitor_signs_in_first(people, browser):
    server, tokens, post = people
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["ben"])
    page = watched_page(browser, 390, 844, "light")
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    assert page.is_hidden("#bell")
    page.goto(server.url + "/notifications")
    overlay = page.locator("#detail")
    overlay.get_by_role("heading", name="Sign in to see your notifications").wait_for()
    overlay.get_by_label("Username").fill("ana")
    overlay.get_by_label("Password").fill("lunch-of-today")
    overlay.get_by_role("button", name="Sign in").click()
    page.wait_for_selector("#detail[aria-busy=false] .notification")
    assert page.evaluate(SENTENCES) == ["Unread: ben liked your Pasta La Vista photo"]
    bell_says(page, 1)
    clean(page)


# 4. A read that fails (offline) keeps the number; nothing is logged.
def test_a_failed_read_keeps_the_number(people, browser):
    server, tokens, post = people
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["ben"])
    page = watched_page(browser, 1280, 800, "light", service_workers="block")
    sign_in(page, server, "ana")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    bell_says(page, 1)
    failed = []

    def refuse(route):
        failed.append(route.request.url)
        route.abort("internetdisconnected")

    page.route("**/api/me/notifications/unread", refuse)
    server.request("PUT", f"/api/posts/{post}/like", None, tokens["cat"])
    for _ in range(600):  # a hang guard: the stream brings the like, the bell asks
        if failed:
            break
        page.wait_for_timeout(100)
    assert failed, "the bell tried to read its count"
    page.wait_for_timeout(500)
    bell_says(page, 1)
    page.unroute("**/api/me/notifications/unread")
    save(server, tokens["cat"], post)
    bell_says(page, 3)
    # Only the browser's own word on the refused requests; the app threw and logged nothing.
    assert page.errors, "the refused reads are in the log"
    assert all(error == "Failed to load resource: net::ERR_INTERNET_DISCONNECTED"
               for error in page.errors), page.errors
    assert page.evaluate("window.cspViolations") == []


def tab_until(page, expression, what, from_start=False, limit=80):
    """Presses Tab (keyboard only) until `expression` holds of the focused element; from the
    page's start with `from_start`, else from where the focus is."""
    if from_start:
        page.evaluate("document.activeElement?.blur()")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const a = document.activeElement; return {expression}; }})()"):
            return
    raise AssertionError(f"Tab never reached {what}: "
                         + page.evaluate("document.activeElement?.outerHTML.slice(0, 160)"))


# 5. A like from another person's own browser: ben, in a second browser context, opens ana's
# post from his Main and presses its Like button (by pointer, or by keyboard alone); ana's
# page, open all along in hers, counts it on the bell without a reload, and her notifications
# page names ben's like. Phone and desktop, light and dark.
@pytest.mark.parametrize("ana_size,ben_size,scheme,way", [
    ((390, 844), (1280, 800), "light", "pointer"),
    ((1280, 800), (390, 844), "dark", "keyboard")])
def test_a_like_pressed_in_another_browser_rings_the_bell_live(people, browser, ana_size,
                                                               ben_size, scheme, way):
    server, tokens, post = people
    ana = watched_page(browser, *ana_size, scheme)
    sign_in(ana, server, "ana")
    ana.wait_for_selector("#feed[aria-busy=false] .post")
    settle(ana, "document.getElementById('live').textContent.includes('Live')")
    ana.evaluate("window.__marker = 1")  # gone if her page ever reloads
    bell_says(ana, 0)

    ben = watched_page(browser, *ben_size, "dark" if scheme == "light" else "light")
    assert ben.context is not ana.context
    sign_in(ben, server, "ben")
    ben.wait_for_selector("#feed[aria-busy=false] .post")
    cell = ben.get_by_role("article", name="Pasta La Vista: Carbonara, by @ana")
    like = ben.locator("#detail").get_by_role("button", name="Like Pasta La Vista by @ana",
                                                exact=True)
    if way == "pointer":
        cell.locator("img").first.click()
        settle(ben, f"location.pathname === '/p/{post}'")
        like.click()
    else:
        tab_until(ben, "a.matches('.post') && a.getAttribute('aria-label')"
                       ".startsWith('Pasta La Vista: Carbonara, by @ana')",
                  "ana's post on Main", from_start=True)
        ben.keyboard.press("Enter")
        settle(ben, f"location.pathname === '/p/{post}'")
        ben.wait_for_selector("#detail[aria-busy=false] .detail")
        tab_until(ben, "a.getAttribute('aria-label') === 'Like Pasta La Vista by @ana'",
                  "the post's Like button")
        ben.keyboard.press("Enter")
    unlike = ben.locator("#detail").get_by_role("button", name="Unlike Pasta La Vista by @ana",
                                                  exact=True)
    unlike.wait_for(timeout=60_000)
    assert unlike.get_attribute("aria-pressed") == "true"
    settle(ben, "document.querySelector('#detail .like-count')?.textContent === '1 like'")
    # The button shows the like at once; the server has it once the request is answered.
    for _ in range(600):  # a hang guard: 60 s
        if server.request("GET", f"/api/posts/{post}", None, tokens["ben"])["likedByMe"]:
            break
        ben.wait_for_timeout(100)
    else:
        raise AssertionError("the server never had ben's like")

    # Ana's page, open all along: the bell says 1, live, and the page never reloaded.
    bell_says(ana, 1)
    assert ana.evaluate("[window.__marker, location.pathname]") == [1, "/"]
    screenshot(ana, f"notifications-like-from-ben-{ana_size[0]}-{scheme}")
    if way == "pointer":
        ana.get_by_role("link", name="Notifications, 1 unread", exact=True).click()
    else:
        tab_to_bell(ana)
        assert ana.evaluate(f"{BELL_NAME}") == "Notifications, 1 unread"
        ana.keyboard.press("Enter")
    settle(ana, "location.pathname === '/notifications'")
    ana.wait_for_selector("#detail[aria-busy=false] .notification")
    assert ana.evaluate(SENTENCES) == ["Unread: ben liked your Pasta La Vista photo"]
    row = ana.locator("#detail .notification").first
    assert row.get_by_role("link", name="ben", exact=True).get_attribute("href") == "/u/ben"
    assert row.get_by_role("link", name="your Pasta La Vista photo").get_attribute(
        "href") == f"/p/{post}"
    bell_says(ana, 1)  # opening the page does not mark it read
    clean(ana)
    clean(ben)
    ana.context.close()
    ben.context.close()
