"""axe-core (axe-playwright-python) on every page of the app against a real `lots serve`, signed
out and in, phone and desktop, light and dark: no serious or critical finding, no CSP
violation; and a screenshot of each, for a person to look at (artifacts/screenshots/page-*)."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import keep_open, screenshot, sign_in, watched_page
from test_pages import wait_until

AXE = Axe()


@pytest.fixture(scope="module")
def site():
    from lots_server import LotsServer
    server = LotsServer().start()
    try:
        moderator = server.sign_up("mod")
        cook = server.sign_up("cook")
        fan = server.sign_up("fan")
        ids = [server.post(cook, 500 + 40 * i, 400 + 30 * i, (150, 90 + 10 * i, 60),
                           f"Place {i}", f"Dish {i}")["id"] for i in range(6)]
        server.request("PUT", f"/api/posts/{ids[0]}/like", None, fan)
        server.request("POST", f"/api/posts/{ids[1]}/reports", {"reason": "spam"}, fan)
        yield server, ids, moderator
    finally:
        server.stop()


def serious(page):
    results = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


PAGES = [("/", None), ("/inspire", None), ("/likes", None), ("/likes", "fan"),
         ("/p/{id}", None), ("/p/{id}", "fan"), ("/post", None), ("/post", "cook"),
         ("/u/cook", None), ("/u/cook", "cook"), ("/moderation/", "mod"), ("/moderation/", None),
         ("/signin", None), ("/signup", None), ("/account", None), ("/account", "fan")]


SETTLED = "document.getAnimations().every((a) => a.playState !== 'running')"
# One page per reader, width and scheme, kept across the tests that share them: each test
# still opens its page by URL, waits for it, screenshots it and runs axe on it; only the tab
# (a renderer process and a sign-in, 0.5–1 CPU-s each) is not made anew 64 times.
_tabs = {}


def tab(browser, server, user, width, scheme):
    key = (user, width, scheme)
    for other in [k for k in _tabs if k[1:] != (width, scheme)]:
        _tabs.pop(other).context.close()  # the tests go width by width, scheme by scheme
    if key not in _tabs:
        page = watched_page(browser, width, 900, scheme, console_errors=False)
        keep_open(page.context)
        if user:
            sign_in(page, server, user)
        _tabs[key] = page
    return _tabs[key]


@pytest.fixture(scope="module", autouse=True)
def close_tabs():
    yield
    for page in _tabs.values():
        page.context.close()
    _tabs.clear()


@pytest.mark.parametrize("path,user", PAGES)
@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "light"),
                                          (1280, "dark")])
def test_no_serious_or_critical_finding(site, browser, path, user, width, scheme):
    server, ids, _ = site
    page = tab(browser, server, user, width, scheme)
    page.goto(server.url + path.replace("{id}", str(ids[0])))
    overlay = path in ("/post", "/signin", "/signup", "/account") or (
        path == "/likes" and not user)
    page.wait_for_selector("#detail form" if overlay else "[aria-busy=false]", state="attached")
    wait_until(page, SETTLED)  # entrances settled
    name = path.strip("/").replace("/", "-").replace("{id}", "id") or "main"
    screenshot(page, f"page-{name}-{user or 'visitor'}-{width}-{scheme}")
    assert serious(page) == []
    assert page.evaluate("window.cspViolations") == []
