"""A newcomer's first ten minutes (issue 25) against a real `lots serve`, under the real
Content-Security-Policy: Like by keyboard keeps the focus on the button through the server's
answer and the stream's redraw, on every list and on a post's page, and names the post; a cell
shows the start of the dish's caption, its like count as plain text apart from the liked state;
one's own profile has no Delete on its cells (the post's page has); the footer says what it
counts; Escape closes a post's page and gives the focus back to its cell; a skip link leads to
the posts; empty lists pass axe; a blocked person's profile says so and offers Unblock."""
import time

import pytest

from conftest import carried_posts, screenshot, sign_in, watched_page
from test_axe import serious
from test_pages import CELLS, wait_until

DISH = "Creamy carbonara with pecorino, guanciale and a lot of black pepper on top"

# Every event the page's change streams deliver, in `window.streamEvents` (before the app's own
# handler sees it).
RECORD_STREAM = """
window.streamEvents = [];
const NativeEventSource = EventSource;
window.EventSource = class extends NativeEventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (m) => window.streamEvents.push(JSON.parse(m.data)));
  }
};
"""

FOCUSED = "document.activeElement"


def frames(page, count=3):
    page.evaluate("""(n) => new Promise((resolve) => {
      const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
      requestAnimationFrame(step);
    })""", count)


def seed(server):
    """jonas's Pasta La Vista (with its dish) and two more of his posts; a fan. Returns
    (jonas's token, the fan's token, the pasta's id)."""
    jonas = server.sign_up("jonas")
    fan = server.sign_up("fan")
    server.post(jonas, 500, 400, (90, 140, 70), "Green Table", "Carrot salad")
    server.post(jonas, 400, 500, (200, 150, 60), "Noodle Bar", "")
    pasta = server.post(jonas, 600, 450, (200, 80, 40), "Pasta La Vista", DISH)["id"]
    return jonas, fan, pasta


def liked_by(server, token, post):
    return server.request("GET", f"/api/posts/{post}", None, token)


def press_and_keep_focus(page, server, token, post, key, liked, selector):
    """Presses `key` on the focused Like button of `post`; waits for the server to have the
    state and for the stream's update of it to be handled; the focus is still on the button,
    named for the post and pressed as the server says."""
    events = page.evaluate("window.streamEvents.length")
    page.keyboard.press(key)
    deadline = time.monotonic() + 15
    while liked_by(server, token, post)["likedByMe"] != liked:
        assert time.monotonic() < deadline, f"{key}: the server never had liked={liked}"
        time.sleep(0.05)
    wait_until(page, f"""window.streamEvents.slice({events}).some((e) =>
        e.kind === 'update' && e.postID === {post} && e.likedByMe === {str(liked).lower()})""",
               timeout=15)
    frames(page)
    name = f"{'Unlike' if liked else 'Like'} Pasta La Vista by @jonas"
    state = page.evaluate(f"""[{FOCUSED}.matches({selector!r}),
        {FOCUSED}.getAttribute('aria-label'), {FOCUSED}.getAttribute('aria-pressed')]""")
    assert state == [True, name, str(liked).lower()], (key, liked, state)


@pytest.mark.parametrize("path", ["/", "/u/jonas", "/likes"])
def test_like_by_keyboard_keeps_the_focus_on_the_cells_button(server, browser, path):
    jonas, fan, pasta = seed(server)
    if path == "/likes":
        server.request("PUT", f"/api/posts/{pasta}/like", None, fan)
    page = watched_page(browser, 1280, 900)
    page.add_init_script(RECORD_STREAM)
    sign_in(page, server, "fan")
    page.goto(server.url + path)
    page.wait_for_selector("#feed[aria-busy=false] .post")
    cell = page.locator(".post:not([hidden])", has_text="Pasta La Vista")
    # By keyboard: the article, then Tab to its Like button.
    cell.focus()
    page.keyboard.press("Tab")
    start = path == "/likes"
    named = f"{'Unlike' if start else 'Like'} Pasta La Vista by @jonas"
    assert page.evaluate(f"{FOCUSED}.getAttribute('aria-label')") == named
    # The stream is open before the first toggle: its updates must reach the page.
    wait_until(page, "document.getElementById('live').textContent.includes('Live')")
    page.wait_for_timeout(300)
    liked = start
    for key in ["Enter", " ", "Enter", " ", "Enter", " "]:
        liked = not liked
        press_and_keep_focus(page, server, fan, pasta, key, liked, ".post .cell-like")
    assert page.evaluate("location.pathname") == path
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_like_by_keyboard_keeps_the_focus_on_the_post_pages_button(server, browser):
    jonas, fan, pasta = seed(server)
    page = watched_page(browser, 390, 844, "dark")
    page.add_init_script(RECORD_STREAM)
    sign_in(page, server, "fan")
    # Opened from Main, which streams behind it: its updates must not take the focus either.
    page.wait_for_selector("#feed[aria-busy=false] .post")
    wait_until(page, "document.getElementById('live').textContent.includes('Live')")
    page.locator(".post:not([hidden])", has_text="Pasta La Vista").locator("img").click()
    like = page.locator("#detail").get_by_role("button", name="Like Pasta La Vista by @jonas")
    like.focus()
    page.wait_for_timeout(300)
    liked = False
    for key in ["Enter", " ", "Enter", " ", "Enter", " "]:
        liked = not liked
        press_and_keep_focus(page, server, fan, pasta, key, liked, "#detail button.like")
    # The count is plain text beside the button, apart from the liked state.
    assert page.inner_text("#detail .like-count") == "0 likes"
    page.keyboard.press("Enter")
    wait_until(page, "document.querySelector('#detail .like-count').textContent === '1 like'")
    for width, scheme in [(390, "dark"), (390, "light"), (1280, "light"), (1280, "dark")]:
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(color_scheme=scheme)
        wait_until(page, "document.getAnimations().every((a) => a.playState === 'finished')")
        screenshot(page, f"keyboard-like-detail-{width}-{scheme}")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "light"),
                                          (1280, "dark")])
def test_a_cell_shows_the_dish_and_tells_its_liked_state_apart_from_its_count(
        server, browser, width, scheme):
    jonas, fan, pasta = seed(server)
    hostile = server.post(jonas, 400, 400, (60, 70, 200), "Curry Up",
                          '<img src=x onerror="window.hacked=1">Extra spicy')["id"]
    server.request("PUT", f"/api/posts/{pasta}/like", None, jonas)  # someone else's like
    page = watched_page(browser, width, 900, scheme)
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    wait_until(page, f"{CELLS}.length === 4")
    cell = page.locator(".post:not([hidden])", has_text="Pasta La Vista")
    # The start of the dish, as text (ellipsised by the style).
    assert cell.locator(".dish").text_content() == DISH
    assert page.evaluate("""(() => {
        const dish = [...document.querySelectorAll('.post .dish')]
          .find((d) => d.textContent.startsWith('Creamy'));
        return dish.scrollHeight > dish.clientHeight || dish.scrollWidth > dish.clientWidth;
      })()""")  # ellipsised: longer than it shows
    curry = page.locator(".post:not([hidden])", has_text="Curry Up")
    assert curry.locator(".dish").text_content().startswith("<img src=x")
    assert page.evaluate("window.hacked") is None
    # A liked post not liked by me: the count says 1, the heart is empty and not pressed.
    assert cell.locator(".meta").text_content() == "1 like · @jonas"
    button = cell.get_by_role("button", name="Like Pasta La Vista by @jonas")
    assert button.get_attribute("aria-pressed") == "false" and button.text_content() == "♡"
    button.click()
    unlike = cell.get_by_role("button", name="Unlike Pasta La Vista by @jonas")
    wait_until(page, """[...document.querySelectorAll('.post .meta')]
        .some((m) => m.textContent === '2 likes · @jonas')""")
    assert unlike.get_attribute("aria-pressed") == "true" and unlike.text_content() == "♥"
    assert hostile
    screenshot(page, f"cells-dish-and-likes-{width}-{scheme}")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_ones_own_profile_has_no_delete_on_its_cells_and_the_post_page_deletes(server, browser):
    jonas, fan, pasta = seed(server)
    page = watched_page(browser, 390, 844)
    page.on("dialog", lambda dialog: dialog.accept())
    sign_in(page, server, "jonas")
    page.get_by_role("link", name="Profile @jonas").click()
    wait_until(page, f"location.pathname === '/u/jonas' && {CELLS}.length === 3")
    assert page.locator("#feed").get_by_role("button", name="Delete").count() == 0
    assert page.locator("#feed .cell-delete").count() == 0
    screenshot(page, "own-profile-390-light")
    page.locator(".post:not([hidden])", has_text="Pasta La Vista").click()
    page.locator("#detail").get_by_role("button", name="Delete").click()
    page.wait_for_selector("#detail", state="hidden")
    wait_until(page, f"{CELLS}.length === 2")
    left = server.request("GET", "/api/users/jonas/posts")["items"]
    assert all(item["id"] != pasta for item in left)
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_the_footer_says_how_many_are_loaded_and_when_all_are(server, browser):
    # 45 posts: more than the first page of 40 (three cooks, within the posting limit).
    for cook in range(3):
        token = server.sign_up(f"cook{cook}")
        for i in range(15):
            server.post(token, 300 + 40 * (i % 4), 300 + 30 * (i % 5), (40 + 4 * i, 120, 90),
                        f"Place {cook}.{i}", "")
    page = watched_page(browser, 1280, 900)
    document = page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    # The first screen's posts come with the document, the rest as one scrolls.
    first = carried_posts(document)
    assert 8 <= first < 45
    assert page.inner_text("#status") == f"{first} posts loaded · scroll for more"
    page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop = 1e9")
    wait_until(page, "document.getElementById('status').textContent === '45 posts in all'",
               timeout=15)
    # A list read in one page says so at once.
    page.goto(server.url + "/u/cook1")
    wait_until(page, "document.getElementById('status').textContent === '15 posts in all'")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_escape_closes_a_post_page_and_gives_the_focus_back_to_its_cell(server, browser):
    jonas, fan, pasta = seed(server)
    page = watched_page(browser, 1280, 900)
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    wait_until(page, f"{CELLS}.length === 3")
    page.locator('.post[data-item="1"]').focus()
    opened = page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    assert page.evaluate("location.pathname").startswith("/p/")
    page.keyboard.press("Escape")
    page.wait_for_selector("#detail", state="hidden")
    assert page.evaluate("location.pathname") == "/"
    wait_until(page, f"{FOCUSED}.matches('.post[data-item=\"1\"]')")
    assert page.evaluate(f"{FOCUSED}.getAttribute('aria-label')") == opened
    # Opened by a click, too; Escape in the report form closes the form, not the page.
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    page.locator(".post:not([hidden])", has_text="Noodle Bar").locator("img").click()
    page.locator("#detail").get_by_role("button", name="Report").click()
    page.keyboard.press("Escape")
    page.wait_for_selector("#detail .report-form", state="hidden")
    assert page.is_visible("#detail")
    assert page.evaluate(f"{FOCUSED}.textContent") == "Report"
    page.keyboard.press("Escape")
    page.wait_for_selector("#detail", state="hidden")
    wait_until(page, f"{FOCUSED}.classList.contains('post')")
    assert "Noodle Bar" in page.evaluate(f"{FOCUSED}.getAttribute('aria-label')")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark")])
def test_a_skip_link_leads_to_the_posts(server, browser, width, scheme):
    seed(server)
    page = watched_page(browser, width, 900, scheme)
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    skip = page.get_by_role("link", name="Skip to the posts")
    box = skip.bounding_box()
    assert box is None or box["y"] + box["height"] <= 0 or box["width"] <= 1  # not shown
    page.keyboard.press("Tab")
    assert page.evaluate(f"{FOCUSED}.textContent") == "Skip to the posts"
    box = skip.bounding_box()
    assert box["width"] > 40 and box["height"] >= 24 and box["y"] >= 0  # shown when focused
    screenshot(page, f"skip-link-{width}-{scheme}")
    page.keyboard.press("Enter")
    assert page.evaluate(f"{FOCUSED}.id") == "feed"
    assert page.evaluate("location.pathname + location.hash") == "/"
    page.keyboard.press("Tab")
    assert page.evaluate(f"{FOCUSED}.getAttribute('role')") == "article"
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark")])
def test_empty_lists_on_a_fresh_install_pass_axe(server, browser, width, scheme):
    server.sign_up("fan")
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    sign_in(page, server, "fan")
    for path in ["/", "/inspire", "/likes", "/u/fan"]:
        page.goto(server.url + path)
        page.wait_for_selector("#feed[aria-busy=false]")
        wait_until(page, "!!document.querySelector('#feed .list-notice:not([hidden])')")
        assert page.get_attribute("#feed .cv-content", "role") != "feed"
        screenshot(page, f"empty-{path.strip('/').replace('/', '-') or 'main'}-{width}-{scheme}")
        assert serious(page) == [], path
    # A first post arrives on Main: a feed of one article, and the message goes.
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    wait_until(page, "document.getElementById('live').textContent.includes('Live')")
    server.post(server.sign_up("jonas"), 400, 300, (90, 140, 70), "Green Table", "")
    wait_until(page, f"{CELLS}.length === 1", timeout=15)
    assert page.get_attribute("#feed .cv-content", "role") == "feed"
    assert page.is_hidden("#feed .list-notice")
    page.wait_for_timeout(500)  # the cell's entrance settled
    assert serious(page) == []
    assert page.evaluate("window.cspViolations") == []


def test_a_blocked_persons_profile_says_so_and_unblocks(server, browser):
    jonas, fan, pasta = seed(server)
    server.request("PUT", "/api/users/jonas/block", None, fan)
    page = watched_page(browser, 390, 844)
    sign_in(page, server, "fan")
    page.goto(server.url + "/u/jonas")
    page.wait_for_selector("#feed[aria-busy=false]")
    notice = page.locator("#feed .list-notice")
    notice.get_by_text("You blocked @jonas. Their posts are hidden from you.").wait_for()
    assert page.locator(".post:not([hidden])").count() == 0
    screenshot(page, "blocked-profile-390-light")
    assert serious(page) == []
    notice.get_by_role("button", name="Unblock @jonas").click()
    wait_until(page, f"{CELLS}.length === 3", timeout=15)
    assert page.is_hidden("#feed .list-notice")
    assert server.request("GET", "/api/me/blocks", None, fan)["users"] == []
    # Someone not blocked: no notice.
    page.goto(server.url + "/u/fan")
    page.wait_for_selector("#feed[aria-busy=false]")
    wait_until(page, "!!document.querySelector('#feed .list-notice:not([hidden])')")
    assert "blocked" not in page.inner_text("#feed")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []
