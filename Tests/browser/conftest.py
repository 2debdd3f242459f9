"""Fixtures for the browser tests: Web/ served on 127.0.0.1, Debian's chromium via Playwright.

Nothing is skipped for a missing dependency: no chromium or no playwright is an error that
says how to install it (Tests/browser/run.sh installs both).
"""
import json
import os
import subprocess
from pathlib import Path

import pytest

from lots_server import LotsServer
from static_server import WEB, StaticServer, external_base_url

CHROMIUM = os.environ.get("LOTS_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def pytest_sessionstart(session):
    """The app's page loads its modules bundled (Web/dist): bundled again from the sources
    before any test, so that the tests see the sources as they are now. Once per run: with
    workers side by side (pytest-xdist), by the controller before it starts them, never by a
    worker while another loads pages."""
    if hasattr(session.config, "workerinput"):
        return
    root = Path(__file__).resolve().parents[2]
    subprocess.run([str(root / "scripts" / "build-web"), "--bundle-only"], check=True)


@pytest.fixture(scope="session")
def base_url():
    external = external_base_url()
    if external:
        yield external
        return
    if not (WEB / "lots.wasm").exists():
        pytest.fail("Web/lots.wasm is missing: run scripts/build-wasm first")
    server = StaticServer().start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium():
    """Playwright's chromium (Debian's binary), for the browsers the tests launch."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright.chromium


@pytest.fixture(scope="session")
def browser(chromium):
    browser = chromium.launch(executable_path=CHROMIUM)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def camera_browser(chromium):
    """A chromium whose camera is Chrome's fake one (a moving test pattern), allowed without
    asking: for the Post form's camera (test_compose_photos.py)."""
    browser = chromium.launch(executable_path=CHROMIUM, args=[
        "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"])
    yield browser
    browser.close()


# Contexts a module keeps across its tests on purpose (test_axe's tabs): `keep_open`.
_kept = set()


def keep_open(context):
    """Keeps `context` open past the test that made it (the fixture below closes the others)."""
    _kept.add(context)
    context.on("close", lambda closed: _kept.discard(closed))


@pytest.fixture(autouse=True)
def close_what_the_test_left_open(request):
    """Closes every browser context a test opened and left open. A page left open goes on
    running: its stream, its timers and its animations took a core's share for the rest of the
    run (a renderer seen with 5 CPU-minutes, the GPU process with 7)."""
    browsers = [request.getfixturevalue(name) for name in ("browser", "camera_browser")
                if name in request.fixturenames]
    before = {context for browser in browsers for context in browser.contexts}
    yield
    for browser in browsers:
        for context in set(browser.contexts) - before - _kept:
            context.close()


@pytest.fixture
def page(browser):
    # The tests drive pages with Playwright's polling (`wait_for_function` evaluates strings),
    # which the server's Content-Security-Policy forbids; test_csp.py loads every page under
    # the real policy instead (`strict_page`).
    yield from _page(browser, bypass_csp=True)


@pytest.fixture
def strict_page(browser):
    """A page under the server's real Content-Security-Policy."""
    yield from _page(browser, bypass_csp=False)


def new_page(browser, width=1200, height=800, bypass_csp=True, console_errors=True,
             service_workers="allow"):
    """A page in a fresh browser context; `page.errors` collects its uncaught errors and (with
    `console_errors`) the errors it logs. A test that reroutes requests (`page.route`) blocks
    service workers (`service_workers="block"`): Playwright does not see what a worker fetches."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1,
        bypass_csp=bypass_csp, service_workers=service_workers)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    if console_errors:
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


def _page(browser, bypass_csp):
    page = new_page(browser, bypass_csp=bypass_csp)
    yield page
    page.context.close()
    assert not page.errors, f"errors in the page: {page.errors}"


def screenshot(page, name):
    """Saves a screenshot as a test artifact and returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.fixture
def server():
    """A fresh `lots serve` (no demo content) for one test; a module may define its own."""
    server = LotsServer().start()
    try:
        yield server
    finally:
        server.stop()


def watched_page(browser, width=1200, height=800, scheme="light", console_errors=True,
                 service_workers="allow"):
    """A page under the server's real Content-Security-Policy in a colour scheme, recording
    every violation in `window.cspViolations`."""
    page = new_page(browser, width, height, bypass_csp=False, console_errors=console_errors,
                    service_workers=service_workers)
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));")
    return page


def sign_in(page, server, username, password="lunch-of-today"):
    """Signs in for a test that is not about signing in: a session made through the API, its
    cookie given to the page's browser context, and the page's note that it signed in
    (session.js) set before the app loads; then opens Main, and waits for it to show who is
    signed in. Signing in through the page is `sign_in_with_form`'s, for the
    tests about it."""
    token = server.request("POST", "/api/sessions",
                           {"username": username, "password": password})["token"]
    page.context.add_cookies([{"name": "lots_session", "value": token, "url": server.url + "/",
                               "httpOnly": True, "sameSite": "Lax"}])
    # The note, before the app's script reads it: once in this tab (sessionStorage remembers),
    # so that a sign-out later in the test stands across its reloads.
    marker = f"lots.test.signedIn.{token[:12]}"
    page.add_init_script(
        f"if (location.origin === {json.dumps(server.url)}"
        f" && !sessionStorage.getItem({json.dumps(marker)})) {{"
        f" localStorage.setItem('lots.signedIn', '1');"
        f" sessionStorage.setItem({json.dumps(marker)}, '1'); }}")
    page.goto(server.url + "/")
    page.wait_for_selector("#who:not([hidden])")


def sign_in_with_form(page, server, username, password="lunch-of-today"):
    """Signs in as a person would (the session cookie): through the header's form on a wide
    screen, through the header's "Sign in" link and its page on a phone."""
    page.goto(server.url + "/")
    if page.viewport_size["width"] > 600:
        page.fill("#session input[name=username]", username)
        page.fill("#session input[name=password]", password)
        page.click("#session button[value=in]")
    else:
        page.get_by_role("link", name="Sign in", exact=True).click()
        page.fill("#gate-username", username)
        page.fill("#gate-password", password)
        page.locator("#detail").get_by_role("button", name="Sign in").click()
    page.wait_for_selector("#who:not([hidden])")
    page.wait_for_selector("#detail", state="hidden")


def carried_posts(response):
    """How many posts Main's document (the response of its `goto`) carries for the engine: its
    first screen's and a few (FirstScreenHTML.carried), which the list shows before paging."""
    import json
    import re
    block = re.search(r'<script type="application/json" id="first-page"[^>]*>(.*?)</script>',
                      response.text(), re.S)
    return len(json.loads(block.group(1))["items"])
