"""Posts of several photos against a real `lots serve` (LOTS_BIN built with them), under the
real Content-Security-Policy: a post of four photos of different colours, each with its
description but one, made through the API (repeated `photo` and `description` parts), shows a
carousel on its page. Photo 1 first; Next and Previous move one photo and are `aria-disabled`
at the ends (keeping the focus); a dot ("Photo 3 of 4") goes to its photo; ArrowRight,
ArrowLeft, Home and End move it with the focus on a button, a dot or a slide; a mouse drag and
a touch swipe snap to the next photo, centred; each photo's alternative text is its
description (the post's words where there is none); the live region names the photo it rests
on; with reduced motion a button's move happens at once. A feed cell of the post shows "4
photos" on its photo's corner, clear of the Save button, and cells showing posts of one photo
never keep the mark (recycled cells included). A post of one photo keeps its plain image and
no controls. axe finds nothing serious on the post's page, phone and desktop, light and dark
(screenshots: artifacts/screenshots/carousel-*). Every wait is a hang guard, not a deadline."""

import pytest

from conftest import screenshot, watched_page
from lots_server import LotsServer
from test_pages import wait_until
from test_axe import serious

COLOURS = [(200, 60, 40), (40, 150, 70), (50, 80, 200), (230, 190, 40)]
SIZES = [(600, 800), (800, 600), (700, 700), (640, 800)]
DESCRIPTIONS = ["Steaming bowl of pho with rare beef", "Fresh herbs and lime on the side", "",
                "The bill, written by hand"]
ALTS = DESCRIPTIONS[:2] + ["Pho with everything at Pho Real, photo by @ana"] + DESCRIPTIONS[3:]
SINGLES = 24

# The carousel as a reader sees it: the slide nearest the middle (and how far from it), the
# dot marked current, the counter, the buttons' state, the live region.
STATE = """() => {
  const root = document.getElementById('post-photos');
  if (!root) return null;
  const box = root.querySelector('.cv-scroller').getBoundingClientRect();
  const middle = box.left + box.width / 2;
  let centred = null, off = Infinity;
  for (const slide of root.querySelectorAll('.carousel-slide:not([hidden])')) {
    const r = slide.getBoundingClientRect();
    const d = Math.abs(r.left + r.width / 2 - middle);
    if (d < off) { off = d; centred = slide; }
  }
  const dots = [...root.querySelectorAll('.carousel-dot')];
  const disabled = (name) =>
    root.querySelector(`[aria-label="${name}"]`).getAttribute('aria-disabled') === 'true';
  return { centred: Number(centred.dataset.item), off,
    scroll: root.querySelector('.cv-scroller').scrollLeft,
    current: dots.findIndex((d) => d.getAttribute('aria-current') === 'true'),
    label: centred.getAttribute('aria-label'), alt: centred.querySelector('img').alt,
    counter: root.querySelector('.carousel-counter').textContent,
    live: root.querySelector('.carousel-live').textContent,
    previousDisabled: disabled('Previous photo'), nextDisabled: disabled('Next photo') };
}"""


@pytest.fixture(scope="module")
def site():
    """ana's post of four photos, then (newer, above it on Main) posts of one photo (more than
    the server lets one person post in an hour by default)."""
    server = LotsServer("--no-rate-limits").start()
    try:
        ana = server.sign_up("ana")
        several = server.post_photos(ana, [(*size, rgb) for size, rgb in zip(SIZES, COLOURS)],
                              DESCRIPTIONS, "Pho Real", "Pho with everything")
        assert len(several["morePhotos"]) == 3, several
        assert [p["description"] for p in [several["photo"], *several["morePhotos"]]] == \
            DESCRIPTIONS
        singles = [server.post(ana, 400 + 30 * (i % 4), 300 + 50 * (i % 3),
                               (90 + 6 * i, 110, 160 - 4 * i), f"Single {i}", f"Dish {i}")["id"]
                   for i in range(SINGLES)]
        yield server, several["id"], singles
    finally:
        server.stop()


def state(page):
    return page.evaluate(STATE)


def shown(page, index):
    """Waits until photo `index` rests in the middle (scroll still for two looks) and the
    controls say so; returns the carousel's state."""
    last = [None]

    def resting():
        now = state(page)
        still = last[0] is not None and abs(now["scroll"] - last[0]["scroll"]) < 0.5
        last[0] = now
        return (still and now["centred"] == index and now["off"] < 1.5
                and now["current"] == index)
    looks = 600  # a hang guard: 30 s
    while not resting():
        looks -= 1
        assert looks > 0, f"photo {index + 1} never came to rest: {last[0]}"
        page.wait_for_timeout(50)
    return last[0]


def said(page, text):
    wait_until(page, f"document.querySelector('.carousel-live').textContent === {text!r}",
               timeout=15)


def open_post(page, server, post):
    page.goto(f"{server.url}/p/{post}")
    page.wait_for_selector("#detail[aria-busy=false] h2")


def open_carousel(page, server, post):
    open_post(page, server, post)
    page.wait_for_selector("#post-photos .carousel-slide img")
    # The page's entrance (the photos flip in) over.
    wait_until(page, "document.getAnimations().every((a) => a.playState !== 'running')")
    return shown(page, 0)


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_buttons_dots_and_keys_move_one_photo_and_say_which(site, browser):
    server, several, _ = site
    page = watched_page(browser, 1280, 800)
    first = open_carousel(page, server, several)
    region = page.get_by_role("region", name="Photos of this post")
    assert region.get_attribute("aria-roledescription") == "carousel"
    assert first["label"] == "Photo 1 of 4" and first["alt"] == ALTS[0]
    assert first["counter"] == "1 / 4" and first["live"] == ""
    assert first["previousDisabled"] and not first["nextDisabled"]
    slide = page.locator(".carousel-slide[data-item='0']")
    assert [slide.get_attribute(a) for a in ("role", "aria-roledescription", "aria-label")] == \
        ["group", "slide", "Photo 1 of 4"]
    assert page.locator(".carousel-dot").count() == 4
    for dot in page.locator(".carousel-dot").all():  # a target of at least 24 × 24
        box = dot.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, box
    for name in ("Previous photo", "Next photo"):
        box = page.get_by_role("button", name=name).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (name, box)

    # Next and Previous.
    page.get_by_role("button", name="Next photo").click()
    now = shown(page, 1)
    assert now["alt"] == ALTS[1] and now["label"] == "Photo 2 of 4" and now["counter"] == "2 / 4"
    assert not now["previousDisabled"] and not now["nextDisabled"]
    said(page, f"Photo 2 of 4: {DESCRIPTIONS[1]}")
    page.get_by_role("button", name="Previous photo").click()
    assert shown(page, 0)["previousDisabled"]
    said(page, f"Photo 1 of 4: {DESCRIPTIONS[0]}")

    # A dot; the photo without a description has the post's words, and is said by number.
    page.get_by_role("button", name="Photo 3 of 4").click()
    assert shown(page, 2)["alt"] == ALTS[2]
    said(page, "Photo 3 of 4")
    assert page.get_by_role("button", name="Photo 3 of 4").get_attribute("aria-current") == "true"
    assert page.get_by_role("button", name="Photo 1 of 4").get_attribute("aria-current") is None

    # Arrow keys with the focus on Next: it stays there, disabled at the end.
    page.get_by_role("button", name="Next photo").focus()
    page.keyboard.press("ArrowRight")
    end = shown(page, 3)
    assert end["nextDisabled"] and end["alt"] == ALTS[3]
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Next photo"
    page.keyboard.press("Enter")  # disabled: nothing moves
    page.keyboard.press("ArrowRight")
    assert shown(page, 3)["current"] == 3
    said(page, f"Photo 4 of 4: {DESCRIPTIONS[3]}")
    page.keyboard.press("ArrowLeft")
    shown(page, 2)
    page.keyboard.press("Home")
    shown(page, 0)
    page.keyboard.press("End")
    shown(page, 3)

    # On a dot the focus follows the photo; on a slide the view moves the focus to the next.
    page.get_by_role("button", name="Photo 2 of 4").focus()
    page.keyboard.press("ArrowRight")
    shown(page, 2)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Photo 3 of 4"
    page.locator(".carousel-slide[data-item='2']").focus()
    page.keyboard.press("ArrowLeft")
    shown(page, 1)
    assert page.evaluate("document.activeElement.dataset.item") == "1"
    page.keyboard.press("ArrowRight")
    shown(page, 2)
    page.keyboard.press("Home")
    shown(page, 0)
    assert page.evaluate("document.activeElement.dataset.item") == "0"
    # A click on a neighbour brings it to the middle.
    page.locator(".carousel-slide[data-item='1']").click(position={"x": 12, "y": 100})
    shown(page, 1)
    clean(page)
    page.context.close()


def test_a_mouse_drag_snaps_to_the_next_photo(site, browser):
    server, several, _ = site
    page = watched_page(browser, 1280, 800)
    open_carousel(page, server, several)
    box = page.locator("#post-photos .cv-scroller").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    # Over half a photo to the left, unhurried: the next photo (whether the release is read
    # as still or as moving), not a fling past it.
    distance = page.evaluate(
        "document.querySelector('#post-photos .carousel-slide').offsetWidth") * 0.6
    for step in range(1, 21):
        page.mouse.move(x - distance * step / 20, y)
        page.wait_for_timeout(30)
    page.mouse.up()
    now = shown(page, 1)
    assert now["alt"] == ALTS[1]
    said(page, f"Photo 2 of 4: {DESCRIPTIONS[1]}")
    clean(page)
    page.context.close()


def test_a_touch_swipe_on_a_phone_snaps_to_the_next_photo(site, browser):
    server, several, _ = site
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    open_carousel(page, server, several)
    box = page.locator("#post-photos .cv-scroller").bounding_box()
    x, y = box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)

    def touch(kind, points):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", [{"x": x, "y": y}])
    for step in range(1, 21):  # 200 px to the left, unhurried: the next photo, not a fling
        touch("touchMove", [{"x": x - 10 * step, "y": y}])
        page.wait_for_timeout(25)
    touch("touchEnd", [])
    assert shown(page, 1)["alt"] == ALTS[1]
    assert page.errors == []
    context.close()


def test_reduced_motion_moves_at_once(site, browser):
    server, several, _ = site
    page = watched_page(browser, 1280, 800)
    page.emulate_media(reduced_motion="reduce")
    open_carousel(page, server, several)
    moved = page.evaluate("""() => {
      const scroller = document.querySelector('#post-photos .cv-scroller');
      const before = scroller.scrollLeft;
      document.querySelector('#post-photos [aria-label="Next photo"]').click();
      return scroller.scrollLeft - before;
    }""")
    assert moved > 100, moved  # in the same task: no smooth scroll
    shown(page, 1)
    page.emulate_media(reduced_motion="no-preference")
    smooth = page.evaluate("""() => {
      const scroller = document.querySelector('#post-photos .cv-scroller');
      const before = scroller.scrollLeft;
      document.querySelector('#post-photos [aria-label="Next photo"]').click();
      return scroller.scrollLeft - before;
    }""")
    assert smooth < 50, smooth  # smoothly, over the next frames
    shown(page, 2)
    clean(page)
    page.context.close()


def mark(page, post):
    """The count mark of `post`'s cell on Main: shown, its words, and whether it overlaps the
    cell's Save button; None when the cell has no shown mark."""
    return page.evaluate("""(id) => {
      const cell = [...document.querySelectorAll('#feed .post:not([hidden])')]
        .find((c) => c.querySelector('img')?.dataset.post === String(id));
      if (!cell) return 'no cell';
      const mark = cell.querySelector('.photo-count');
      if (!mark || mark.hidden || !mark.checkVisibility()) return null;
      const a = mark.getBoundingClientRect();
      const save = cell.querySelector('.cell-save')?.getBoundingClientRect();
      const overlaps = (b) => b && a.left < b.right && b.left < a.right && a.top < b.bottom
        && b.top < a.bottom;
      const photo = cell.querySelector('img').getBoundingClientRect();
      return { words: mark.querySelector('.visually-hidden').textContent,
        drawn: mark.querySelector('span[aria-hidden=true]').textContent,
        overSave: overlaps(save), onPhoto: a.top >= photo.top && a.right <= photo.right + 1
          && a.bottom <= photo.bottom, name: cell.getAttribute('aria-label') };
    }""", post)


# Cells showing a post of one photo with a shown mark (a recycled cell that kept one).
STRAY_MARKS = """(several) => [...document.querySelectorAll('#feed .post:not([hidden])')]
  .filter((c) => c.querySelector('img')?.dataset.post !== String(several))
  .filter((c) => { const m = c.querySelector('.photo-count'); return m && !m.hidden; }).length"""


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_a_feed_cell_marks_a_post_of_several_photos(site, browser, width, height, scheme):
    server, several, singles = site
    page = watched_page(browser, width, height, scheme)
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post img")
    assert mark(page, singles[-1]) is None
    # The post of four is the oldest, at the bottom: scroll down (recycling cells) to it.
    scroller = "document.querySelector('#feed .cv-scroller')"
    wait_until(page, f"""(() => {{ const s = {scroller}; s.scrollTop = s.scrollHeight;
        return [...document.querySelectorAll('#feed .post:not([hidden]) img')]
          .some((i) => i.dataset.post === '{several}'); }})()""", timeout=30)
    page.wait_for_timeout(300)
    found = mark(page, several)
    assert found["words"] == "4 photos" and found["drawn"] == "4", found
    assert not found["overSave"] and found["onPhoto"], found
    assert found["name"].endswith(", 4 photos"), found
    screenshot(page, f"carousel-feed-{width}-{scheme}")
    assert page.evaluate(STRAY_MARKS, several) == 0
    # Back to the top: the cell that showed it now shows a post of one photo, without the mark.
    page.evaluate(f"{scroller}.scrollTop = 0")
    page.wait_for_timeout(300)
    wait_until(page, f"{scroller}.scrollTop === 0")
    assert page.evaluate(STRAY_MARKS, several) == 0
    assert mark(page, singles[-1]) is None
    clean(page)
    page.context.close()


def test_a_post_of_one_photo_keeps_its_plain_image(site, browser):
    server, _, singles = site
    page = watched_page(browser, 390, 844)
    open_post(page, server, singles[0])
    image = page.locator("#detail img.photo")
    assert image.get_attribute("alt") == "Dish 0 at Single 0, photo by @ana"
    assert page.locator("#post-photos, .carousel-step, .carousel-dot").count() == 0
    assert page.get_by_role("button", name="Next photo").count() == 0
    clean(page)
    page.context.close()



@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (390, 844, "dark"),
                                                 (1280, 800, "light"), (1280, 800, "dark")])
def test_the_carousel_passes_axe_and_is_screenshotted(site, browser, width, height, scheme):
    server, several, _ = site
    page = watched_page(browser, width, height, scheme, console_errors=True)
    open_carousel(page, server, several)
    page.wait_for_timeout(700)  # the entrance settled
    screenshot(page, f"carousel-{width}-{scheme}-first")
    assert serious(page) == []
    page.get_by_role("button", name="Next photo").click()
    shown(page, 1)
    page.keyboard.press("Shift+Tab")  # the keyboard's focus on Next, for the picture
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    screenshot(page, f"carousel-{width}-{scheme}-second")
    assert serious(page) == []
    clean(page)
    page.context.close()
