"""Likes made while the server cannot be reached, against a real `lots serve`: offline (the
browser says so) or failing on the network (the request aborted), a like or unlike shows at once
as "will be sent", is sent when the connection returns, in order, a post toggled again sending
only its last state, and the count settles to the server's; a refusal still puts the post back
with a message; signing out drops what waits."""
import time

import pytest

from conftest import screenshot, sign_in, watched_page
from test_pages import CELLS, wait_until

WAITING = "Will be sent when you are back online"


def seed(server):
    jonas = server.sign_up("jonas")
    fan = server.sign_up("fan")
    ids = {}
    for name, colour in [("Green Table", (90, 140, 70)), ("Noodle Bar", (200, 150, 60)),
                         ("Pasta La Vista", (200, 80, 40))]:
        ids[name] = server.post(jonas, 500, 400, colour, name, f"The dish of {name}")["id"]
    return jonas, fan, ids


def state(server, token, post):
    answer = server.request("GET", f"/api/posts/{post}", None, token)
    return answer["likedByMe"], answer["likeCount"]


def until_server(server, token, post, expected, timeout=30):
    deadline = time.monotonic() + timeout
    while (now := state(server, token, post)) != expected:
        assert time.monotonic() < deadline, f"post {post}: the server has {now}, not {expected}"
        time.sleep(0.1)


def like_button(page, name):
    return page.locator(".post:not([hidden])", has_text=name).locator(".cell-like")


def shown(page, name):
    """The cell's Like button as shown: [pressed, pending mark shown, aria-description, count]."""
    button = like_button(page, name)
    return [button.get_attribute("aria-pressed"), button.locator(".like-pending").is_visible(),
            button.get_attribute("aria-description"),
            page.locator(".post:not([hidden])", has_text=name).locator(".meta").text_content()]


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark")])
def test_likes_made_offline_are_sent_when_the_browser_is_back_online(server, browser, width,
                                                                     scheme):
    jonas, fan, ids = seed(server)
    server.request("PUT", f"/api/posts/{ids['Noodle Bar']}/like", None, fan)
    # Requests fail on purpose while offline: only uncaught errors count.
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    wait_until(page, f"{CELLS}.length === 3")
    wait_until(page, "document.getElementById('live').textContent.includes('Live')")
    page.context.set_offline(True)
    wait_until(page, "!navigator.onLine")
    # A like, an unlike, and a post toggled three times (it ends liked).
    like_button(page, "Pasta La Vista").click()
    like_button(page, "Noodle Bar").click()
    for _ in range(3):
        like_button(page, "Green Table").click()
    wait_until(page, "document.querySelectorAll('.post .cell-like[data-pending]').length === 3")
    assert shown(page, "Pasta La Vista") == ["true", True, WAITING, "1 like · @jonas"]
    assert shown(page, "Noodle Bar") == ["false", True, WAITING, "0 likes · @jonas"]
    assert shown(page, "Green Table") == ["true", True, WAITING, "1 like · @jonas"]
    assert "failed" not in page.inner_text("#status")
    assert page.locator(".post:not([hidden])", has_text="Pasta La Vista").get_by_role(
        "button", name="Unlike Pasta La Vista by @jonas").get_attribute("aria-pressed") == "true"
    screenshot(page, f"offline-likes-pending-{width}-{scheme}")
    # Nothing reached the server meanwhile.
    assert state(server, fan, ids["Pasta La Vista"]) == (False, 0)
    assert state(server, fan, ids["Noodle Bar"]) == (True, 1)
    # Someone else likes the pasta meanwhile: the count settles to the server's, 2.
    server.request("PUT", f"/api/posts/{ids['Pasta La Vista']}/like", None, jonas)
    # What the server answered, in order. A request the emulated network still refuses as it
    # comes back (Playwright turns the `online` event and the network on one after the other:
    # seen once on a busy machine) fails before the server and is retried; it is not counted.
    answered = []
    page.on("response", lambda r: "/like" in r.url and r.ok
            and answered.append((r.request.method, r.url)))
    page.context.set_offline(False)
    until_server(server, fan, ids["Pasta La Vista"], (True, 2))
    until_server(server, fan, ids["Noodle Bar"], (False, 0))
    until_server(server, fan, ids["Green Table"], (True, 1))
    wait_until(page, "document.querySelectorAll('.post .cell-like[data-pending]').length === 0",
               timeout=30)
    wait_until(page, f"""{CELLS}.find((c) => c.textContent.includes('Pasta La Vista'))
        .querySelector('.meta').textContent === '2 likes · @jonas'""", timeout=30)
    assert shown(page, "Pasta La Vista") == ["true", False, None, "2 likes · @jonas"]
    assert shown(page, "Noodle Bar") == ["false", False, None, "0 likes · @jonas"]
    # In the order made, one request for the post toggled three times.
    order = [(method, int(url.split("/")[-2])) for method, url in answered]
    assert order == [("PUT", ids["Pasta La Vista"]), ("DELETE", ids["Noodle Bar"]),
                     ("PUT", ids["Green Table"])], order
    assert "failed" not in page.inner_text("#status")
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def test_a_like_that_fails_on_the_network_waits_on_the_post_page_and_is_sent(server, browser):
    jonas, fan, ids = seed(server)
    post = ids["Pasta La Vista"]
    # The requests are rerouted: no service worker (Playwright does not see what it fetches).
    page = watched_page(browser, 390, 844, console_errors=False, service_workers="block")
    sign_in(page, server, "fan")
    page.route("**/api/posts/*/like", lambda route: route.abort("connectionrefused"))
    page.goto(f"{server.url}/p/{post}")
    like = page.locator("#detail button.like")
    like.wait_for()
    like.focus()
    page.keyboard.press("Enter")
    wait_until(page, "document.querySelector('#detail button.like').hasAttribute('data-pending')")
    assert like.get_attribute("aria-pressed") == "true"
    assert like.get_attribute("aria-description") == WAITING
    assert page.inner_text("#detail .like-count") == "1 like"
    assert page.inner_text("#detail .alert") == ""
    assert page.evaluate("document.activeElement.classList.contains('like')")
    wait_until(page, "document.getAnimations().every((a) => a.playState === 'finished')")
    screenshot(page, "offline-like-pending-detail-390-light")
    # The network comes back for likes: the retry sends it; the mark goes, the count is the
    # server's, the focus is still on the button.
    page.unroute("**/api/posts/*/like")
    until_server(server, fan, post, (True, 1), timeout=60)
    wait_until(page, "!document.querySelector('#detail button.like').hasAttribute('data-pending')",
               timeout=30)
    assert page.inner_text("#detail .like-count") == "1 like"
    assert page.evaluate("document.activeElement.classList.contains('like')")
    assert page.errors == []


def test_a_refused_like_is_put_back_with_a_message(server, browser):
    jonas, fan, ids = seed(server)
    server.request("PUT", "/api/users/fan/block", None, jonas)  # jonas blocks the fan
    page = watched_page(browser, 1280, 900, console_errors=False)  # the 403 is logged
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    like_button(page, "Pasta La Vista").click()
    wait_until(page, "document.getElementById('status').textContent.startsWith('Like failed')")
    assert "someone who blocked you" in page.inner_text("#status")
    assert shown(page, "Pasta La Vista") == ["false", False, None, "0 likes · @jonas"]
    assert state(server, fan, ids["Pasta La Vista"]) == (False, 0)
    assert page.errors == []


def test_signing_out_drops_the_likes_that_wait(server, browser):
    jonas, fan, ids = seed(server)
    page = watched_page(browser, 1280, 900, console_errors=False, service_workers="block")
    sign_in(page, server, "fan")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    page.route("**/api/posts/*/like", lambda route: route.abort("connectionrefused"))
    like_button(page, "Pasta La Vista").click()
    wait_until(page, "document.querySelectorAll('.post .cell-like[data-pending]').length === 1")
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_selector("#who", state="hidden")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    assert page.locator(".post .cell-like[data-pending]").count() == 0
    sent = []
    page.unroute("**/api/posts/*/like")
    page.on("request", lambda r: "/like" in r.url and sent.append(r.url))
    # The connection "returns", and the fan signs in again (in the same page, which keeps what
    # it holds in memory): nothing of theirs was kept to send.
    page.evaluate("dispatchEvent(new Event('online'))")
    page.fill("#session input[name=username]", "fan")
    page.fill("#session input[name=password]", "lunch-of-today")
    page.click("#session button[value=in]")
    page.wait_for_selector("#who:not([hidden])")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    like_button(page, "Noodle Bar").click()  # a new like goes, at once
    until_server(server, fan, ids["Noodle Bar"], (True, 1))
    assert sent and all(f"/{ids['Noodle Bar']}/" in url for url in sent), sent
    assert state(server, fan, ids["Pasta La Vista"]) == (False, 0)
    assert page.errors == []
