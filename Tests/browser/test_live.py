"""The live home page against a real `lots serve`: what other people do through the API shows
without a reload, the reader's place holds, a block in one tab reaches the user's other tab,
the page rides out a server killed with -9, and another origin cannot act for the visitor."""
import os
import signal


import conftest
from conftest import screenshot
from static_server import StaticServer

# Cells in item order (the DOM order of recycled cells is not the list's).
# How long a change may take to arrive before the test calls it lost: a guard against a hang,
# not a measure of speed (sse_latency.py measures that), generous for a busy machine.
LIVE = 30_000
CELLS = ("[...document.querySelectorAll('.post:not([hidden])')]"
         ".sort((a, b) => a.dataset.item - b.dataset.item)")


def new_page(browser, width=1200, height=800):
    # Uncaught errors only: a stream cut on purpose logs failed connections. Requests are
    # rerouted here, which a service worker's fetches would escape (test_offline.py has it).
    return conftest.new_page(browser, width, height, console_errors=False,
                             service_workers="block")


def open_home(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false]")
    page.wait_for_function("document.getElementById('live').textContent.includes('Live')")


def signed_up_page(browser, server, username):
    """A page on the home page whose visitor signed up through the form (the session cookie)."""
    page = new_page(browser)
    page.goto(server.url + "/")
    page.fill("#session input[name=username]", username)
    page.fill("#session input[name=password]", "lunch-of-today")
    page.click("#session button[value=up]")
    page.wait_for_selector("#who:not([hidden])")
    return page


def posts_by(server, token, count, name):
    ids = []
    for i in range(count):
        ids.append(server.post(token, 400 + 20 * (i % 4), 300 + 30 * (i % 5),
                               (30 + 7 * i, 120, 90), f"{name} {i}", "")["id"])
    return ids


def captions(page):
    return page.evaluate(f"{CELLS}.map((c) => c.querySelector('.caption b').textContent)")


def test_inserts_likes_and_deletes_arrive_without_a_reload(server, browser):
    cook = server.sign_up("cook")
    fan = server.sign_up("fan")
    posts_by(server, cook, 3, "Old")
    page = new_page(browser)
    open_home(page, server)
    new = server.post(cook, 500, 400, (200, 40, 40), "Fresh Place", "")["id"]
    page.wait_for_function(f"{CELLS}.length === 4 && {CELLS}[0].textContent.includes('Fresh Place')",
                           timeout=LIVE)
    # At the top the new post slid in as the first item: no button.
    assert page.is_hidden("#new-posts")
    server.request("PUT", f"/api/posts/{new}/like", token=fan)
    page.wait_for_function(
        "[...document.querySelectorAll('.post .meta')].some((m) => m.textContent.startsWith('1 like'))",
        timeout=LIVE)
    server.request("DELETE", f"/api/posts/{new}", token=cook)
    page.wait_for_function(f"{CELLS}.length === 3", timeout=LIVE)
    assert "Fresh Place" not in captions(page)
    assert page.errors == []


def test_scrolled_down_new_posts_wait_behind_a_button_and_the_top_article_stays(server, browser):
    cook = server.sign_up("cook")
    posts_by(server, cook, 12, "Place")
    posts_by(server, server.sign_up("baker"), 12, "Bakery")
    page = new_page(browser, 800, 600)
    open_home(page, server)
    page.evaluate("document.querySelector('.cv-scroller').scrollTop = 700")
    page.wait_for_timeout(300)
    probe = """() => {
      const s = document.querySelector('.cv-scroller');
      const cells = [...document.querySelectorAll('.post:not([hidden])')]
        .filter((c) => c.offsetTop + c.offsetHeight > s.scrollTop)
        .sort((a, b) => a.offsetTop - b.offsetTop || a.offsetLeft - b.offsetLeft);
      const c = cells[0];
      return { text: c.textContent, top: c.getBoundingClientRect().top };
    }"""
    before = page.evaluate(probe)
    for i in range(3):
        server.post(cook, 400, 300, (10, 10, 200), f"New {i}", "")
    page.wait_for_function("document.getElementById('new-posts').textContent === '3 new posts'",
                           timeout=LIVE)
    after = page.evaluate(probe)
    assert after["text"] == before["text"]
    assert abs(after["top"] - before["top"]) <= 1
    assert page.get_attribute("#new-posts", "hidden") is None
    screenshot(page, "live-new-posts-button")
    page.click("#new-posts")
    page.wait_for_function("document.querySelector('.cv-scroller').scrollTop === 0", timeout=LIVE)
    page.wait_for_function(f"{CELLS}[0].textContent.includes('New 2')", timeout=LIVE)
    assert page.is_hidden("#new-posts")
    assert page.errors == []


def test_a_block_in_one_tab_removes_the_authors_posts_in_the_other(server, browser):
    cook = server.sign_up("cook")
    posts_by(server, cook, 2, "Cook")
    other = server.sign_up("other")
    posts_by(server, other, 2, "Other")
    first = signed_up_page(browser, server, "reader")
    second = first.context.new_page()
    second.errors = []
    open_home(second, server)
    assert len(captions(second)) == 4
    status = first.evaluate("""async () => (await fetch('/api/users/cook/block',
      { method: 'PUT' })).status""")
    assert status in (200, 204)
    second.wait_for_function(f"{CELLS}.length === 2", timeout=LIVE)
    assert all(c.startswith("Other") for c in captions(second))


def test_another_origin_cannot_like_or_post_for_a_signed_in_visitor(server, browser):
    cook = server.sign_up("cook")
    post = posts_by(server, cook, 1, "Target")[0]
    page = signed_up_page(browser, server, "victim")
    evil = StaticServer().start()
    try:
        page.goto(evil.url + "/index.html")
        result = page.evaluate(f"""async () => {{
          const tries = [];
          for (const [method, path] of [['PUT', '/api/posts/{post}/like'], ['POST', '/api/posts']]) {{
            try {{
              await fetch('{server.url}' + path, {{ method, credentials: 'include', mode: 'no-cors',
                headers: {{ 'Content-Type': 'text/plain' }}, body: method === 'POST' ? 'x' : undefined }});
              tries.push('sent');
            }} catch (e) {{ tries.push('blocked'); }}
          }}
          return tries;
        }}""")
        assert len(result) == 2
    finally:
        evil.stop()
    # Whatever the browser sent, the server refused it: no like, no new post.
    detail = server.request("GET", f"/api/posts/{post}")
    assert detail["likeCount"] == 0
    assert len(server.request("GET", "/api/feed")["items"]) == 1


def test_a_server_killed_with_9_and_restarted_is_caught_up_without_a_reload(server, browser):
    cook = server.sign_up("cook")
    posts_by(server, cook, 2, "Before")
    page = new_page(browser)
    open_home(page, server)
    page.evaluate("window.__marker = 1")
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    page.wait_for_function("document.getElementById('live').textContent.startsWith('Offline')",
                           timeout=LIVE)
    screenshot(page, "live-offline")
    server.start()  # the same port and data directory
    server.post(cook, 400, 300, (1, 2, 3), "After", "")
    page.wait_for_function(f"{CELLS}.length === 3", timeout=40000)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__marker") == 1, "no reload"
    names = captions(page)
    assert sorted(names) == sorted(["After", "Before 0", "Before 1"]), names
    assert page.errors == []


def test_the_browser_going_offline_cuts_the_stream_and_coming_back_catches_up_at_once(
        server, browser):
    cook = server.sign_up("cook")
    posts_by(server, cook, 1, "Before")
    page = new_page(browser, 390, 844)
    open_home(page, server)
    page.evaluate("window.__marker = 1")
    # The network goes: the badge says so at once (the open connection would linger, "Live").
    page.context.set_offline(True)
    page.wait_for_function("document.getElementById('live').textContent.startsWith('Offline')",
                           timeout=LIVE)
    assert page.is_visible("#offline")
    screenshot(page, "live-browser-offline-390")
    # Posted meanwhile; the network returns: caught up at once, not after the backoff.
    server.post(cook, 400, 300, (1, 2, 3), "While away", "")
    page.wait_for_timeout(3000)  # the backoff grows while the browser stays offline
    page.context.set_offline(False)
    page.wait_for_function("document.getElementById('live').textContent.includes('Live')",
                           timeout=LIVE)
    page.wait_for_function(f"{CELLS}.length === 2", timeout=LIVE)
    assert page.evaluate("window.__marker") == 1, "no reload"
    assert sorted(captions(page)) == ["Before 0", "While away"]
    assert page.errors == []


def test_a_reload_that_fails_is_retried_when_the_stream_reconnects(server, browser):
    # An unblock needs a reload of the feed (the author's posts come back); the first reload
    # fails (the network dropped), and no other event follows: the page must still catch up.
    cook = server.sign_up("cook")
    posts_by(server, cook, 2, "Cook")
    posts_by(server, server.sign_up("other"), 1, "Other")
    page = signed_up_page(browser, server, "reader")
    page.wait_for_function(f"{CELLS}.length === 3", timeout=LIVE)
    page.wait_for_function("document.getElementById('live').textContent.includes('Live')")
    status = page.evaluate("async () => (await fetch('/api/users/cook/block', { method: 'PUT' })).status")
    assert status in (200, 204)
    page.wait_for_function(f"{CELLS}.length === 1", timeout=LIVE)
    failures = []

    def fail_once(route):
        if not failures:
            failures.append(route.request.url)
            return route.fulfill(status=503, content_type="application/json",
                                 body='{"error":{"message":"unavailable"}}')
        return route.continue_()

    page.route("**/api/feed?*", fail_once)
    status = page.evaluate("async () => (await fetch('/api/users/cook/block', { method: 'DELETE' })).status")
    assert status in (200, 204)
    page.wait_for_function(f"{CELLS}.length === 3", timeout=LIVE)
    assert failures, "the first reload failed"
    assert sorted(captions(page)) == ["Cook 0", "Cook 1", "Other 0"]
