"""A newcomer's first ten minutes (issue 25), against a real `lots serve`: a visitor is told
what LOTs is and how to join without losing the first photos below the fold; every page has a
way back into the app; a phone's header is compact and signing out lands somewhere; /signin
says who is signed in; the first account is told it moderates; each page has its own title;
meal dates read in the reader's locale; a long word wraps; caption and restaurant count down
to their limits; a future meal date is refused on the page; liked and danger look different;
the Live badge stays off the photos; an error goes once its field is fixed; a sign-in limit
counts down; the account page lists blocked people; an unknown address is the app's own Not
found page. Phone and desktop, light and dark, under the real Content-Security-Policy."""
import base64
import re
import urllib.request

import pytest

from conftest import screenshot, sign_in, sign_in_with_form, watched_page
from test_pages import JPEG_FROM_CANVAS, wait_until
from test_story import sign_up

BOX = "(selector) => { const r = document.querySelector(selector).getBoundingClientRect();" \
      " return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }; }"
FIRST_CELL_TOP = ("Math.min(...[...document.querySelectorAll('.post:not([hidden])')]"
                  ".map((cell) => cell.getBoundingClientRect().top))")
FOCUSED = "document.activeElement === document.body ? 'body' : document.activeElement.textContent"


def cook_posts(server, count=4, caption="Pho"):
    token = server.sign_up("jonas")
    return token, [server.post(token, 500 + 40 * i, 400 + 30 * i, (150, 90 + 10 * i, 60),
                               "Pasta La Vista", caption)["id"] for i in range(count)]


def open_main(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


# 1. What LOTs is, and how to join, above the first photos.
@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (390, 844, "dark"),
                                                 (1280, 900, "light"), (1280, 900, "dark")])
def test_a_visitor_is_told_what_lots_is_above_the_first_photos(server, browser, width, height,
                                                              scheme):
    cook_posts(server)
    server.sign_up("ana")
    page = watched_page(browser, width, height, scheme)
    open_main(page, server)
    intro = page.locator("#intro")
    assert intro.is_visible()
    assert "today's lunches" in intro.inner_text()
    if width < 600:  # the header's form is on its own page: the links are the way in
        assert page.get_by_role("link", name="Sign up", exact=True).is_visible()
        assert page.get_by_role("link", name="Sign in", exact=True).is_visible()
    else:
        assert page.locator("#session").get_by_role("button", name="Sign up").is_visible()
    assert page.evaluate(FIRST_CELL_TOP) < height * 0.5
    screenshot(page, f"newcomer-visitor-{width}-{scheme}")
    sign_in_with_form(page, server, "ana")
    assert intro.is_hidden()
    clean(page)


# 2. The gallery is in the footer; every page has a way back into the app.
def test_the_gallery_is_in_the_footer_and_every_page_leads_back(server, browser):
    page = watched_page(browser, 390, 844, console_errors=False)  # the queue's 401 is logged
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    assert page.locator("header a[href^='/gallery']").count() == 0
    gallery = page.locator("footer a[href='/gallery/']")
    assert gallery.is_visible() and "Layout gallery" in gallery.inner_text()
    for path in ["/gallery/", "/gallery/bounty.html", "/moderation/"]:
        page.goto(server.url + path)
        back = page.get_by_role("link", name="← Back to LOTs")
        assert back.is_visible(), path
        assert back.get_attribute("href") == "/"
    back.click()
    page.wait_for_selector("#feed[aria-busy=false]")
    assert page.evaluate("location.pathname") == "/"
    clean(page)


# 3. A phone's header under 100 px; Sign out on the account page; focus lands, it is said.
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phones_header_is_compact_and_signing_out_lands_on_sign_in(server, browser, scheme):
    server.sign_up("ana")  # the first account: a moderator, whose header has the most
    cook_posts(server)
    page = watched_page(browser, 390, 844, scheme)
    sign_in(page, server, "ana")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    assert page.evaluate(BOX, "header")["height"] < 100
    assert page.get_by_role("link", name="Profile @ana").is_visible()
    assert page.get_by_role("link", name="Account").is_visible()
    assert page.get_by_role("link", name="Review queue").is_visible()
    screenshot(page, f"newcomer-header-390-{scheme}")
    page.evaluate("document.getElementById('offline').hidden = false")
    banner = page.evaluate(BOX, "#offline")
    assert banner["height"] < 40, "the offline banner is one line"
    screenshot(page, f"newcomer-header-offline-390-{scheme}")
    page.evaluate("document.getElementById('offline').hidden = true")
    page.get_by_role("link", name="Account").click()
    out = page.locator("#detail").get_by_role("button", name="Sign out", exact=True)
    out.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail", state="hidden")
    wait_until(page, "document.activeElement.textContent === 'Sign in'")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "/signin"
    assert page.inner_text("#notice") == "Signed out."
    assert page.get_attribute("#notice", "role") == "status"
    screenshot(page, f"newcomer-signed-out-390-{scheme}")
    clean(page)


def test_signing_out_from_a_desktops_header_lands_on_the_sign_in_form(server, browser):
    server.sign_up("ana")
    page = watched_page(browser, 1280, 900, "dark")
    sign_in(page, server, "ana")
    header = page.evaluate(BOX, "header")["height"]
    assert header < 70
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_selector("#who", state="hidden")
    wait_until(page, "document.activeElement.name === 'username'")
    assert page.evaluate("document.activeElement.closest('#session') !== null")
    assert page.inner_text("#notice") == "Signed out."
    page.get_by_role("button", name="Dismiss").click()
    assert page.inner_text("#notice") == ""
    assert page.evaluate(FOCUSED) != "body"
    clean(page)


# 4. /signin and /signup while signed in say so.
@pytest.mark.parametrize("path,width", [("/signin", 390), ("/signup", 1280)])
def test_the_sign_in_page_tells_someone_signed_in_who_they_are(server, browser, path, width):
    server.sign_up("ana")
    page = watched_page(browser, width, 844)
    sign_in(page, server, "ana")
    page.goto(server.url + path)
    overlay = page.locator("#detail")
    heading = overlay.get_by_role("heading", name="You are signed in as @ana")
    heading.wait_for()
    assert overlay.get_by_label("Password").count() == 0
    back = overlay.get_by_role("link", name="Back to LOTs")
    assert back.get_attribute("href") == "/"
    screenshot(page, f"newcomer-signed-in-already-{width}")
    overlay.get_by_role("button", name="Sign out", exact=True).click()
    overlay.get_by_label("Password").wait_for()
    assert page.is_hidden("#who")
    assert page.evaluate("document.activeElement.id") == "gate-username"
    clean(page)


# 5. The first account of a new LOTs is told, in words, that it moderates.
def test_the_first_account_is_told_it_moderates_and_the_next_is_not(server, browser):
    page = watched_page(browser, 390, 844)
    sign_up(page, server, "first")
    notice = page.locator("#notice")
    assert notice.inner_text() == ("Your account moderates this LOTs: reports reach you in the "
                                   "Review queue.")
    assert notice.get_attribute("role") == "status"
    assert notice.get_by_role("link", name="Review queue").get_attribute("href") == "/moderation/"
    screenshot(page, "newcomer-moderator-told-390")
    page.reload()
    page.wait_for_selector("#feed[aria-busy=false]")
    assert notice.inner_text() == "", "said once"
    other = watched_page(browser, 1280, 900)
    sign_up(other, server, "second")
    assert other.inner_text("#notice") == ""
    clean(page)
    clean(other)


# 6. Each page its own title, on every route change.
def test_each_page_has_its_own_title(server, browser):
    token, [post] = cook_posts(server, 1, "Pho")
    server.sign_up("ana")
    page = watched_page(browser, 1280, 900)
    sign_in(page, server, "ana")
    assert page.title() == "LOTs — Lunch Of Today"
    expected = [("Inspire", "Inspire · LOTs"), ("Likes", "Your likes · LOTs"),
                ("Post", "New post · LOTs")]
    for link, title in expected:
        page.locator("header nav").get_by_role("link", name=link).click()
        wait_until(page, f"document.title === {title!r}")
    page.goto(server.url + "/account")
    wait_until(page, "document.title === 'Account · LOTs'")
    page.get_by_role("button", name="Back").click()
    wait_until(page, "document.title === 'LOTs — Lunch Of Today'")
    page.get_by_role("link", name="Profile @ana").click()
    wait_until(page, "document.title === '@ana · LOTs'")
    # A post's page by a deep link: the server titled it.
    page.goto(f"{server.url}/p/{post}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    assert page.title() == "Pasta La Vista — Pho by @jonas · LOTs"
    page.get_by_role("button", name="Back").click()
    wait_until(page, "document.title === 'LOTs — Lunch Of Today'")
    for path, title in [("/signin", "Sign in · LOTs"), ("/signup", "Sign up · LOTs")]:
        page.goto(server.url + path)
        wait_until(page, f"document.title === {title!r}")
    clean(page)


def test_a_posts_page_opened_in_the_app_is_titled_by_its_post(server, browser):
    """Needs detail.js to call titles.js's postTitle(post) once the post is loaded."""
    _, [post] = cook_posts(server, 1, "Pho with extra basil, lime and a spoonful of chilli oil")
    expected = "Pasta La Vista — Pho with extra basil, lime and a… by @jonas · LOTs"
    with urllib.request.urlopen(f"{server.url}/p/{post}", timeout=10) as response:
        assert f"<title>{expected}</title>" in response.read().decode(), "as the server's"
    page = watched_page(browser, 1280, 900)
    open_main(page, server)
    page.locator(".post:not([hidden])").first.click()
    page.wait_for_selector("#detail[aria-busy=false] h2")
    wait_until(page, f"document.title === {expected!r}")
    page.get_by_role("button", name="Back").click()
    wait_until(page, "document.title === 'LOTs — Lunch Of Today'")
    clean(page)


# 7. Meal dates in the reader's locale, as local calendar days.
@pytest.mark.parametrize("locale,zone,expected", [
    ("en-GB", "America/Los_Angeles", "Thu 26 Nov"), ("en-US", "Pacific/Kiritimati",
                                                      "Thu, Nov 26")])
def test_a_meal_date_reads_in_the_readers_locale_on_its_own_day(server, browser, locale, zone,
                                                                 expected):
    context = browser.new_context(locale=locale, timezone_id=zone)
    page = context.new_page()
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
      const { formatDay, dayOf } = await import('/app/format.js');
      const now = new Date(2026, 10, 27, 0, 30);
      return [formatDay('2026-11-26', now), formatDay('2025-11-26', now),
              dayOf(new Date(2026, 10, 27, 0, 30)), formatDay('not a date', now)];
    }""")
    assert said[0] == expected
    assert "2025" in said[1] and "Wed" in said[1]
    assert said[2] == "2026-11-27"
    assert said[3] == "not a date"
    context.close()


def test_a_posts_page_says_its_meal_date_in_the_readers_locale(server, browser):
    """Needs detail.js to write formatDay(post.mealDate) (format.js) in place of the raw date."""
    _, [post] = cook_posts(server, 1)  # eaten 2026-11-21, a Saturday
    context = browser.new_context(locale="en-GB", timezone_id="America/New_York")
    page = context.new_page()
    page.goto(f"{server.url}/p/{post}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    meta = page.inner_text("#detail .meta")
    assert re.search(r"Sat 21 Nov( 2026)?", meta), meta
    assert "2026-11-21" not in meta
    context.close()


# 8. One long word wraps: the page never widens.
LONG_WORD = "Spaghetti" * 33 + "!!!"  # 300 characters, no space


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_caption_of_one_long_word_stays_within_a_phones_screen(server, browser, scheme):
    token = server.sign_up("mod")
    _, [post] = cook_posts(server, 1, LONG_WORD)
    server.request("POST", f"/api/posts/{post}/reports", {"reason": "Other: " + LONG_WORD},
                   server.sign_up("fan"))
    page = watched_page(browser, 390, 844, scheme)
    page.goto(f"{server.url}/p/{post}")
    page.wait_for_selector("#detail[aria-busy=false] .caption")
    wait_until(page, "document.querySelector('#detail .caption').getBoundingClientRect()"
                     ".width > 0")
    page.wait_for_timeout(700)  # the entrance has settled
    widths = page.evaluate("[document.documentElement.scrollWidth, "
                           "document.getElementById('detail').scrollWidth]")
    assert max(widths) <= 390, widths
    screenshot(page, f"newcomer-long-word-390-{scheme}")
    sign_in(page, server, "mod")
    page.goto(server.url + "/moderation/")
    page.wait_for_selector("#review[aria-busy=false] .case")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert token
    clean(page)


# 9. Caption and restaurant count down near their limits; nothing is cut silently.
def test_caption_and_restaurant_count_down_near_their_limits(server, browser):
    page = watched_page(browser, 390, 844, console_errors=False)
    sign_up(page, server, "cook")
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/posts") else None)
    page.goto(server.url + "/post")
    caption = page.get_by_label("Caption")
    counter = page.locator("#compose-caption-counter")
    caption.fill("a" * 390)
    assert counter.inner_text() == ""
    assert counter.get_attribute("aria-live") == "polite"
    assert "compose-caption-counter" in caption.get_attribute("aria-describedby")
    caption.fill("a" * 488)
    assert counter.inner_text() == "12 characters left"
    caption.fill("🍜" * 499)  # one character each, as the server counts
    assert counter.inner_text() == "1 character left"
    caption.fill("a" * 510)  # pasted past the limit: kept, and said
    assert len(caption.input_value()) == 510
    assert counter.inner_text() == "10 characters too many"
    restaurant = page.get_by_label("Restaurant", exact=True)
    restaurant.fill("R" * 95)
    assert page.inner_text("#compose-restaurant-counter") == "5 characters left"
    page.get_by_role("button", name="Post").click()
    wait_until(page, "document.getElementById('compose-caption-error').textContent !== ''")
    assert page.inner_text("#compose-caption-error") == "Caption must be 0 to 500 characters long."
    assert sent == []
    screenshot(page, "newcomer-counters-390")
    caption.fill("a" * 500)
    assert counter.inner_text() == "0 characters left"
    assert page.inner_text("#compose-caption-error") == "", "gone once edited"
    clean(page)


# 10. A meal date in the future is refused on the page.
def test_a_meal_date_in_the_future_is_refused_beside_the_field(server, browser):
    page = watched_page(browser, 1280, 900, "dark", console_errors=False)
    sign_up(page, server, "cook")
    page.goto(server.url + "/post")
    date = page.get_by_label("Meal date")
    today = page.evaluate("(() => { const d = new Date(); const p = (n) => String(n)"
                          ".padStart(2, '0'); return `${d.getFullYear()}-${p(d.getMonth() + 1)}"
                          "-${p(d.getDate())}`; })()")
    assert date.get_attribute("max") == today and date.input_value() == today
    tomorrow = page.evaluate("(() => { const d = new Date(); d.setDate(d.getDate() + 1);"
                             " const p = (n) => String(n).padStart(2, '0'); return "
                             "`${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; })()")
    date.fill(tomorrow)
    wait_until(page, "document.getElementById('compose-mealDate-error').textContent !== ''")
    assert page.inner_text("#compose-mealDate-error") == "The meal date cannot be in the future."
    assert date.get_attribute("aria-invalid") == "true"
    screenshot(page, "newcomer-future-date-1280-dark")
    date.fill(today)
    wait_until(page, "document.getElementById('compose-mealDate-error').textContent === ''")
    clean(page)


# 11. Liked (a state) and Block, Delete, Report (dangers) look different, light and dark.
def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


COLOURS = """(selector) => {
  const node = document.querySelector(selector);
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  let paint = node, background = rgb(getComputedStyle(node).backgroundColor);
  while (background.length === 4 && background[3] === 0 && paint.parentElement) {
    paint = paint.parentElement;
    background = rgb(getComputedStyle(paint).backgroundColor);
  }
  return { text: rgb(getComputedStyle(node).color).slice(0, 3), background: background.slice(0, 3),
           own: getComputedStyle(node).backgroundColor };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_liked_and_danger_look_different(server, browser, scheme):
    _, [post] = cook_posts(server, 1)
    server.sign_up("fan")
    page = watched_page(browser, 390, 844, scheme)
    sign_in(page, server, "fan")
    page.goto(f"{server.url}/p/{post}")
    page.get_by_role("button", name="Like").click()
    page.get_by_role("button", name="Unlike").wait_for()
    page.wait_for_timeout(700)  # the entrance has settled
    liked = page.evaluate(COLOURS, "#detail .like")
    report = page.evaluate(COLOURS, "#detail .report")
    block = page.evaluate(COLOURS, "#detail .block")
    assert liked["background"] != block["background"] and liked["text"] != block["text"]
    assert block["own"] == report["own"] == "rgba(0, 0, 0, 0)", "a danger is outlined"
    for colours in (liked, report, block):
        assert contrast(colours["text"], colours["background"]) >= 4.5, colours
    screenshot(page, f"newcomer-liked-and-danger-390-{scheme}")
    clean(page)


# 12. The Live badge is not over the photos.
@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_live_badge_stays_off_the_photos(server, browser, width, height):
    cook_posts(server, 6)
    page = watched_page(browser, width, height)
    open_main(page, server)
    wait_until(page, "document.getElementById('live').textContent.includes('Live')")
    live = page.evaluate(BOX, "#live")
    feed = page.evaluate(BOX, "#feed")
    assert live["height"] > 0
    assert live["top"] >= feed["bottom"] or live["bottom"] <= feed["top"], (live, feed)
    page.evaluate("document.querySelector('#feed .cv-scroller').scrollTop = 200")
    assert page.evaluate(BOX, "#live") == live, "it does not follow the scroll"
    clean(page)


# 13. An error beside a field goes once the field is fixed, in every form.
def test_a_photo_error_goes_when_a_good_photo_is_chosen(server, browser, tmp_path):
    page = watched_page(browser, 390, 844, console_errors=False)
    sign_up(page, server, "cook")
    jpeg = base64.b64decode(page.evaluate(JPEG_FROM_CANVAS))
    page.goto(server.url + "/post")
    text = tmp_path / "menu.txt"
    text.write_text("not a photo")
    photo = page.get_by_label("Add photos")
    photo.set_input_files(str(text))
    wait_until(page, "document.getElementById('compose-photo-error').textContent !== ''")
    # Several files may be chosen at once: the one refused is named.
    assert page.inner_text("#compose-photo-error") == (
        "“menu.txt” was not added: photo must be a JPEG, PNG, WebP or HEIC image.")
    assert photo.get_attribute("aria-invalid") == "true"
    photo.set_input_files({"name": "lunch.jpg", "mimeType": "image/jpeg", "buffer": jpeg})
    wait_until(page, "document.getElementById('compose-photo-error').textContent === ''")
    assert photo.get_attribute("aria-invalid") == "false"
    page.wait_for_selector("#detail .preview:not([hidden])")
    # A field the server refused goes quiet once edited.
    page.get_by_role("button", name="Post").click()
    wait_until(page, "document.getElementById('compose-restaurant-error').textContent !== ''")
    assert page.inner_text("#compose-restaurant-error") == (
        "Restaurant must be 1 to 100 characters long.")
    page.get_by_label("Restaurant", exact=True).type("G")
    assert page.inner_text("#compose-restaurant-error") == ""
    assert page.get_attribute("#compose-restaurant", "aria-invalid") == "false"
    clean(page)


def test_a_sign_in_error_goes_when_the_form_is_edited(server, browser):
    server.sign_up("ana")
    page = watched_page(browser, 390, 844, console_errors=False)  # the 401 is logged
    page.goto(server.url + "/signin")
    overlay = page.locator("#detail")
    overlay.get_by_label("Username").fill("ana")
    overlay.get_by_label("Password").fill("not her password")
    overlay.get_by_label("Password").press("Enter")
    wait_until(page, "document.getElementById('gate-error').textContent !== ''")
    assert page.inner_text("#gate-error") == "Username or password is incorrect."
    overlay.get_by_label("Password").type("!")
    assert page.inner_text("#gate-error") == ""
    clean(page)


# 15. The header's form on a desktop: an old server error goes when the form is edited, or
# when the browser refuses another field.
def test_the_headers_old_error_goes_when_edited_or_refused_by_the_browser(server, browser):
    server.sign_up("ana")
    page = watched_page(browser, 1280, 900, console_errors=False)  # the 401 is logged
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    form = page.locator("#session")

    def refused():
        form.locator("input[name=username]").fill("ana")
        form.locator("input[name=password]").fill("not her password")
        form.get_by_role("button", name="Sign in").click()
        wait_until(page, "document.getElementById('session-error').textContent !== ''")
        assert page.inner_text("#session-error") == "Username or password is incorrect."
        wait_until(page, "document.getElementById('session').getAttribute('aria-busy')"
                         " === 'false'")

    refused()
    form.locator("input[name=username]").press("End")
    form.locator("input[name=username]").type("x")
    assert page.inner_text("#session-error") == ""
    refused()
    form.locator("input[name=password]").evaluate("(input) => { input.value = ''; }")
    form.get_by_role("button", name="Sign in").click()  # the browser says: fill it in
    wait_until(page, "document.getElementById('session-error').textContent === ''")
    assert page.is_hidden("#session-error")
    clean(page)


# 14. A sign-in limit counts down, and the button comes back at 0; messages are sentences.
def test_a_sign_in_limit_counts_down_and_gives_the_button_back(server, browser):
    server.sign_up("owner")
    page = watched_page(browser, 1280, 900, console_errors=False)  # the 401s and 429 are logged
    page.goto(server.url + "/signin")
    overlay = page.locator("#detail")
    overlay.get_by_label("Username").fill("owner")
    held = "document.querySelector('#detail form button').getAttribute('aria-disabled')"
    # Ten wrong passwords for one name are answered; then the limit (a token back every 5 s).
    for attempt in range(30):
        overlay.get_by_label("Password").fill(f"wrong password {attempt}")
        overlay.get_by_label("Password").press("Enter")
        wait_until(page, "document.querySelector('#detail form').getAttribute('aria-busy')"
                         " === 'false'")
        first = page.inner_text("#gate-error")
        if first != "Username or password is incorrect.":
            break
    match = re.fullmatch(r"Too many sign-in attempts\. Try again in (\d+) s\.", first)
    assert match, first
    assert page.evaluate(held) == "true"
    seconds = int(match.group(1))
    if seconds > 1:
        # It counts down (any lower number: a busy machine may skip one between two polls).
        wait_until(page, "(m => m !== null && Number(m[1]) < " + str(seconds) + ")("
                   "/^Too many sign-in attempts\\. Try again in (\\d+) s\\.$/"
                   ".exec(document.getElementById('gate-error').textContent))", timeout=30)
    wait_until(page, f"{held} === 'false'", timeout=seconds + 10)
    assert page.inner_text("#gate-error") == ""
    clean(page)


# 16. The account page lists the people one blocked, each with Unblock.
def test_the_account_page_lists_blocked_people_to_unblock(server, browser):
    server.sign_up("jonas")
    server.sign_up("cara")
    fan = server.sign_up("fan")
    server.request("PUT", "/api/users/jonas/block", None, fan)
    server.request("PUT", "/api/users/cara/block", None, fan)
    server.sign_up("new")
    for name in ["new", "fan"]:
        page = watched_page(browser, 390, 844)
        sign_in(page, server, name)
        page.goto(server.url + "/account")
        section = page.locator("#detail section", has=page.get_by_role("heading",
                                                                       name="Blocked people"))
        if name == "new":
            section.get_by_text("You have not blocked anyone.").wait_for()
            page.context.close()
    rows = page.locator("#detail .blocked li")
    wait_until(page, "document.querySelectorAll('#detail .blocked li').length === 2")
    assert [rows.nth(i).locator(".name").inner_text() for i in range(2)] == ["@cara", "@jonas"]
    section.scroll_into_view_if_needed()
    screenshot(page, "newcomer-blocked-people-390")
    page.get_by_role("button", name="Unblock @cara").click()
    wait_until(page, "document.querySelectorAll('#detail .blocked li').length === 1")
    assert "@cara is unblocked" in section.get_by_role("status").inner_text()
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Unblock @jonas"
    assert server.request("GET", "/api/me/blocks", None, fan)["users"][0]["username"] == "jonas"
    page.get_by_role("button", name="Unblock @jonas").click()
    section.get_by_text("You have not blocked anyone.").wait_for()
    assert page.evaluate(FOCUSED) == "Blocked people"
    clean(page)


# 17. An unknown address is the app's own Not found page.
@pytest.mark.parametrize("path,said", [
    ("/nope", "no page at this address"), ("/u/nobody", "No one on LOTs is called @nobody"),
    ("/p/99999", "no post at this address")])
def test_an_unknown_address_is_the_apps_own_not_found_page(server, browser, path, said):
    page = watched_page(browser, 390, 844, console_errors=False)  # the 404 is logged
    page.goto(server.url + path)
    heading = page.get_by_role("heading", name="Not found")
    heading.wait_for()
    assert said in page.inner_text("#not-found")
    assert page.title() == "Not found · LOTs"
    screenshot(page, "newcomer-not-found" + path.replace("/", "-"))
    page.get_by_role("link", name="Go to Main").click()
    page.wait_for_selector("#feed[aria-busy=false]")
    assert page.is_hidden("#not-found") and page.title() == "LOTs — Lunch Of Today"
    clean(page)


@pytest.mark.parametrize("path,said", [
    ("/u/nobody", "No one on LOTs is called @nobody"), ("/p/99999", "no post at this address")])
def test_a_link_in_the_app_to_nothing_shows_not_found(server, browser, path, said):
    """Needs lists.js (a profile's 404) and detail.js (a post's 404) to call not-found.js."""
    page = watched_page(browser, 1280, 900, console_errors=False)  # the 404 is logged
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.evaluate("""(path) => {
      const link = Object.assign(document.createElement('a'), { href: path, textContent: 'x' });
      document.getElementById('footer').append(link);
      link.click();
    }""", path)
    page.get_by_role("heading", name="Not found").wait_for()
    assert said in page.inner_text("body")
    assert page.title() == "Not found · LOTs"
    page.get_by_role("link", name="Go to Main").click()
    page.wait_for_selector("#feed[aria-busy=false]")
    assert page.evaluate("location.pathname") == "/"
    clean(page)
