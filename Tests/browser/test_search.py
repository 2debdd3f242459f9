"""Search on the page (issue 26) against a real `lots serve`, under the real
Content-Security-Policy: the header's box on every page (on a phone a button that opens it, the
header as tall as before), suggestions while typing (a restaurant picked by keyboard alone, a
person with the mouse, offline saying it cannot suggest), /search?q=… with its heading, its
restaurants and people and its posts paged as one scrolls, by a deep link signed out, Back and
Forward; accents ignored ("pho" finds "Phở"), a hostile query, a query the server refuses;
Main's first load still within 100 KB; axe. Phone 390×844 and desktop 1280×800, light and dark.
Screenshots in artifacts/screenshots/search-*."""
import urllib.parse

import pytest
from playwright.sync_api import expect

from conftest import screenshot, sign_in, watched_page
from lots_server import LotsServer
from pagekit import post_place
from test_pages import wait_until
from test_axe import serious

SIZES = [(390, 844, "light"), (1280, 800, "dark")]
ALL_SIZES = [(390, 844, "light"), (390, 844, "dark"), (1280, 800, "light"), (1280, 800, "dark")]
NOODLE_POSTS = 43  # with two more that say pho: more than the list's first page of 40
LOADED = "#feed[aria-busy=false]"
STATUS = "document.getElementById('status').textContent"


def settle(page, expression):
    """Waits for what the server brings: a hang guard, not a deadline."""
    wait_until(page, expression, timeout=60)


def clean(page, allowed=()):
    errors = [e for e in page.errors if not any(text in e for text in allowed)]
    assert errors == [] and page.evaluate("window.cspViolations") == []



@pytest.fixture(scope="module")
def site():
    """Phở 24 in Mitte and Pho Real in Kreuzberg, 45 posts that say pho (three cooks, within
    the posting limit), a curry that does not, and phong, who posts nothing."""
    server = LotsServer().start()
    try:
        ana = server.sign_up("ana")
        first = post_place(server, ana, "Phở 24", "Mitte", caption="Beef pho with basil")
        post_place(server, ana, "Pho Real", "Kreuzberg", caption="Spicy")
        post_place(server, ana, "Curry Up", "Wedding", caption="Green curry")
        for cook in range(3):
            token = server.sign_up(f"cook{cook}")
            for i in range(15 if cook else 13):
                post_place(server, token, f"Noodle Bar {cook}", "Neukölln",
                           caption=f"Pho number {cook * 15 + i}",
                           size=(400 + 40 * (i % 5), 300 + 50 * (i % 4)),
                           rgb=(60 + 9 * i, 110, 160 - 7 * i))
        server.sign_up("phong")
        yield server, first["restaurantId"]
    finally:
        server.stop()


def open_box(page):
    """Focuses the header's field; on a phone through its button, by keyboard."""
    if page.locator("#search-open").is_visible():
        page.focus("#search-open")
        page.keyboard.press("Enter")
    else:
        page.focus("#search-q")
    wait_until(page, "document.activeElement.id === 'search-q'")


def active_option(page):
    return page.evaluate("""(() => {
      const id = document.getElementById('search-q').getAttribute('aria-activedescendant');
      return id ? document.getElementById(id).textContent : null; })()""")


def search_from_box(page, text):
    open_box(page)
    page.keyboard.press("Control+A")  # in place of what the box shows
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    settle(page, f"location.pathname === '/search' && "
           f"new URLSearchParams(location.search).get('q') === {text.strip()!r}")


def results_ready(page):
    page.wait_for_selector(LOADED)
    page.wait_for_selector("#search-head[aria-busy=false]")


# 1. A restaurant picked from the suggestions by keyboard alone.
@pytest.mark.parametrize("width,height,scheme", SIZES)
def test_a_restaurant_picked_from_the_suggestions_by_keyboard(site, browser, width, height,
                                                             scheme):
    server, place_id = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    field = page.get_by_role("combobox", name="Search restaurants, dishes and people",
                             include_hidden=True)
    assert page.get_by_role("search").count() == 1
    assert field.get_attribute("aria-expanded") == "false"
    if width < 600:
        assert field.is_hidden(), "a phone shows the button, not the field"
        assert page.get_attribute("#search-open", "aria-expanded") == "false"
    open_box(page)
    assert field.is_visible()
    page.keyboard.type("pho")
    wanted = "Phở 24 · Mitte · 1 post"
    page.locator("#search-list [role=option]", has_text=wanted).wait_for()
    assert field.get_attribute("aria-expanded") == "true"
    groups = page.locator("#search-list [role=group]")
    assert [groups.nth(i).get_attribute("aria-labelledby") for i in range(groups.count())] == [
        "search-group-place", "search-group-person"]
    options = page.locator("#search-list [role=option]").all_inner_texts()
    assert options[-1] == "Search for “pho”"
    assert "@phong" in options
    assert active_option(page) is None
    for _ in options:
        page.keyboard.press("ArrowDown")
        if active_option(page) == wanted:
            break
    assert active_option(page) == wanted
    assert page.locator("#search-list [aria-selected=true]").inner_text() == wanted
    screenshot(page, f"search-suggestions-{width}-{scheme}")
    page.keyboard.press("Enter")
    page.wait_for_selector("#place[aria-busy=false] h2")
    assert page.evaluate("location.pathname") == f"/r/{place_id}"
    assert page.inner_text("#place h2") == "Phở 24"
    assert field.get_attribute("aria-expanded") == "false"
    clean(page)


# 2. A person picked with the mouse; Escape closes the list, then the phone's field.
@pytest.mark.parametrize("width,height,scheme", [(1280, 800, "light"), (390, 844, "dark")])
def test_a_person_picked_with_the_mouse(site, browser, width, height, scheme):
    server, _ = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/inspire")
    page.wait_for_selector(LOADED)
    if width < 600:
        page.click("#search-open")
    page.click("#search-q")
    page.keyboard.type("phon")
    person = page.locator("#search-list [role=option]", has_text="@phong")
    person.wait_for()
    assert page.locator("#search-list [role=group]").count() == 1, "people only"
    page.keyboard.press("Escape")
    assert page.locator("#search-list").is_hidden()
    assert page.evaluate("document.activeElement.id") == "search-q"
    if width < 600:
        page.keyboard.press("Escape")  # the list was closed: the field closes
        assert page.locator("#search-q").is_hidden()
        assert page.evaluate("document.activeElement.id") == "search-open"
        page.click("#search-open")
    page.keyboard.press("ArrowDown")  # the list again, with its options
    person.wait_for()
    person.click()
    settle(page, "location.pathname === '/u/phong'")
    page.wait_for_selector(LOADED)
    assert page.title() == "@phong · LOTs"
    clean(page)


# 3. Enter searches; the results are heading, restaurants, people and the posts, paged as one
# scrolls; a post opened from them and Back finds them as they were; Back and Forward.
@pytest.mark.parametrize("width,height,scheme", SIZES)
def test_a_search_and_its_results_paged_as_one_scrolls(site, browser, width, height, scheme):
    server, place_id = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    search_from_box(page, "pho")
    results_ready(page)
    assert page.title() == "“pho” · Search · LOTs"
    assert page.input_value("#search-q") == "pho"
    assert page.inner_text("#search-head h2") == "Results for “pho”"
    head = page.locator("#search-head")
    assert head.get_by_role("heading", name="Restaurants · 2").is_visible()
    assert head.get_by_role("link", name="Phở 24 · Mitte · 1 post").get_attribute(
        "href") == f"/r/{place_id}"
    assert head.get_by_role("heading", name="People · 1").is_visible()
    assert head.get_by_role("link", name="@phong").get_attribute("href") == "/u/phong"
    assert page.get_attribute("#feed .cv-content", "role") == "feed"
    assert page.get_attribute("#feed .cv-content", "aria-label") == "Posts matching “pho”"
    settle(page, f"{STATUS} === '40 posts loaded · scroll for more'")
    screenshot(page, f"search-results-{width}-{scheme}")
    # Every post that says pho, once each, newest first, as the reader scrolls.
    total = NOODLE_POSTS + 2
    for _ in range(10):
        page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop = 1e9")
        page.wait_for_timeout(200)
        if page.evaluate(STATUS) == f"{total} posts in all":
            break
    assert page.evaluate(STATUS) == f"{total} posts in all"
    labels = page.evaluate("""[...document.querySelectorAll('#feed .post:not([hidden])')]
      .map((c) => c.getAttribute('aria-label'))""")
    assert labels and not any("Curry" in label for label in labels)
    screenshot(page, f"search-results-end-{width}-{scheme}")
    # A post over the results; Back finds them at the same place, the query in the box.
    page.locator("#feed .post:not([hidden])").first.locator("img").click()
    page.wait_for_selector("#detail:not([hidden]) h2")
    offset = page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop")
    page.go_back()
    page.wait_for_selector("#detail", state="hidden")
    assert abs(page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop")
               - offset) <= 1
    assert page.input_value("#search-q") == "pho"
    # The title follows the page back (a frame after the detail closes: waited for).
    expect(page).to_have_title("“pho” · Search · LOTs")
    # Back to Main (the box empties), Forward to the search again.
    page.go_back()
    settle(page, "location.pathname === '/' && document.getElementById('search-head').hidden")
    assert page.input_value("#search-q") == ""
    page.go_forward()
    settle(page, "location.pathname === '/search'")
    results_ready(page)
    assert page.input_value("#search-q") == "pho"
    assert page.inner_text("#search-head h2") == "Results for “pho”"
    clean(page)


# 4. A deep link, signed out; accents and case aside, both ways.
@pytest.mark.parametrize("width,height,scheme", ALL_SIZES)
def test_a_deep_link_signed_out_finds_accented_names(site, browser, width, height, scheme):
    server, place_id = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/search?q=pho%2024")
    results_ready(page)
    assert page.title() == "“pho 24” · Search · LOTs"
    assert page.input_value("#search-q") == "pho 24"
    assert page.locator("#search-head .places a").all_inner_texts() == [
        "Phở 24 · Mitte · 1 post"]
    labels = page.locator("#feed .post:not([hidden])").evaluate_all(
        "(cells) => cells.map((cell) => cell.getAttribute('aria-label').split(',')[0])")
    assert sorted(labels) == ["Noodle Bar 1: Pho number 24", "Phở 24: Beef pho with basil"]
    screenshot(page, f"search-deep-link-{width}-{scheme}")
    # "Phở" finds "Pho Real" as "pho" finds "Phở 24".
    page.goto(server.url + "/search?" + urllib.parse.urlencode({"q": "PHỞ real"}))
    results_ready(page)
    assert page.locator("#search-head .places a").all_inner_texts() == [
        "Pho Real · Kreuzberg · 1 post"]
    assert page.locator("#feed .post:not([hidden])").count() == 1
    clean(page)


# 5. Hostile text is only ever text: results or words, and the page goes on working.
@pytest.mark.parametrize("width,height,scheme", SIZES)
def test_a_hostile_query_never_breaks_the_page(site, browser, width, height, scheme):
    server, _ = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    for text in ['"pho" OR *', "<img src=x onerror=alert(1)>", "***", "-pho NEAR/2 basil"]:
        search_from_box(page, text)
        results_ready(page)
        assert page.inner_text("#search-head h2") == f"Results for “{text}”"
        posts = page.locator("#feed .post:not([hidden])").count()
        notice = page.locator("#feed .list-notice:not([hidden])")
        assert posts > 0 or notice.inner_text().startswith(f"No posts match “{text}”.")
        assert page.locator("#search-head img, #feed .list-notice img").count() == 0
    screenshot(page, f"search-hostile-{width}-{scheme}")
    # Still a working box and page.
    search_from_box(page, "basil")
    results_ready(page)
    assert page.locator("#feed .post:not([hidden])").count() == 1
    clean(page)


# 6. More than 200 characters: the server's refusal, in words, named by the box.
@pytest.mark.parametrize("width,height,scheme", SIZES)
def test_a_query_over_200_characters_shows_the_servers_message(site, browser, width, height,
                                                               scheme):
    server, _ = site
    page = watched_page(browser, width, height, scheme, console_errors=False)  # 400s logged
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    open_box(page)
    page.fill("#search-q", "x" * 201)
    page.keyboard.press("Enter")
    page.wait_for_selector("#search-head[aria-busy=false]")
    error = page.locator("#search-error")
    assert error.inner_text() == "The search must be at most 200 characters long."
    assert error.get_attribute("role") == "alert"
    assert page.get_attribute("#search-q", "aria-invalid") == "true"
    assert page.get_attribute("#search-q", "aria-describedby") == "search-error"
    assert page.inner_text("#search-head h2") == f"Results for “{'x' * 59}…”"
    assert page.inner_text("#status") == "", "said once, above the list"
    screenshot(page, f"search-too-long-{width}-{scheme}")
    # A query it answers clears the message.
    search_from_box(page, "basil")
    results_ready(page)
    assert page.locator("#search-error").inner_text() == ""
    assert page.get_attribute("#search-q", "aria-invalid") is None
    clean(page, allowed=["status of 400"])


# 7. Offline, the box says it cannot suggest.
def test_offline_the_box_says_it_cannot_suggest(site, browser):
    server, _ = site
    page = watched_page(browser, 1280, 800, console_errors=False, service_workers="block")
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    page.focus("#search-q")
    page.locator("#search-list").wait_for(state="attached")
    wait_until(page, "document.querySelector('#search-note') !== null")
    page.context.set_offline(True)
    page.keyboard.type("pho")
    note = page.locator("#search-note")
    settle(page, "document.getElementById('search-note').textContent !== ''")
    assert note.inner_text() == "Offline: no suggestions. Enter searches the posts."
    assert note.get_attribute("role") == "status"
    assert page.locator("#search-list").is_hidden()
    screenshot(page, "search-offline-1280-light")
    page.context.set_offline(False)
    page.keyboard.type(" ")
    page.locator("#search-list [role=option]", has_text="Phở 24").wait_for()
    assert note.inner_text() == ""
    page.context.close()


# 8. The header keeps its height on a phone signed in; Main's first load stays small.
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phones_header_keeps_its_height_with_the_box(site, browser, scheme):
    server, _ = site
    page = watched_page(browser, 390, 844, scheme)
    sign_in(page, server, "ana")
    page.wait_for_selector(LOADED)
    box = "(s) => document.querySelector(s).getBoundingClientRect().height"
    assert page.evaluate(box, "header") < 100
    assert page.locator("#search-open").is_visible()
    screenshot(page, f"search-header-390-{scheme}")
    page.click("#search-open")
    assert page.locator("#search-q").is_visible()
    assert page.evaluate(box, "header") < 100, "the field lies over the header's first line"
    screenshot(page, f"search-header-open-390-{scheme}")
    clean(page)


def test_mains_first_load_stays_within_100_kb(site, browser):
    server, _ = site
    page = watched_page(browser, 390, 844)
    rows = []

    def finished(request):
        sizes = request.sizes()
        rows.append((request.url.split("/", 3)[3],
                     sizes["responseBodySize"] + sizes["responseHeadersSize"]))
    page.on("requestfinished", finished)
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    page.wait_for_timeout(500)
    app = [(path, size) for path, size in rows if not path.startswith(("api/", "images/"))]
    assert sum(size for _, size in app) <= 100_000, sorted(app, key=lambda row: -row[1])
    assert not any("search-suggest" in path or "search-page" in path for path, _ in app), \
        "suggestions and results load when first needed"
    page.context.close()


# 9. axe on /search (results, nothing found, suggestions open), phone and desktop, both schemes.
@pytest.mark.parametrize("width,height,scheme", ALL_SIZES)
def test_search_passes_axe(site, browser, width, height, scheme):
    server, _ = site
    page = watched_page(browser, width, height, scheme, console_errors=False)
    page.goto(server.url + "/search?q=pho")
    results_ready(page)
    page.wait_for_timeout(500)
    assert serious(page) == []
    page.goto(server.url + "/search?q=zzzz")
    results_ready(page)
    page.locator("#feed .list-notice", has_text="No posts match “zzzz”").wait_for()
    assert serious(page) == []
    screenshot(page, f"search-nothing-{width}-{scheme}")
    open_box(page)
    page.keyboard.type(" basil")
    page.locator("#search-list [role=option]").first.wait_for()
    page.keyboard.press("ArrowDown")
    assert serious(page) == []
    assert page.evaluate("window.cspViolations") == []
    page.context.close()


def test_the_footer_never_shows_the_last_lists_count_while_the_results_load(site, browser):
    server, _ = site
    page = watched_page(browser, 1280, 800, service_workers="block")
    page.goto(server.url + "/")
    page.wait_for_selector(LOADED)
    assert page.evaluate(STATUS).endswith("posts loaded · scroll for more")
    held = []
    page.route("**/api/search/posts?*", lambda route: held.append(route))
    search_from_box(page, "pho")
    while not held:
        page.wait_for_timeout(20)
    assert page.evaluate(STATUS) == "", "Main's count under the search's list"
    held[0].continue_()
    page.unroute("**/api/search/posts?*")
    results_ready(page)
    settle(page, f"{STATUS} === '40 posts loaded · scroll for more'")
    clean(page)
