"""Another site's page, opened by a LOTs visitor in the same browser, cannot act through that
browser: it cannot sign up (an account of its choosing, or the visitor signed in as it), spend a
real user's sign-in attempts, like, block or post as the signed-in visitor, whatever it sends
(no-cors fetch, sendBeacon, an HTML form, untyped bodies, other spellings of the path). And a
DNS-rebinding page, which the browser thinks is same-origin, is not served at all (421).

The attacker is a page on a second loopback origin: another port of 127.0.0.1 (same-site with
LOTs, so the browser attaches the SameSite=Lax session cookie even to a POST) and 127.0.0.2
(cross-site). What it achieved is read from the server's state, through the API from Python:
its responses are opaque to it. What each request carried and got is read from the network as
Chromium saw it (its DevTools protocol: Playwright reports no request's cookie for opaque
responses). Each test also makes the same change the legitimate way, to show that its check sees
the change when it happens and that the defence leaves the real app working."""
import http.client
import http.server
import json
import threading
import urllib.error
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import CHROMIUM, sign_in, watched_page
from lots_server import png
from test_pages import CELLS, wait_until

PASSWORD = "lunch-of-today"

# The ways of ATTACK the browser sends without asking LOTs first (a "simple" request: a POST
# with a form, text or untyped body). It sends the others (a JSON body, a PUT in CORS mode) only
# if a CORS preflight allows them, which LOTs never does, and refuses a PUT in no-cors mode.
SIMPLE = {"fetch text/plain", "fetch untyped", "fetch multipart", "fetch POST",
          "beacon text/plain", "beacon untyped"}

ATTACK = """async ({lots, attempts}) => {
  // A Blob without a type: the browser sends no Content-Type at all.
  const untyped = (text) => new Blob([text]);
  const multipart = ({fields, photo}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('photo', new Blob([new Uint8Array(photo)], {type: 'image/png'}), 'lunch.png');
    return form;
  };
  const no = {mode: 'no-cors', credentials: 'include'};
  const send = {
    'fetch text/plain': (url, body) =>
      fetch(url, {...no, method: 'POST', headers: {'Content-Type': 'text/plain'}, body}),
    'fetch untyped': (url, body) => fetch(url, {...no, method: 'POST', body: untyped(body)}),
    'fetch multipart': (url, body) => fetch(url, {...no, method: 'POST', body: multipart(body)}),
    'fetch POST': (url) => fetch(url, {...no, method: 'POST'}),
    'fetch JSON (CORS)': (url, body) => fetch(url, {method: 'POST', mode: 'cors',
      credentials: 'include', headers: {'Content-Type': 'application/json'}, body}),
    'fetch PUT (no-cors)': (url) => fetch(url, {...no, method: 'PUT'}),
    'fetch PUT (CORS)': (url) => fetch(url, {method: 'PUT', mode: 'cors', credentials: 'include'}),
    'beacon text/plain': (url, body) => navigator.sendBeacon(url, body),
    'beacon untyped': (url, body) => navigator.sendBeacon(url, untyped(body)),
    'beacon JSON': (url, body) =>
      navigator.sendBeacon(url, new Blob([body], {type: 'application/json'})),
  };
  return Promise.all(attempts.map(async ([how, path, body]) => {
    try {
      const result = await send[how](lots + path, body);
      return [how, path, typeof result === 'boolean' ? `queued ${result}` : result.type];
    } catch (error) {
      return [how, path, String(error)];
    }
  }));
}"""

# A form's text/plain body is `name=value\\r\\n`: a name ending inside the password and a value
# finishing it make the body a JSON object (the `=` lands in the password).
FORM = """({action, enctype, json}) => {
  const form = Object.assign(document.createElement('form'),
    {method: 'post', action, enctype});
  if (json) {
    const cut = json.length - 4;
    form.append(Object.assign(document.createElement('input'),
      {type: 'hidden', name: json.slice(0, cut), value: json.slice(cut)}));
  }
  document.body.append(form);
  form.submit();
}"""


class AttackerSite:
    """Another site on a loopback address: one harmless-looking page, from a thread."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>Free recipes</title><h1>Free recipes</h1>"
            self.send_response(200 if self.path == "/" else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    def __init__(self, host):
        self.httpd = http.server.ThreadingHTTPServer((host, 0), self.Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://{host}:{self.httpd.server_address[1]}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def sites():
    same_site, cross_site = AttackerSite("127.0.0.1"), AttackerSite("127.0.0.2")
    yield {"same-site": same_site.url, "cross-site": cross_site.url}
    same_site.stop()
    cross_site.stop()


class Wire:
    """The page's writes to LOTs (not its GETs, nor the browser's own: a favicon, a preflight)
    as the network saw them: method, path, the headers sent (the cookie included) and the
    status the server answered. A preflighted request that the browser never sent has no
    status."""

    def __init__(self, page, lots):
        self.lots = lots
        self.page = page
        self.sent, self.headers, self.status = {}, {}, {}
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent", self._will_send)
        cdp.on("Network.requestWillBeSentExtraInfo", lambda e: self.headers.__setitem__(
            e["requestId"], {k.lower(): v for k, v in e["headers"].items()}))
        cdp.on("Network.responseReceived", lambda e: self.status.setdefault(
            e["requestId"], e["response"]["status"]))
        cdp.on("Network.responseReceivedExtraInfo", lambda e: self.status.setdefault(
            e["requestId"], e["statusCode"]))
        cdp.send("Network.enable")

    def _will_send(self, event):
        url = event["request"]["url"]
        if url.startswith(self.lots + "/"):
            self.sent[event["requestId"]] = {"method": event["request"]["method"],
                                             "path": url[len(self.lots):],
                                             "body": event["request"].get("postData")}

    def answered(self):
        """The writes that reached LOTs, with what they carried."""
        rows = []
        for rid, request in self.sent.items():
            if request["method"] in ("GET", "HEAD", "OPTIONS") or rid not in self.status:
                continue
            headers = self.headers.get(rid, {})
            rows.append({**request, "status": self.status[rid],
                         "site": headers.get("sec-fetch-site"),
                         "origin": headers.get("origin"),
                         "cookie": "lots_session=" in headers.get("cookie", ""),
                         "type": headers.get("content-type")})
        return rows

    def wait_for(self, count, timeout=15):
        """Waits until `count` requests have reached LOTs and been answered."""
        for _ in range(int(timeout / 0.05)):
            if len(self.answered()) >= count:
                return self.answered()
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.answered())} of {count} answered: {self}")

    def __repr__(self):
        return "\n".join(f"{r['method']} {r['path']} {r['status']} {r['site']}"
                         f" cookie={r['cookie']} type={r['type']}" for r in self.answered())


def attack(page, lots, attempts):
    """Runs `attempts` ([how, path, body]) at once from `page`; returns what the page saw."""
    return page.evaluate(ATTACK, {"lots": lots, "attempts": attempts})


def submit_form(page, site, action, enctype="application/x-www-form-urlencoded", json=None):
    """Submits a form the attacker's page made (a top-level navigation to LOTs), then goes back
    to the attacker's page."""
    with page.expect_navigation():
        page.evaluate(FORM, {"action": action, "enctype": enctype, "json": json})
    page.goto(site)


def still_well(lots):
    """The visitor's tab met no uncaught error and no policy violation."""
    assert lots.evaluate("window.cspViolations") == []
    lots.context.close()
    assert lots.errors == []


def visit(browser, server, site, signed_in_as=None):
    """A visitor's LOTs tab (signed in or not) and, in the same browser context, the attacker's
    page, watched on the wire."""
    # The refusals a page meets are logged as console errors; uncaught errors and policy
    # violations are still collected.
    lots = watched_page(browser, 1280, 900, console_errors=False)
    if signed_in_as:
        sign_in(lots, server, signed_in_as)
    else:
        lots.goto(server.url + "/")
    lots.wait_for_selector("#feed[aria-busy=false]")
    attacker = lots.context.new_page()  # its refused requests are logged; not watched
    attacker.goto(site)
    return lots, attacker, Wire(attacker, server.url)


def status_of(call):
    """The status of `call`, a `server.request`: 200 for any success."""
    try:
        call()
        return 200
    except urllib.error.HTTPError as error:
        return error.code


def account_exists(server, name):
    status = status_of(lambda: server.request("GET", f"/api/users/{name}/posts"))
    assert status in (200, 404), status
    return status == 200


def me(page):
    """Who the LOTs tab is signed in as (its cookie), or None."""
    return page.evaluate("""async () => {
      const response = await fetch('/api/me');
      return response.ok ? (await response.json()).username : null;
    }""")


def refused(rows, site, cookie, unrouted=()):
    """Every request that reached LOTs came from the attacker's site (by the browser's own
    headers), carried the visitor's cookie exactly when the browser attaches it, and was refused
    before anything read it: 403 from the same-origin rule, 400 for a path that is not
    canonical, 404 for a path in `unrouted` (a POST where LOTs has none)."""
    for row in rows:
        assert row["site"] == site, row
        assert row["cookie"] == cookie, row
        canonical = "//" not in row["path"] and "%" not in row["path"]
        expected = 404 if row["path"] in unrouted else 403 if canonical else 400
        assert row["status"] == expected, row


@pytest.mark.parametrize("signed_in", [False, True], ids=["signed-out", "signed-in"])
@pytest.mark.parametrize("site", ["same-site", "cross-site"])
def test_another_site_cannot_sign_up_through_a_visitors_browser(
        server, browser, sites, site, signed_in):
    server.sign_up("visitor")
    lots, attacker, wire = visit(browser, server, sites[site], "visitor" if signed_in else None)
    # Each way in asks for an account of its own name, so that any one getting through shows.
    ways = [("fetch text/plain", "/api/accounts", "mal_text"),
            ("fetch untyped", "/api/accounts", "mal_untyped"),
            ("fetch untyped", "/api/accounts/", "mal_slash"),
            ("fetch untyped", "//api/accounts", "mal_double"),
            ("fetch untyped", "/api//accounts", "mal_inner"),
            ("fetch untyped", "/api%2Faccounts", "mal_encoded"),
            ("fetch JSON (CORS)", "/api/accounts", "mal_cors"),
            ("beacon text/plain", "/api/accounts", "mal_beacon"),
            ("beacon untyped", "/api/accounts/", "mal_beacon_untyped"),
            ("beacon JSON", "/api/accounts", "mal_beacon_json")]
    attempts = [[how, path, json.dumps({"username": name, "password": PASSWORD})]
                for how, path, name in ways]
    seen = attack(attacker, server.url, attempts)
    assert not any(outcome in ("basic", "cors") for _, _, outcome in seen), seen  # none readable
    form = json.dumps({"username": "mal_form", "password": PASSWORD})
    submit_form(attacker, sites[site], server.url + "/api/accounts", "text/plain", form)

    simple = sum(how in SIMPLE for how, _, _ in ways) + 1  # and the form
    rows = wire.wait_for(simple)
    assert len(rows) == simple, wire  # the preflighted ones never left the browser
    assert all(row["method"] == "POST" and row["type"] != "application/json" for row in rows)
    # The browser attaches the Lax cookie to a same-site POST, never to a cross-site one.
    refused(rows, site, cookie=signed_in and site == "same-site")
    names = [name for _, _, name in ways] + ["mal_form"]
    assert [name for name in names if account_exists(server, name)] == []
    # Not signed in as the attacker's account either (a sign-up answer sets the cookie).
    assert me(lots) == ("visitor" if signed_in else None)

    # The form's body was a well-formed sign-up: sent as JSON by a client that is not a
    # browser, it makes the account, and the check above sees it.
    body = next(row["body"] for row in rows if "mal_form" in (row["body"] or ""))
    assert json.loads(body) == {"username": "mal_form", "password": "lunch-of-tod=ay"}
    server.request("POST", "/api/accounts", body.encode())
    assert account_exists(server, "mal_form")
    # And the visitor's own tab still works.
    lots.reload()
    lots.wait_for_selector("#feed[aria-busy=false]")
    assert me(lots) == ("visitor" if signed_in else None)
    still_well(lots)


@pytest.mark.parametrize("site", ["same-site", "cross-site"])
def test_another_site_cannot_spend_a_users_sign_in_attempts(server, browser, sites, site):
    server.sign_up("owner")
    lots, attacker, wire = visit(browser, server, sites[site])
    # Twenty wrong passwords for @owner from the visitor's address, sixteen of them sent without
    # a preflight, at once, and a form's: more than the ten failures one name may have from one
    # address.
    ways = [("fetch text/plain", "/api/sessions"), ("fetch untyped", "/api/sessions"),
            ("fetch untyped", "/api/sessions/"), ("fetch untyped", "//api/sessions"),
            ("fetch untyped", "/api//sessions"), ("fetch untyped", "/api%2Fsessions"),
            ("beacon text/plain", "/api/sessions"), ("beacon untyped", "/api/sessions/"),
            ("fetch JSON (CORS)", "/api/sessions"), ("beacon JSON", "/api/sessions")]
    attempts = [[how, path, json.dumps({"username": "owner", "password": f"guess-{round}-{i}"})]
                for round in range(2) for i, (how, path) in enumerate(ways)]
    seen = attack(attacker, server.url, attempts)
    assert not any(outcome in ("basic", "cors") for _, _, outcome in seen), seen
    guess = json.dumps({"username": "owner", "password": "wrong-password"})
    submit_form(attacker, sites[site], server.url + "/api/sessions", "text/plain", guess)

    simple = 2 * sum(how in SIMPLE for how, _ in ways) + 1
    rows = wire.wait_for(simple)
    assert len(rows) == simple, wire
    refused(rows, site, cookie=False)
    # Right after, the real user signs in: none of those guesses was counted against them.
    session = server.request("POST", "/api/sessions", {"username": "owner", "password": PASSWORD})
    assert session["user"]["username"] == "owner"

    # Had they been read, @owner would be locked out now: as many wrong passwords from this
    # address, at once, then the right one, is 429. (Ten failures take the name's budget; it
    # regains one every five seconds, which the other guesses spend while they are checked.)
    def wrong(i):
        return status_of(lambda: server.request(
            "POST", "/api/sessions", {"username": "owner", "password": f"control-{i}"}))
    with ThreadPoolExecutor(max_workers=len(rows)) as pool:
        answers = list(pool.map(wrong, range(len(rows))))
    assert answers.count(401) >= 10 and set(answers) <= {401, 429}, answers
    assert status_of(lambda: server.request(
        "POST", "/api/sessions", {"username": "owner", "password": PASSWORD})) == 429
    still_well(lots)


@pytest.mark.parametrize("site", ["same-site", "cross-site"])
def test_another_site_cannot_like_block_or_post_as_the_signed_in_visitor(
        server, browser, sites, site):
    author = server.sign_up("author")
    post = server.post(author, 600, 400, (200, 80, 40), "Pho Real", "Steaming bowl")["id"]
    server.post(author, 400, 600, (40, 160, 90), "Sushi Zen", "")
    visitor = server.sign_up("visitor")
    lots, attacker, wire = visit(browser, server, sites[site], "visitor")
    like, block = f"/api/posts/{post}/like", "/api/users/author/block"
    photo = {"fields": {"caption": "Not mine", "restaurant": "Mal's", "mealDate": "2026-11-21"},
             "photo": list(png(40, 30, (10, 10, 10)))}
    attempts = [["fetch PUT (no-cors)", like, None], ["fetch PUT (CORS)", like, None],
                ["fetch POST", like, None],
                ["fetch PUT (no-cors)", block, None], ["fetch PUT (CORS)", block, None],
                ["fetch POST", block, None],
                ["fetch multipart", "/api/posts", photo]]
    seen = attack(attacker, server.url, attempts)
    assert not any(outcome in ("basic", "cors") for _, _, outcome in seen), seen
    for action in (like, block):  # a form can only GET or POST
        submit_form(attacker, sites[site], server.url + action)

    simple = sum(how in SIMPLE for how, _, _ in attempts) + 2
    rows = wire.wait_for(simple)
    assert len(rows) == simple, wire
    assert {row["method"] for row in rows} == {"POST"}, rows  # no PUT left the browser
    # Same-site, the visitor's cookie went with every one of them: only the server's refusal
    # kept the upload from being the visitor's post. (The POSTs to like and block reach no
    # route: those are PUTs, which no other site can send without a preflight LOTs refuses.)
    refused(rows, site, cookie=site == "same-site", unrouted=(like, block))

    def state():
        liked = server.request("GET", f"/api/posts/{post}", token=visitor)
        feed = server.request("GET", "/api/feed", token=visitor)["items"]
        return {"likes": liked["likeCount"], "likedByMe": liked["likedByMe"],
                "authors in the visitor's feed": sorted(p["author"]["username"] for p in feed),
                "visitor's posts": len(server.request("GET", "/api/users/visitor/posts")["items"])}
    before = {"likes": 0, "likedByMe": False,
              "authors in the visitor's feed": ["author", "author"], "visitor's posts": 0}
    assert state() == before

    # The visitor's own tab, reloaded, shows the posts and likes and blocks as ever; the checks
    # above see both.
    lots.on("dialog", lambda dialog: dialog.accept())
    lots.reload()
    wait_until(lots, f"{CELLS}.length === 2")
    lots.locator(".post:not([hidden])", has_text="Pho Real").click()
    detail = lots.locator("#detail")
    # The button shows the like at once, before the server has it: wait for its answer.
    with lots.expect_response(lambda r: r.request.method == "PUT" and r.url.endswith(like)) as put:
        detail.get_by_role("button", name="Like").click()
    assert put.value.status == 200
    lots.wait_for_selector("#detail button.like[aria-pressed=true]")
    assert state() == {**before, "likes": 1, "likedByMe": True}
    detail.get_by_role("button", name="Block @author").click()
    lots.wait_for_selector("#detail", state="hidden")
    wait_until(lots, f"{CELLS}.length === 0")
    assert server.request("GET", "/api/feed", token=visitor)["items"] == []
    still_well(lots)


def raw(server, method, path, headers, body=b""):
    """A request exactly as given (Host included), from Python: status and body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_a_rebound_host_name_is_not_served(server):
    # What a DNS-rebinding page's browser sends (the next test sees it): its own host name, and,
    # the page and LOTs being one origin to the browser, the matching Origin and a JSON body.
    def sign_up(host, name):
        return raw(server, "POST", "/api/accounts", {
            "Host": host, "Origin": f"http://{host}", "Content-Type": "application/json"},
            json.dumps({"username": name, "password": PASSWORD}).encode())

    status, body = sign_up(f"rebind.example:{server.port}", "rebound")
    assert status == 421, body
    assert not account_exists(server, "rebound")
    assert raw(server, "GET", "/", {"Host": f"rebind.example:{server.port}"})[0] == 421
    assert raw(server, "GET", "/api/feed", {"Host": "rebind.example"})[0] == 421
    # The very same request for a host name the server serves makes the account: the host name
    # alone stopped it.
    assert sign_up(f"127.0.0.1:{server.port}", "rebound")[0] == 201
    assert account_exists(server, "rebound")
    assert sign_up(f"localhost:{server.port}", "local")[0] == 201


def test_a_rebinding_page_in_a_browser_is_not_served(server, browser):
    # A browser without Private Network Access (as Firefox and Safari ship; Chromium would stop
    # a public page's request to loopback itself) where rebind.example now resolves to LOTs.
    # The attacker's page is what rebind.example served before its address changed.
    rebinding = browser.browser_type.launch(executable_path=CHROMIUM, args=[
        "--host-resolver-rules=MAP rebind.example 127.0.0.1",
        "--disable-features=BlockInsecurePrivateNetworkRequests,"
        "PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,"
        "LocalNetworkAccessChecks"])
    try:
        page = rebinding.new_page()
        origin = f"http://rebind.example:{server.port}"
        page.route(origin + "/", lambda route: route.fulfill(
            content_type="text/html", body="<!doctype html><title>Free recipes</title>"))
        page.goto(origin + "/")
        wire = Wire(page, origin)
        # Same-origin to the browser: JSON, readable answers, no preflight.
        answers = page.evaluate("""async (body) => {
          const signUp = await fetch('/api/accounts', {method: 'POST', body,
            headers: {'Content-Type': 'application/json'}});
          const feed = await fetch('/api/feed');
          return [signUp.status, feed.status];
        }""", json.dumps({"username": "rebound", "password": PASSWORD}))
        assert answers == [421, 421]
        [sign_up] = wire.wait_for(1)
        # Everything the app's own page sends (its Origin is the Host it asks; Chromium sends
        # Sec-Fetch-Site only to trustworthy origins, which plain-HTTP rebind.example is not):
        # only the host name gave it away.
        assert sign_up["site"] in (None, "same-origin"), sign_up
        assert (sign_up["origin"], sign_up["type"]) == (origin, "application/json"), sign_up
        assert not account_exists(server, "rebound")
    finally:
        rebinding.close()


def test_a_body_not_declared_json_is_not_read(server):
    # Without browser headers or cookie (curl, or an old browser that sends neither
    # Sec-Fetch-Site nor Origin), the same-origin rule lets a request pass; what a form, a
    # beacon or an untyped fetch can send is still not read as JSON.
    body = json.dumps({"username": "untyped", "password": PASSWORD}).encode()
    for content_type in ("text/plain", "text/plain;charset=UTF-8",
                         "application/x-www-form-urlencoded", None):
        headers = {"Host": f"127.0.0.1:{server.port}"}
        if content_type:
            headers["Content-Type"] = content_type
        assert raw(server, "POST", "/api/accounts", headers, body)[0] == 415, content_type
        assert raw(server, "POST", "/api/sessions", headers, body)[0] == 415, content_type
    assert not account_exists(server, "untyped")
    headers = {"Host": f"127.0.0.1:{server.port}", "Content-Type": "application/json"}
    assert raw(server, "POST", "/api/accounts", headers, body)[0] == 201
    assert account_exists(server, "untyped")
