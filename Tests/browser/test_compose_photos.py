"""The Post form of several photos, against a real `lots serve`: two photos from the file
chooser and one from LOTs's own camera (Chrome's fake one), each described, put in order with
Move earlier / Move later by keyboard alone (the focus stays on the button, the new place is
said), sent as one post whose photos the server keeps in that order with their descriptions,
each card saying "Sending" and "Sent" as its bytes go; an eleventh photo is refused in words; a
file that is not a photo among good ones is refused by the server beside that photo, and no
post is made; a camera that may not be used, or is not there, says so and offers the file
chooser; closing the camera stops its stream and gives the focus back. axe finds nothing
serious, phone and desktop, light and dark, under the real Content-Security-Policy; the
screenshots (artifacts/screenshots/compose-*) are for a person to look at. The post just made
is opened from Main and its three photos gone through in its carousel: Next and Previous, the
dots, ArrowRight and ArrowLeft, and a swipe (a touch on the phone, a mouse drag on the
desktop), each photo shown with the description typed for it, in the order chosen."""
import pytest

from conftest import screenshot, watched_page
from lots_server import png
from test_pages import wait_until
from test_story import sign_up
from test_axe import serious
from test_carousel import said, shown

CARDS = "#compose-photos > li"
CAMERA_STATUS = "document.querySelector('#camera .camera-status')?.textContent"
NEWS = "document.getElementById('compose-photo-news').textContent.trim()"
# The focused element's text, and the legend of the photo card it is in.
FOCUS = """(() => { const a = document.activeElement;
  return [a.textContent, a.closest('fieldset')?.querySelector('legend')?.textContent ?? null];
})()"""
# Every getUserMedia stream the page was given, so a test can see its tracks end.
KEEP_STREAMS = """(() => { window.__streams = [];
  const media = navigator.mediaDevices;
  if (!media) return;
  const real = media.getUserMedia.bind(media);
  media.getUserMedia = async (c) => {
    const s = await real(c); window.__streams.push(s); return s; };
})();"""
REFUSE_CAMERA = """(() => {
  navigator.mediaDevices.getUserMedia = () =>
    Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
})();"""
# Each card's upload states, in the order each was first seen ("Sending", "Sent").
WATCH_STATES = """() => { window.__states = {};
  new MutationObserver(() => {
    for (const state of document.querySelectorAll('#compose-photos .photo-state')) {
      const card = state.closest('fieldset').querySelector('.photo-name').textContent
        .split(' · ')[0];
      const seen = (window.__states[card] ??= []);
      if (state.textContent && seen.at(-1) !== state.textContent) seen.push(state.textContent);
    }
  }).observe(document.getElementById('compose-photos'),
    { subtree: true, childList: true, characterData: true });
}"""


def picture(name, width, height, rgb):
    return {"name": name, "mimeType": "image/png", "buffer": png(width, height, rgb)}


def card(page, position, count):
    return page.get_by_role("group", name=f"Photo {position} of {count}", exact=True)


def open_form(page, server, username="cook"):
    sign_up(page, server, username)
    page.goto(server.url + "/post")
    page.get_by_label("Add photos").wait_for(state="attached")


def take_photo(page):
    """Opens the camera, waits for its picture, presses the Shutter, uses the photo."""
    page.get_by_role("button", name="Take photo").click()
    page.get_by_role("dialog", name="Camera").wait_for()
    wait_until(page, f"{CAMERA_STATUS} === 'The camera is on.'")
    page.get_by_role("button", name="Shutter").click()
    page.get_by_role("button", name="Use photo").click()
    page.get_by_role("dialog", name="Camera").wait_for(state="detached")


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def swipe(page, towards, touch):
    """Drags the carousel's photo most of a photo's width unhurriedly: to the left
    (`towards` "next") or to the right ("previous"); a finger (`touch`, through the Chrome
    DevTools Protocol) or the mouse."""
    box = page.locator("#post-photos .cv-scroller").bounding_box()
    distance = page.evaluate(
        "document.querySelector('#post-photos .carousel-slide').offsetWidth") * 0.6
    sign = -1 if towards == "next" else 1
    middle, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    x = middle - sign * distance / 2
    if touch:
        cdp = page.context.new_cdp_session(page)

        def finger(kind, points):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        finger("touchStart", [{"x": x, "y": y}])
        for step in range(1, 21):
            finger("touchMove", [{"x": x + sign * distance * step / 20, "y": y}])
            page.wait_for_timeout(25)
        finger("touchEnd", [])
        cdp.detach()
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        for step in range(1, 21):
            page.mouse.move(x + sign * distance * step / 20, y)
            page.wait_for_timeout(30)
        page.mouse.up()


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_three_photos_chosen_taken_ordered_described_posted_and_gone_through_in_the_carousel(
        server, camera_browser, width, height, scheme):
    page = watched_page(camera_browser, width, height, scheme)
    page.add_init_script(KEEP_STREAMS)
    open_form(page, server)
    page.get_by_label("Add photos").set_input_files([
        picture("red.png", 64, 48, (200, 40, 40)), picture("green.png", 48, 64, (40, 160, 60))])
    wait_until(page, f"document.querySelectorAll('{CARDS}').length === 2")
    assert page.evaluate(NEWS) == "2 photos added: 2 in all."
    take_photo(page)
    assert page.evaluate(FOCUS)[0] == "Take photo", "the focus is back where the camera opened"
    assert page.evaluate("window.__streams.flatMap((s) => s.getTracks())"
                         ".every((t) => t.readyState === 'ended')"), "the camera is off"
    assert page.evaluate(NEWS) == "Photo 3 of 3 added."
    assert card(page, 3, 3).locator(".photo-name").inner_text().startswith("camera-")
    for position, text in [(1, "A red square"), (2, "A green square"),
                           (3, "The camera's test pattern")]:
        card(page, position, 3).get_by_label(f"Description of photo {position}").fill(text)
    screenshot(page, f"compose-three-photos-{width}-{scheme}")

    # The camera's photo goes first, then the red one after the green one: keys only.
    card(page, 3, 3).get_by_label("Description of photo 3").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS) == ["Move earlier", "Photo 3 of 3"]
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUS) == ["Move earlier", "Photo 2 of 3"], "focus moves with it"
    assert page.evaluate(NEWS) == "Photo moved to position 2 of 3."
    page.keyboard.press("Space")
    assert page.evaluate(FOCUS) == ["Move earlier", "Photo 1 of 3"]
    assert page.evaluate(NEWS) == "Photo moved to position 1 of 3."
    assert card(page, 1, 3).locator(".move-earlier").get_attribute("aria-disabled") == "true"
    page.keyboard.press("Enter")  # already first: said, nothing moves, the focus stays
    assert page.evaluate(NEWS) == "This photo is already the first."
    assert page.evaluate(FOCUS) == ["Move earlier", "Photo 1 of 3"]
    card(page, 2, 3).get_by_role("button", name="Move later").focus()
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUS) == ["Move later", "Photo 3 of 3"]
    assert page.evaluate(NEWS) == "Photo moved to position 3 of 3."
    names = [card(page, n, 3).locator(".photo-name").inner_text().split(" · ")[0]
             for n in (1, 2, 3)]
    assert names[1:] == ["green.png", "red.png"] and names[0].startswith("camera-")
    assert card(page, 3, 3).get_by_label("Description of photo 3").input_value() == "A red square"

    page.get_by_label("Caption").fill("Three plates")
    page.get_by_label("Restaurant", exact=True).fill("Green Table")
    page.evaluate(WATCH_STATES)
    with page.expect_response(lambda r: r.url.endswith("/api/posts")
                              and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Post").click()
    assert answer.value.status == 201, answer.value.text()
    post_id = answer.value.json()["id"]
    states = page.evaluate("window.__states")
    assert all(seen[-1] == "Sent" for seen in states.values()) and len(states) == 3, states
    post = server.request("GET", f"/api/posts/{post_id}")
    photos = [post["photo"], *post["morePhotos"]]
    described = ["The camera's test pattern", "A green square", "A red square"]
    assert [p["description"] for p in photos] == described
    assert [(p["width"], p["height"]) for p in photos[1:]] == [(48, 64), (64, 48)]
    assert photos[0]["width"] > photos[0]["height"], "the camera's landscape frame"
    wait_until(page, "location.pathname === '/'")
    clean(page)

    # The post just made, opened from Main (its cell named with its three photos): the
    # carousel goes through the photos in the order chosen, each named by its description.
    cell = page.get_by_role("article", name="Green Table: Three plates, by @cook")
    assert cell.get_attribute("aria-label").endswith(", 3 photos")
    cell.locator("img").first.click()
    wait_until(page, f"location.pathname === '/p/{post_id}'")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    page.wait_for_selector("#post-photos .carousel-slide img")
    wait_until(page, "document.getAnimations().every((a) => a.playState !== 'running')",
               timeout=30)
    region = page.get_by_role("region", name="Photos of this post")
    assert region.get_attribute("aria-roledescription") == "carousel"
    assert page.locator("#post-photos .carousel-dot").count() == 3

    def at(index):
        """Waits for photo `index` to rest in the middle; checks it shows its description."""
        now = shown(page, index)
        assert now["alt"] == described[index], (index, now)
        assert now["label"] == f"Photo {index + 1} of 3" and now["counter"] == f"{index + 1} / 3"
        assert now["previousDisabled"] == (index == 0) and now["nextDisabled"] == (index == 2)
        return now

    assert at(0)["live"] == ""
    screenshot(page, f"compose-posted-carousel-{width}-{scheme}")
    # Next and Previous, by name.
    page.get_by_role("button", name="Next photo").click()
    at(1)
    said(page, "Photo 2 of 3: A green square")
    page.get_by_role("button", name="Next photo").click()
    at(2)
    said(page, "Photo 3 of 3: A red square")
    page.get_by_role("button", name="Previous photo").click()
    at(1)
    # The dots, by name.
    page.get_by_role("button", name="Photo 3 of 3", exact=True).click()
    at(2)
    assert page.get_by_role("button", name="Photo 3 of 3", exact=True).get_attribute(
        "aria-current") == "true"
    page.get_by_role("button", name="Photo 1 of 3", exact=True).click()
    at(0)
    said(page, "Photo 1 of 3: The camera's test pattern")
    # ArrowRight and ArrowLeft, with the focus on Next (it stays there).
    page.get_by_role("button", name="Next photo").focus()
    page.keyboard.press("ArrowRight")
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    said(page, "Photo 3 of 3: A red square")
    page.keyboard.press("ArrowLeft")
    at(1)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Next photo"
    page.keyboard.press("ArrowLeft")
    at(0)
    # A swipe: a finger on the phone, the mouse on the desktop; one photo each way.
    touch = width < 600
    swipe(page, "next", touch)
    at(1)
    said(page, "Photo 2 of 3: A green square")
    swipe(page, "next", touch)
    at(2)
    said(page, "Photo 3 of 3: A red square")
    swipe(page, "previous", touch)
    at(1)
    said(page, "Photo 2 of 3: A green square")
    clean(page)


def test_each_photo_says_sending_then_sent_on_a_slow_line(server, browser):
    page = watched_page(browser, 1280, 800)
    open_form(page, server)
    noise = [bytes((i * 7919 + j * 104729) % 251 for j in range(3 * 128 * 128))
             for i in range(3)]
    page.get_by_label("Add photos").set_input_files([
        {"name": f"{n}.png", "mimeType": "image/png", "buffer": png_noise(128, 128, data)}
        for n, data in zip(("one", "two", "three"), noise)])
    page.get_by_label("Restaurant", exact=True).fill("Green Table")
    page.evaluate(WATCH_STATES)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
             # ~2 s a photo: the state between the first Sent and the last lasts ~4 s, wide
             # enough for a poll on a busy machine to see.
             "downloadThroughput": -1, "uploadThroughput": 24 * 1024})
    with page.expect_response(lambda r: r.url.endswith("/api/posts")) as answer:
        page.get_by_role("button", name="Post").click()
        wait_until(page, "document.querySelector('#compose-photos .photo-state')"
                   "?.textContent === 'Sent' && [...document.querySelectorAll("
                   "'#compose-photos .photo-state')].at(-1).textContent !== 'Sent'", timeout=60)
        assert page.evaluate("document.getElementById('compose-photo').disabled"), (
            "nothing is added while the post is on its way")
        page.evaluate("document.querySelector('#compose-photos .photo-card').scrollIntoView()")
        screenshot(page, "compose-sending-1280-light")
    assert answer.value.status == 201, answer.value.text()
    states = page.evaluate("window.__states")
    assert states["one.png"][:2] == ["Sending", "Sent"], states
    assert states["three.png"][0] == "Waiting" and states["three.png"][-1] == "Sent", states
    clean(page)


def png_noise(width, height, data):
    """An RGB PNG of `data` (width × height × 3 bytes): noise does not compress, so its size is
    its pixels'."""
    import struct
    import zlib

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))
    rows = b"".join(b"\x00" + data[y * width * 3:(y + 1) * width * 3] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b""))


def test_an_eleventh_photo_is_refused_in_words(server, camera_browser):
    page = watched_page(camera_browser, 390, 844)
    open_form(page, server)
    files = [picture(f"plate-{n:02}.png", 40, 30, (20 * n, 90, 120)) for n in range(1, 12)]
    page.get_by_label("Add photos").set_input_files(files)
    wait_until(page, f"document.querySelectorAll('{CARDS}').length === 10")
    assert page.inner_text("#compose-photo-error") == (
        "A post has at most 10 photos: “plate-11.png” was not added.")
    assert page.get_attribute("#compose-photo", "aria-invalid") == "true"
    assert page.evaluate(NEWS) == "10 photos added: 10 in all."
    card(page, 10, 10).wait_for()
    # Full: the camera is not opened for a photo that could not be added.
    page.get_by_role("button", name="Take photo").click()
    assert page.inner_text("#compose-photo-error") == (
        "A post has at most 10 photos: remove one to take another.")
    assert page.locator("#camera").count() == 0
    screenshot(page, "compose-eleventh-refused-390-light")
    # One removed: the focus goes to the next photo's Remove, and there is room again.
    card(page, 4, 10).get_by_role("button", name="Remove").click()
    assert page.evaluate(FOCUS) == ["Remove", "Photo 4 of 9"]
    assert page.evaluate(NEWS) == "Photo removed: 9 left."
    page.get_by_label("Add photos").set_input_files([files[10]])
    wait_until(page, f"document.querySelectorAll('{CARDS}').length === 10")
    assert page.inner_text("#compose-photo-error") == ""
    assert page.evaluate(NEWS) == "Photo 10 of 10 added."
    clean(page)


def test_a_file_that_is_not_a_photo_among_good_ones_is_refused_beside_it(server, browser):
    page = watched_page(browser, 1280, 800, "dark", console_errors=False)  # the 415 is logged
    open_form(page, server)
    page.get_by_label("Add photos").set_input_files([
        picture("soup.png", 64, 48, (200, 120, 40)),
        {"name": "menu.png", "mimeType": "image/png", "buffer": b"Today: soup, bread, tea"},
        picture("bread.png", 64, 48, (180, 150, 90))])
    wait_until(page, f"document.querySelectorAll('{CARDS}').length === 3")
    bad = card(page, 2, 3)
    wait_until(page, "document.querySelectorAll('#compose-photos .compose-note:not(:empty)')"
               ".length === 1")
    assert "No preview" in bad.locator(".compose-note").inner_text()
    page.get_by_label("Restaurant", exact=True).fill("Green Table")
    with page.expect_response(lambda r: r.url.endswith("/api/posts")) as answer:
        page.get_by_role("button", name="Post").click()
    assert answer.value.status in (400, 415), answer.value.text()
    refusal = answer.value.json()["error"]
    assert (refusal["field"], refusal["index"]) == ("photo", 2), refusal
    wait_until(page, "document.querySelector('#compose-photos .photo-error:not(:empty)')")
    assert bad.locator(".photo-error").inner_text() == (
        "Photo must be a JPEG, PNG, WebP or HEIC image.")
    assert [card(page, n, 3).locator(".photo-error").inner_text() for n in (1, 3)] == ["", ""]
    assert page.evaluate(FOCUS)[1] == "Photo 2 of 3" and page.evaluate(
        "document.activeElement.tagName") == "FIELDSET", "the focus is on the photo refused"
    assert bad.locator(".photo-error").get_attribute("id") in page.evaluate(
        "document.activeElement.getAttribute('aria-describedby')").split(), "and names it"
    assert page.inner_text(".compose-status") == ""
    screenshot(page, "compose-not-a-photo-1280-dark")
    assert server.request("GET", "/api/feed")["items"] == [], "no post was made"
    # Without it, the post goes through, with the two good photos.
    bad.get_by_role("button", name="Remove").click()
    with page.expect_response(lambda r: r.url.endswith("/api/posts")) as answer:
        page.get_by_role("button", name="Post").click()
    assert answer.value.status == 201, answer.value.text()
    post = server.request("GET", f"/api/posts/{answer.value.json()['id']}")
    assert len(post["morePhotos"]) == 1
    assert page.errors == []


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_a_camera_that_may_not_be_used_says_so_and_offers_the_file_chooser(
        server, camera_browser, width, height, scheme):
    page = watched_page(camera_browser, width, height, scheme)
    page.add_init_script(REFUSE_CAMERA)
    open_form(page, server)
    page.get_by_role("button", name="Take photo").click()
    wait_until(page, f"{CAMERA_STATUS}?.startsWith('LOTs may not')")
    assert page.evaluate(CAMERA_STATUS) == ("LOTs may not use the camera: allow it in the "
                                            "browser's settings, or choose a photo instead.")
    dialog = page.get_by_role("dialog", name="Camera")
    assert dialog.get_by_role("button", name="Shutter").count() == 0
    assert page.evaluate(FOCUS)[0] == "Choose photos", "the way on has the focus"
    screenshot(page, f"compose-camera-refused-{width}-{scheme}")
    with page.expect_file_chooser() as chooser:
        dialog.get_by_role("button", name="Choose photos").click()
    assert chooser.value.is_multiple()
    chooser.value.set_files([picture("soup.png", 64, 48, (200, 120, 40))])
    card(page, 1, 1).wait_for()
    assert page.locator("#camera").count() == 0
    clean(page)


def test_no_camera_at_all_says_so_and_escape_gives_the_focus_back(server, browser):
    page = watched_page(browser, 390, 844, "dark")  # Chrome with no camera device
    open_form(page, server)
    take = page.get_by_role("button", name="Take photo")
    take.click()
    wait_until(page, f"({CAMERA_STATUS} ?? '').endsWith('choose a photo instead.')")
    assert page.evaluate(CAMERA_STATUS) in (
        "No camera was found on this device: choose a photo instead.",
        "LOTs may not use the camera: allow it in the browser's settings, or choose a photo "
        "instead.")
    screenshot(page, "compose-no-camera-390-dark")
    page.keyboard.press("Escape")
    assert page.locator("#camera").count() == 0
    assert page.evaluate(FOCUS)[0] == "Take photo"
    clean(page)


def test_closing_the_camera_stops_it_and_gives_the_focus_back(server, camera_browser):
    page = watched_page(camera_browser, 1280, 800)
    page.add_init_script(KEEP_STREAMS)
    open_form(page, server)
    for close in ("Escape", "Close", "Retake then Escape"):
        page.get_by_role("button", name="Take photo").click()
        wait_until(page, f"{CAMERA_STATUS} === 'The camera is on.'")
        assert page.evaluate("document.activeElement.textContent") == "Shutter"
        assert page.evaluate("window.__streams.at(-1).getTracks()"
                             ".every((t) => t.readyState === 'live')")
        if close == "Close":
            page.get_by_role("button", name="Close").click()
        else:
            if close.startswith("Retake"):
                page.get_by_role("button", name="Shutter").click()
                assert page.evaluate("document.activeElement.textContent") == "Use photo"
                page.get_by_role("button", name="Retake").click()
                assert page.evaluate("document.activeElement.textContent") == "Shutter"
            page.keyboard.press("Escape")
        assert page.locator("#camera").count() == 0, close
        assert page.evaluate(FOCUS)[0] == "Take photo", close
        assert page.evaluate("window.__streams.flatMap((s) => s.getTracks())"
                             ".every((t) => t.readyState === 'ended')"), close
    assert page.locator(CARDS).count() == 0, "nothing was added"
    # One camera (Chrome's fake device): no Switch camera.
    page.get_by_role("button", name="Take photo").click()
    wait_until(page, f"{CAMERA_STATUS} === 'The camera is on.'")
    assert page.get_by_role("button", name="Switch camera").count() == 0
    page.keyboard.press("Escape")
    clean(page)



@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_and_screenshots_of_the_photos_and_the_camera(server, camera_browser, width, height,
                                                          scheme):
    page = watched_page(camera_browser, width, height, scheme)
    open_form(page, server)
    page.get_by_label("Add photos").set_input_files([
        picture("soup.png", 64, 48, (200, 120, 40)),
        {"name": "lunch.heic", "mimeType": "image/heic", "buffer": b"not drawn here"},
        picture("a-photo-with-a-rather-long-name-from-a-phone-20240501-123456.png", 48, 64,
                (60, 110, 160))])
    wait_until(page, "document.querySelector('#compose-photos .compose-note:not(:empty)')")
    card(page, 1, 3).get_by_label("Description of photo 1").fill("Pumpkin soup in a blue bowl")
    page.get_by_role("button", name="Post").click()  # no restaurant: said beside it
    wait_until(page, "document.getElementById('compose-restaurant-error').textContent !== ''")
    card(page, 2, 3).scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    wide = page.evaluate("[document.documentElement.scrollWidth, "
                         "document.getElementById('detail').scrollWidth]")
    assert max(wide) <= width, wide
    buttons = page.evaluate("""[...document.querySelectorAll(
      '#compose-photos button, #compose-take, .add-photos')].map((b) => b.getBoundingClientRect())
      .map((r) => Math.min(r.width, r.height))""")
    assert min(buttons) >= 44, buttons
    screenshot(page, f"compose-photos-{width}-{scheme}")
    assert serious(page) == []
    page.get_by_role("button", name="Take photo").click()
    wait_until(page, f"{CAMERA_STATUS} === 'The camera is on.'")
    page.wait_for_timeout(300)
    screenshot(page, f"compose-camera-{width}-{scheme}")
    assert serious(page) == []
    page.get_by_role("button", name="Shutter").click()
    page.get_by_role("button", name="Use photo").wait_for()
    screenshot(page, f"compose-camera-still-{width}-{scheme}")
    shutter_like = page.evaluate("""[...document.querySelectorAll('#camera button:not([hidden])')]
      .map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height))""")
    assert min(shutter_like) >= 44, shutter_like
    assert serious(page) == []
    page.keyboard.press("Escape")
    clean(page)
