"""What a person sees when the real server refuses them: a sign-in limit is said at once beside
the form (never waited out in silence), the form holds its button for as long as the server
asked and sends nothing meanwhile, then signs in; a file that is not a photo shows no broken
preview, and the server's reason appears beside that photo; an upload in flight holds the
Post button (focus kept) and a second press sends nothing."""
import base64
import time

from conftest import screenshot, watched_page
from test_pages import JPEG_FROM_CANVAS, wait_until
from test_story import sign_up

BUSY = "document.querySelector('#detail form').getAttribute('aria-busy')"
HELD = "document.querySelector('#detail form button').getAttribute('aria-disabled')"
POST_HELD = ("document.querySelector('#detail form button[type=submit]')"
             ".getAttribute('aria-disabled') === 'true'")


def test_a_sign_in_limit_is_said_at_once_and_holds_the_form_as_long_as_asked(server, browser):
    server.sign_up("owner")
    page = watched_page(browser, 390, 844, console_errors=False)  # the 401s and 429 are logged
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/sessions") else None)
    page.goto(server.url + "/signin")
    form = page.locator("#detail")
    form.get_by_label("Username").fill("owner")
    # Ten wrong passwords for one name from one address are answered; the eleventh is limited
    # (or a later one, on a slow machine: a token comes back every 5 s).
    for attempt in range(30):
        form.get_by_label("Password").fill(f"wrong password {attempt}")
        form.get_by_label("Password").press("Enter")
        wait_until(page, f"{BUSY} === 'false'")
        message = page.inner_text("#gate-error")
        if attempt >= 10 and message != "Username or password is incorrect.":
            break
        assert message == "Username or password is incorrect.", (attempt, message)
        assert page.evaluate(HELD) == "false"
    # Said at once, not after the Retry-After: the answer came back in one request; it counts
    # down (Tests/browser/test_newcomer.py).
    assert message.startswith("Too many sign-in attempts. Try again in "), message
    attempts = attempt + 1
    assert len(sent) == attempts
    assert page.evaluate(HELD) == "true"
    assert page.evaluate("document.activeElement.name") == "password", "focus stays in place"
    screenshot(page, "signin-limited-390-light")
    # Held: a submission now sends nothing.
    form.get_by_label("Password").fill("lunch-of-today")
    form.get_by_label("Password").press("Enter")
    page.wait_for_timeout(300)
    assert len(sent) == attempts
    # Once the wait the server named is over, the right password signs in.
    deadline = time.monotonic() + 10
    while page.evaluate(HELD) == "true":
        assert time.monotonic() < deadline, "the form stayed held"
        page.wait_for_timeout(100)
    form.get_by_label("Password").press("Enter")
    page.wait_for_selector("#detail", state="hidden")
    assert page.inner_text("#profile-link") == "@owner"
    assert len(sent) == attempts + 1
    assert page.errors == []


def test_a_file_that_is_not_a_photo_shows_no_broken_preview_and_the_servers_reason(
        server, browser, tmp_path):
    page = watched_page(browser, 1280, 900, "dark", console_errors=False)  # the 415 is logged
    sign_up(page, server, "cook")
    page.goto(server.url + "/post")
    disguised = tmp_path / "lunch.jpg"  # an SVG named like a JPEG: the browser says image/jpeg
    disguised.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    page.get_by_label("Add photos").set_input_files(str(disguised))
    # The photo's card: no broken preview, a note instead, which the card names.
    photo = page.get_by_role("group", name="Photo 1 of 1", exact=True)
    note = photo.locator(".compose-note")
    wait_until(page, "document.querySelector('#compose-photos .compose-note')"
                     "?.textContent !== ''")
    assert page.is_hidden("#detail .preview")
    assert "No preview" in note.inner_text()
    described = photo.get_attribute("aria-describedby").split()
    assert note.get_attribute("id") in described
    page.get_by_label("Restaurant", exact=True).fill("Green Table")
    page.get_by_role("button", name="Post").click()
    # The server's reason, beside the photo it refused; the focus there.
    wait_until(page, "document.querySelector('#compose-photos .photo-error')"
                     "?.textContent !== ''")
    assert photo.locator(".photo-error").inner_text() == (
        "Photo must be a JPEG, PNG, WebP or HEIC image.")
    assert photo.locator(".photo-error").get_attribute("id") in described
    assert page.evaluate("document.activeElement.id") == photo.get_attribute("id")
    screenshot(page, "post-not-a-photo-1280-dark")
    # Removing the photo takes the note and the reason away with it.
    photo.get_by_role("button", name="Remove").click()
    assert page.locator("#compose-photos .compose-note, #compose-photos .photo-error").count() == 0
    assert page.errors == []


def test_an_upload_in_flight_holds_the_post_button_keeps_focus_and_sends_once(server, browser):
    page = watched_page(browser, 390, 844, service_workers="block")
    sign_up(page, server, "cook")
    jpeg = base64.b64decode(page.evaluate(JPEG_FROM_CANVAS))
    page.goto(server.url + "/post")
    page.get_by_label("Add photos").set_input_files(
        {"name": "lunch.jpg", "mimeType": "image/jpeg", "buffer": jpeg})
    page.get_by_label("Restaurant", exact=True).fill("Green Table")
    held = []
    page.route("**/api/posts", lambda route: held.append(route))  # the upload, held back
    button = page.get_by_role("button", name="Post")
    button.focus()
    page.keyboard.press("Enter")
    wait_until(page, POST_HELD)  # held while the upload is in flight
    page.keyboard.press("Enter")  # a second press while it is in flight sends nothing
    page.wait_for_timeout(300)
    assert len(held) == 1
    assert page.evaluate("document.activeElement.textContent") == "Post", "focus stays"
    held[0].continue_()
    page.wait_for_selector("#detail", state="hidden")
    assert len(server.request("GET", "/api/feed")["items"]) == 1
    assert page.errors == []
