"""The app offline, through its service worker, against a real `lots serve`: the shell and the
photos already seen stay readable with the network cut (the banner says so), an update of any
shell file is a new worker version, and signing out deletes what the reader's browsing cached."""
from conftest import screenshot, sign_in, watched_page
from test_pages import CELLS, posts, wait_until

PHOTOS_SHOWN = ("[...document.querySelectorAll('.post:not([hidden]) img.loaded')]"
                ".filter((image) => image.naturalWidth > 0).length")


def controlled(page):
    """Waits until the service worker controls the page, and reloads it through the worker."""
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=20)


def test_the_shell_and_photos_seen_stay_readable_offline_until_sign_out(server, browser):
    cook = server.sign_up("cook")
    fan = server.sign_up("fan")
    for post in posts(server, cook, 5)[:2]:
        server.request("PUT", f"/api/posts/{post}/like", None, fan)
    page = watched_page(browser, 390, 844, console_errors=False)  # offline fetches log errors
    sign_in(page, server, "fan")
    controlled(page)
    page.reload()
    page.wait_for_selector("#feed[aria-busy=false]")
    wait_until(page, f"{PHOTOS_SHOWN} === 5")
    page.get_by_role("link", name="Likes").click()
    wait_until(page, f"{CELLS}.length === 2")
    page.get_by_role("link", name="Main").click()
    wait_until(page, f"{CELLS}.length === 5")
    names = page.evaluate("caches.keys()")
    assert "lots-user" in names and any(name.startswith("lots-shell-") for name in names)

    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#feed[aria-busy=false]")
    wait_until(page, f"{CELLS}.length === 5 && {PHOTOS_SHOWN} === 5")
    wait_until(page, "!document.getElementById('offline').hidden")
    screenshot(page, "offline-390-light")
    # A deep link to a post seen is readable too (the shell answers every app URL).
    page.goto(server.url + "/likes")
    wait_until(page, f"{CELLS}.length === 2 && {PHOTOS_SHOWN} === 2")
    # A list never read online cannot be: it says so, and is not left busy.
    page.goto(server.url + "/inspire")
    wait_until(page, "document.getElementById('status').textContent.includes('Could not load')")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.context.set_offline(False)

    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.get_by_role("link", name="Account").click()  # a phone signs out on the account page
    page.locator("#detail").get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_selector("#who", state="hidden")
    # Nothing of the reader's is left: their account, their likes (Main is read again, as a
    # visitor's, and kept as such).
    wait_until(page, "caches.open('lots-user').then((c) => c.keys()).then((keys) => keys.length > 0"
                     " && !keys.some((key) => new URL(key.url).pathname.startsWith('/api/me')))")
    page.context.set_offline(True)
    page.goto(server.url + "/likes")
    wait_until(page, "location.pathname === '/signin'")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []
