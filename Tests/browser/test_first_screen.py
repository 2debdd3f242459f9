"""The lists' first screens from the server (FirstScreenHTML.swift) against a real `lots serve`
and the page's own WebAssembly engine: Main's waterfall, a profile's and Likes' grid,
Inspire's mosaic, and a restaurant's page (its head and its waterfall, FirstScreenPlace.swift). The frames the server writes are the engine's, to the bit, for many widths,
display scales and seeded feeds; the engine takes the page over without a cell moving and
without fetching the first page again; every hostile caption stays text; the page's
Content-Security-Policy holds (no inline style or script)."""
import base64
import html
import json
import os
import random
import re
import urllib.parse
import urllib.request

import pytest

from conftest import new_page, screenshot

# (list width, display scale): phones, a tablet, desktops, fractional scales.
VIEWS = [(360, 3), (390, 3), (412, 2.625), (768, 2), (1024, 1), (1280, 1), (1366, 1.25),
         (1600, 1.5), (1920, 1)]

# The layouts as lists.js asks for them (FEEDS, columnsFor, CAPTION), and the mosaic's box,
# at most 960 px wide (app.css).
ENGINE_FRAMES = """async ([kind, width, scale, sizes, extra = 0]) => {
  const { loadEngine } = await import('/toolkit/index.js');
  const engine = await loadEngine();
  const columnCount = Math.max(2, Math.min(6, Math.round(width / 260)));
  const extraHeight = 76 + extra;
  const options = kind === 'waterfall' ? { kind, columnCount, extraHeight }
    : kind === 'grid' ? { kind, columnCount, aspectRatio: 1, extraHeight } : { kind };
  const listWidth = kind === 'mosaic' ? Math.min(width, 960) : width;
  const layout = engine.layout(options);
  layout.prepare({ viewport: { width: listWidth, height: 800 }, displayScale: scale,
    direction: 'ltr', sections: [{ items: sizes.map(([w, h]) => ({ width: w, height: h })) }] });
  const frames = sizes.map((_, item) => {
    const { frame } = layout.element('cell', 0, item);
    return [frame.x, frame.y, frame.width, frame.height];
  });
  const size = layout.contentSize;
  layout.destroy();
  return { frames, width: size.width, height: size.height };
}"""

# Each list's page, its layout, the API path its data block names, and who reads it (the
# fixture's reader, who liked posts, for Likes).
LISTS = [("/", "waterfall", "/api/feed", False), ("/inspire", "mosaic", "/api/inspire", False),
         ("/u/screen0", "grid", "/api/users/screen0/posts", False),
         ("/likes", "grid", "/api/me/likes", True),
         ("/r/PLACE", "waterfall", "/api/restaurants/PLACE/posts", False)]


def fetch(url, cookie=None, token=None):
    headers = {"Cookie": cookie} if cookie else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request) as response:
        return response.read().decode(), response.headers


def served(server, width, scale, path="/", token=None):
    """What the server writes for the list of `path` on a page `width` wide at `scale`: the
    cells' items, the frames their stylesheet gives them, the content's size, and the page of
    the data block."""
    text, headers = fetch(server.url + path, cookie=f"lots-view={width}x{scale}", token=token)
    # A signed-in reader's document is theirs: never stored; a visitor's is revalidated.
    assert headers["Cache-Control"] == ("no-store" if token else "no-cache")
    return parse_served(server, text)


def first_screen(engine, depth=1000, most=64):
    """The items the server writes for a first screen whose engine frames are `engine`'s: those
    starting above `depth` (FirstScreenHTML.depth, no height hint), at most `most`
    (FirstScreenStyle.maximumCells), in order. However tall the seeded photos, at least the
    first row."""
    items = [n for n, (_, y, _, _) in enumerate(engine["frames"]) if y < depth][:most]
    assert len(items) >= 2, engine
    return items


def parse_served(server, text):
    """The first screen in the document `text` (``served``)."""
    href = html.unescape(re.search(r'<link rel="stylesheet" href="(/first-screen\.css[^"]+)">', text).group(1))
    sheet, sheet_headers = fetch(server.url + href)
    assert "immutable" in sheet_headers["Cache-Control"]
    rules = {int(n): [float(v) for v in values] for n, *values in re.findall(
        r"#fs-(\d+)\{left:([\d.]+)px;top:([\d.]+)px;width:([\d.]+)px;height:([\d.]+)px;", sheet)}
    content = re.search(r"contain:strict;width:([\d.]+)px;height:([\d.]+)px", sheet)
    items = [int(i) for i in re.findall(r'<article id="fs-\d+" class="cv-cell post[^"]*" '
                                        r'data-item="(\d+)"', text)]
    block = re.search(r'<script type="application/json" id="first-page"[^>]*>(.*?)</script>',
                      text, re.S)
    page = json.loads(block.group(1))
    named = re.search(r'id="first-page" data-path="([^"]+)"', text).group(1)
    return {"items": items, "path": html.unescape(named), "frames": [rules[n] for n in range(len(items))],
            "content": (float(content.group(1)), float(content.group(2))), "page": page,
            "html": text}


@pytest.fixture(scope="module")
def feed():
    """A server with a seeded feed of photos of every shape (the seed is printed)."""
    from lots_server import LotsServer
    server = LotsServer().start()
    # LOTS_SEED replays a printed seed.
    seed = int(os.environ.get("LOTS_SEED") or random.randrange(2**32))
    print(f"first screen feed seed {seed}")
    rng = random.Random(seed)
    cooks = [server.sign_up(f"screen{n}") for n in range(3)]
    posts = []
    for n in range(45):
        width, height = rng.randrange(200, 1600), rng.randrange(200, 1600)
        posts.append(server.post(cooks[n % 3], width, height, (rng.randrange(256), 90, 140),
                                 f"Place {n}", f"Dish {n}"))
    # A reader who liked some of them, in a seeded order (their Likes, and Inspire's ranking).
    reader = server.sign_up("screenreader")
    for post in rng.sample(posts, 30):
        server.request("PUT", f"/api/posts/{post['id']}/like", token=reader)
    server.reader = reader
    # A restaurant of many posts (its page's first screen), in seeded shapes.
    for n in range(16):
        width, height = rng.randrange(200, 1600), rng.randrange(200, 1600)
        place = server.post(cooks[n % 3], width, height, (90, rng.randrange(256), 60),
                            "Many Bowls", f"Bowl {n}")
    server.place = place["restaurantId"]
    # The reader's pocket list: posts (two with a note), then a restaurant, shared by link.
    pocket = server.request("POST", "/api/me/lists", {"name": "Date night"}, token=reader)
    for n, post in enumerate(rng.sample(posts, 14)):
        entry = {"postId": post["id"]} | ({"note": f"the one with {n} chillies"} if n % 7 == 0
                                          else {})
        server.request("POST", f"/api/lists/{pocket['id']}/entries", entry, token=reader)
    server.request("POST", f"/api/lists/{pocket['id']}/entries", {"restaurantId": server.place},
                   token=reader)
    server.pocket = pocket["id"]
    server.share = server.request("PUT", f"/api/lists/{pocket['id']}/share",
                                  token=reader)["shareToken"]
    try:
        yield server, seed
    finally:
        server.stop()


@pytest.fixture(scope="module")
def engine_page(browser, feed):
    """One page that runs the engine (the wasm module the pages load) for the frames tests: what
    they ask of it is a pure computation, so their 55 cases share one tab instead of one each."""
    server, _ = feed
    page = new_page(browser, 1000, 800)
    page.goto(server.url + "/gallery/")
    yield page
    page.context.close()
    assert not page.errors, f"errors in the engine's page: {page.errors}"


@pytest.mark.parametrize("path,kind,api,signed_in", LISTS)
@pytest.mark.parametrize("width,scale", VIEWS)
def test_the_servers_frames_are_the_engines_to_the_bit(feed, engine_page, width, scale, path,
                                                       kind, api, signed_in):
    server, seed = feed
    token = server.reader if signed_in else None
    path, api = (text.replace("PLACE", str(server.place)) for text in (path, api))
    got = served(server, width, scale, path, token)
    posts = got["page"]["items"]
    assert got["path"] == api
    assert 8 <= len(posts) <= 24, "the first screen's posts and a few"
    sizes = [[p["photo"]["width"], p["photo"]["height"]] for p in posts]
    engine = engine_page.evaluate(ENGINE_FRAMES, [kind, width, scale, sizes])
    assert got["items"] == first_screen(engine), f"seed {seed}, {path} at {width}x{scale}"
    for item, frame in zip(got["items"], got["frames"]):
        assert frame == engine["frames"][item], f"seed {seed}, {path} item {item} at {width}x{scale}"
    assert got["content"] == (engine["width"], engine["height"]), f"seed {seed}"
    # The data block is the API's first page, as the list would fetch it.
    served_page, _ = fetch(f"{server.url}{api}?limit={len(posts)}", token=token)
    assert same_first_page(got["page"], json.loads(served_page))


def same_first_page(carried, fetched):
    """Whether a first screen carries the page the API serves. Inspire's cursor names the
    ranking it pages through (`r|ranking|offset`), and a ranking is shared for a minute: the API
    asked after that minute ranks again, and its cursor names the newer ranking. Both rankings
    page alike (a ranking lasts a day), so only the ranking's number may differ, upwards."""
    def ranking(page):
        token = page.get("nextCursor") or ""
        text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
        kind, number, offset = (text.split("|") + ["", "", ""])[:3]
        return kind, int(number) if kind == "r" else 0, offset
    if carried == fetched:
        return True
    (kind, old, offset), (kind2, new, offset2) = ranking(carried), ranking(fetched)
    rest = {key: value for key, value in carried.items() if key != "nextCursor"}
    return (kind == kind2 == "r" and offset == offset2 and new > old
            and rest == {key: value for key, value in fetched.items() if key != "nextCursor"})


TAKEOVERS = [("/", 390, 844, 3, None), ("/", 1280, 900, 1, None), ("/", 390, 844, 3, "new"),
             ("/", 1280, 900, 1, "new"), ("/inspire", 390, 844, 3, None),
             ("/inspire", 1280, 900, 1, "reader"), ("/u/screen1", 390, 844, 3, None),
             ("/u/screen1", 1280, 900, 1, "reader"), ("/likes", 390, 844, 3, "reader"),
             ("/likes", 1280, 900, 1, "reader")]
readers = iter(range(1000))


def returning_context(browser, server, width, height, scale, token, cookies=None):
    """A browser context `width` × `height` at `scale` of a returning reader (`token`: signed
    in) whose page said the list's width and the display's scale before, with `cookies`."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=scale, bypass_csp=False)
    context.add_cookies([{"name": name, "value": value, "url": server.url + "/"} for name, value
                         in ({"lots-view": f"{width}x{scale}"} | (cookies or {})).items()])
    if token:  # signed in: the session's cookie, and the page's note that it has one
        context.add_cookies([{"name": "lots_session", "value": token, "url": server.url + "/"}])
        context.add_init_script("localStorage.setItem('lots.signedIn', '1')")
    return context


def held_page(browser, server, path, width, height, scale, token, api, cookies=None,
              storage=None):
    """`path` opened by a returning reader (`token`: signed in) `width` × `height` at `scale`,
    with `cookies` and `storage` (localStorage) besides, the page's script held back until the
    caller releases it: the context, the page, its errors, the requests of `api` it makes, and
    the held script's route (layout shifts and policy violations are gathered in
    `window.shifts` and `window.cspViolations`)."""
    context = returning_context(browser, server, width, height, scale, token, cookies)
    for key, value in (storage or {}).items():
        context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    page = context.new_page()
    errors, asked = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: api in r.url and asked.append(r.url))
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));"
        "window.shifts = 0; window.shifted = []; new PerformanceObserver((list) => {"
        " for (const e of list.getEntries()) { window.shifts += e.value; window.shifted.push("
        " e.sources.map((s) => [s.node?.nodeName, s.node?.id, s.node?.className,"
        " JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)])); } })"
        ".observe({ type: 'layout-shift', buffered: true });")
    # The page's script held back: what the server wrote, on its own.
    held = []
    page.route("**/dist/app.js", lambda route: held.append(route))
    # (DOMContentLoaded waits for the module script: only the document's arrival is awaited.)
    page.goto(server.url + path, wait_until="commit")
    while not held:
        page.wait_for_timeout(20)
    return context, page, errors, asked, held


@pytest.mark.parametrize("path,width,height,scale,who", TAKEOVERS)
def test_the_engine_takes_the_first_screen_over_in_place(feed, browser, path, width, height,
                                                         scale, who):
    server, seed = feed
    api = {"/": "/api/feed", "/inspire": "/api/inspire", "/likes": "/api/me/likes"}.get(
        path, "/api/users/screen1/posts")
    reader = None
    if who:  # signed in
        reader = f"firstreader{next(readers)}" if who == "new" else "screenreader"
    token = (server.sign_up(reader) if who == "new" else server.reader) if who else None
    context, page, errors, pages, held = held_page(browser, server, path, width, height, scale,
                                                   token, api)
    page.wait_for_selector("#feed article img")
    page.wait_for_function("() => [...document.querySelectorAll('#feed article img')]"
                           ".every((i) => i.complete)")
    before = page.evaluate("""[...document.querySelectorAll('#feed article')].map((a) => {
        const r = a.getBoundingClientRect();
        return [Number(a.dataset.item), r.x, r.y, r.width, r.height]; })""")
    # The first row at least, and down to the screen's foot (a few cells or many: the seeded
    # photos may be tall).
    assert len(before) >= 2 and max(y + h for _, _, y, _, h in before) >= height, (seed, before)
    title = page.evaluate("document.getElementById('list-title').hidden ? null"
                          " : document.getElementById('list-title').textContent")
    if reader:  # the header as the page will make it: written by the server
        assert page.inner_text("#profile-link") == f"@{reader}"
        assert page.is_hidden("#intro") and page.is_visible("#lists-link")
    name = f"first-screen{path.replace('/', '-')}-{width}{'-reader' if reader else ''}"
    screenshot(page, f"{name}-server")
    held[0].continue_()
    page.unroute("**/dist/app.js")
    page.wait_for_selector("#feed[aria-busy=false] .cv-cell.post img")
    after = page.evaluate("""[...document.querySelectorAll('#feed .cv-cell.post')]
        .filter((c) => !c.hidden).map((a) => {
        const r = a.getBoundingClientRect();
        return [Number(a.dataset.item), r.x, r.y, r.width, r.height]; })""")
    drawn = {cell[0]: cell[1:] for cell in after}
    width_used = page.evaluate("document.querySelector('#feed .cv-scroller').clientWidth")
    assert width_used == (min(width, 960) if path == "/inspire" else width)
    # Every cell in view is drawn again exactly where it was; one the engine draws beyond it
    # (it draws ahead of the scroll) too.
    for item, *rect in before:
        if rect[1] < height or item in drawn:
            assert drawn.get(item) == rect, f"{path}: item {item} moved at takeover (seed {seed})"
    # The heading above the list was the page's own already.
    assert title == page.evaluate("document.getElementById('list-title').hidden ? null"
                                  " : document.getElementById('list-title').textContent")
    # The first page came with the document: no second fetch of it.
    assert not [url for url in pages if "cursor=" not in url], pages
    assert page.evaluate("document.getElementById('first-page')") is None
    assert page.evaluate("window.shifts") == 0, page.evaluate("window.shifted")
    # The page's width is remembered (the mosaic's narrower box never is).
    cookie = page.evaluate("document.cookie")
    assert f"lots-view={width}x{scale}" in cookie
    assert page.evaluate("window.cspViolations") == [] and errors == []
    screenshot(page, f"{name}-live")
    context.close()


@pytest.mark.parametrize("layout", ["waterfall", "grid"])
@pytest.mark.parametrize("width,scale", VIEWS)
def test_a_pocket_lists_frames_are_the_engines_to_the_bit(feed, engine_page, width, scale,
                                                          layout):
    server, seed = feed
    path, api = f"/lists/{server.pocket}", f"/api/lists/{server.pocket}"
    text, _ = fetch(server.url + path, cookie=f"lots-view={width}x{scale}; "
                    f"lots-list-layout={layout}", token=server.reader)
    got = parse_served(server, text)
    assert got["path"] == api and f'data-layout="{layout}"' in text
    entries = got["page"]["items"]
    assert 8 <= len(entries) <= 15, "the first screen's entries and a few"
    # Laid out by each entry's photo, its restaurant's cover, or a square (pocket-list.js).
    photos = [(e.get("post") or {}).get("photo") or e.get("cover") or {} for e in entries]
    sizes = [[photo.get("width") or 1, photo.get("height") or 1] for photo in photos]
    engine = engine_page.evaluate(ENGINE_FRAMES, [layout, width, scale, sizes, 38 + 46])
    assert got["items"] == first_screen(engine), f"seed {seed} at {width}x{scale}"
    for item, frame in zip(got["items"], got["frames"]):
        assert frame == engine["frames"][item], f"seed {seed}, item {item} at {width}x{scale}"
    assert got["content"] == (engine["width"], engine["height"]), f"seed {seed}"
    served_page, _ = fetch(f"{server.url}{api}?limit={len(entries)}", token=server.reader)
    assert got["page"] == json.loads(served_page)


def parts_of(layer, selectors):
    """A script listing the cells and `selectors` of `layer` (`#place`, `#pocket`): each as
    its name (`cell N` for a cell) and its rectangle."""
    chosen = ", ".join(f"{layer} {selector}" for selector in
                       [".cv-cell.post:not([hidden])", *selectors])
    return f"""[...document.querySelectorAll({json.dumps(chosen)})].map((node) => {{
      const r = node.getBoundingClientRect();
      return [node.matches('.cv-cell') ? `cell ${{node.dataset.item}}` : node.className
        + (node.dataset.kind ?? '') || node.tagName, r.x, r.y, r.width, r.height]; }})"""


def taken_over_in_place(page, held, layer, parts, height, name, seed):
    """Waits for the server's cells of `layer` and their photos, then releases the page's
    script (`held`) and waits for the page to take the layer over: every part (`parts`, a
    script of ``parts_of``) and every cell in view (and any the page draws) must be drawn again
    exactly where it was. Screenshots before and after, as `name`."""
    page.wait_for_selector(f"{layer} article img")
    page.wait_for_function(f"() => [...document.querySelectorAll('{layer} article img')]"
                           ".every((i) => i.complete)")
    before = page.evaluate(parts)
    # The server's cells fill the screen (however tall the seeded photos: a few or many).
    cells = [part for part in before if part[0].startswith("cell")]
    assert len(cells) >= 2 and max(y + h for _, _, y, _, h in cells) >= height, (seed, cells)
    screenshot(page, f"{name}-server")
    held[0].continue_()
    page.unroute("**/dist/app.js")
    page.wait_for_selector(f"{layer}[aria-busy=false] .cv-cell.post img")
    after = {part[0]: part[1:] for part in page.evaluate(parts)}
    for what, *rect in before:
        if not what.startswith("cell") or rect[1] < height or what in after:
            assert after.get(what) == rect, f"{what} moved at takeover (seed {seed})"
    screenshot(page, f"{name}-live")


POCKET_PARTS = parts_of("#pocket", [".bar", "h2", ".pocket-meta", ".layout-choice", ".share",
                                    ".delete", ".rename", ".pocket-head .hint"])


@pytest.mark.parametrize("width,height,scale,who,layout", [
    (390, 844, 3, "owner", "waterfall"), (1280, 900, 1, "owner", "grid"),
    (390, 844, 3, "visitor", "waterfall"), (1280, 900, 1, "visitor", "waterfall")])
def test_a_pocket_list_takes_its_first_screen_over_in_place(feed, browser, width, height, scale,
                                                            who, layout):
    server, seed = feed
    owner = who == "owner"
    path = f"/lists/{server.pocket}" if owner else f"/s/{server.share}"
    api = f"/api/lists/{server.pocket}" if owner else f"/api/shared/{server.share}"
    context, page, errors, asked, held = held_page(
        browser, server, path, width, height, scale, server.reader if owner else None, api,
        cookies={"lots-list-layout": layout}, storage={"lots.listLayout": layout})
    assert page.inner_text("#pocket h2") == "Date night"
    assert page.is_visible("#pocket .delete") == owner
    taken_over_in_place(page, held, "#pocket", POCKET_PARTS, height,
                        f"first-screen-pocket-{who}-{layout}-{width}", seed)
    assert page.get_attribute("#pocket .pocket-list", "data-layout") == layout
    # The page reads its list 50 entries at a time (its first page, or again after a gap):
    # never here. (saved.js reads each of the reader's lists whole, limit=100, to know what
    # is saved: not the page's.)
    assert not [url for url in asked if url.endswith(f"{api}?limit=50")], asked
    assert page.evaluate("document.getElementById('first-page')") is None
    assert page.evaluate("document.activeElement.id") == "pocket-title"
    # The page beneath is out of reach (keyboard, screen reader) as when the layer is opened.
    assert page.evaluate("document.querySelector('header').inert && "
                         "document.getElementById('feed').inert")
    assert page.evaluate("window.shifts") == 0, page.evaluate("window.shifted")
    assert page.evaluate("window.cspViolations") == [] and errors == []
    # The reader's layout is the server's to know next time.
    assert f"lots-list-layout={layout}" in page.evaluate("document.cookie")
    context.close()


PLACE_PARTS = parts_of("#place", [".bar", "h2", ".place-count", ".place-save"])


@pytest.mark.parametrize("width,height,scale,signed_in", [(390, 844, 3, False),
                                                          (1280, 900, 1, True)])
def test_a_restaurants_page_takes_its_first_screen_over_in_place(feed, browser, width, height,
                                                                 scale, signed_in):
    server, seed = feed
    path, api = f"/r/{server.place}", f"/api/restaurants/{server.place}"
    context, page, errors, asked, held = held_page(
        browser, server, path, width, height, scale, server.reader if signed_in else None, api)
    # What the server wrote, on its own: the restaurant's head and its photos, over the list;
    # then the page's own, in the same places.
    page.wait_for_selector("#place h2")
    assert page.inner_text("#place h2") == "Many Bowls"
    assert page.inner_text("#place .place-count") == "16 posts"
    # Every state of the Save button from here on: its word and whether it is pressed.
    page.evaluate("""() => { window.saveWords = []; const note = () => {
        const button = document.querySelector('#place .place-save');
        if (button) window.saveWords.push(`${button.textContent}|${button.ariaPressed}`); };
      note(); new MutationObserver(note).observe(document.getElementById('place'),
        { subtree: true, childList: true, characterData: true, attributes: true }); }""")
    taken_over_in_place(page, held, "#place", PLACE_PARTS, height,
                        f"first-screen-place-{width}{'-reader' if signed_in else ''}", seed)
    assert page.evaluate("document.querySelector('#place .cv-scroller').clientWidth") == width
    # Neither the restaurant nor its first page was fetched again; the page is its own.
    assert not [url for url in asked if "cursor=" not in url], asked
    assert page.evaluate("document.getElementById('first-page')") is None
    assert page.evaluate("document.getElementById('first-place')") is None
    assert page.evaluate("document.activeElement.id") == "place-title"
    assert page.evaluate("document.querySelector('header').inert && "
                         "document.getElementById('feed').inert")
    assert page.evaluate("window.shifts") == 0, page.evaluate("window.shifted")
    assert page.evaluate("window.cspViolations") == [] and errors == []
    assert page.get_attribute("#place", "aria-labelledby") == "place-title"
    # The reader keeps this restaurant in a list: the server's button said so, and the page's
    # says the same from its takeover through reading the reader's lists (saved.js, after the
    # load), never "Save restaurant" between; a visitor's says "Save restaurant" throughout.
    shown = f"{'Saved' if signed_in else 'Save'} restaurant|{str(signed_in).lower()}"
    if signed_in:  # the reader's lists read, each whole (saved.js), and drawn
        lists = len(server.request("GET", "/api/me/lists", token=server.reader)["items"])
        page.wait_for_function(f"""() => performance.getEntriesByType('resource').filter((r) =>
            /\\/api\\/lists\\/\\d+\\?limit=100$/.test(r.name)).length >= {lists}""")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))")
    assert page.evaluate("window.saveWords").count(shown) >= 2
    assert set(page.evaluate("window.saveWords")) == {shown}
    if signed_in:  # signed out (the header is beneath: as from another tab), it is not saved
        # (The server keeps the session: the module's other tests are this reader's too.)
        page.route("**/api/sessions/current", lambda route: route.fulfill(status=204))
        page.evaluate("document.getElementById('sign-out').click()")
        page.wait_for_function("() => window.saveWords.at(-1) === 'Save restaurant|false'")
        signed_in = False
    # Back leaves it for Main, which reads its own first page.
    page.click("#place .back")
    page.wait_for_selector("#feed[aria-busy=false] .cv-cell.post img")
    assert page.is_hidden("#place")
    # Nothing of this page opened it, so the focus goes to where Main is named (the header's
    # current link for a reader, Sign in for a visitor), not to the page's body.
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate("document.activeElement.matches("
                         "'header nav [aria-current=page], input[name=username], "
                         "#gate-links a[href=\"/signin\"]')"), \
        page.evaluate("document.activeElement.outerHTML")
    context.close()


HOSTILE = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(2)>',
           "<!-- <script>", "&lt;b&gt; & <b>bold</b>", "'; alert(3); '",
           "\u2028\u2029 line separators", "<style>body{display:none}</style>"]


def test_hostile_captions_stay_text(server, browser):
    cook = server.sign_up("hostile")
    for n, caption in enumerate(HOSTILE):
        server.post(cook, 400, 300, (200, 80, 60), f"Bar </main> {n}", caption)
    text, _ = fetch(server.url + "/", cookie="lots-view=390x3")
    markup = text.split('<script type="application/json"')[0]
    for caption in HOSTILE:
        assert caption not in markup or caption == "\u2028\u2029 line separators"
    assert "<script>alert" not in text and "<img src=x" not in text
    assert text.count("<script") == 2  # the app's module and the data block
    page = new_page(browser, 390, 844, bypass_csp=False)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .cv-cell.post img")
    labels = page.evaluate("[...document.querySelectorAll('#feed .cv-cell.post')]"
                           ".map((c) => c.getAttribute('aria-label'))")
    assert any("</script><script>alert(1)</script>" in label for label in labels)
    assert dialogs == [] and page.errors == []
    page.context.close()


def test_the_stylesheet_refuses_what_it_did_not_write(server):
    for query in ["w=1&h=1&c=1,2,3,4,zzzzzz", "w=-1&h=1", "h=2", "w=1e9&h=1",
                  "w=1&h=1&c=" + ";".join(["0,0,1,1,000000"] * 65),
                  "w=1&h=1&c=1,2,3,4,000000}body{display:none"]:
        try:
            fetch(f"{server.url}/first-screen.css?{query}")
            raise AssertionError(f"accepted {query}")
        except urllib.error.HTTPError as error:
            assert error.code == 400, query
            assert "error" in json.loads(error.read())
    sheet, _ = fetch(f"{server.url}/first-screen.css?w=390&h=10&c="
                     + urllib.parse.quote("0,0,185,310.5,a1b2c3", safe=","))
    assert "#fs-0{left:0px;top:0px;width:185px;height:310.5px;background:#a1b2c3}" in sheet


def layer_pages(server):
    """The layers with a first screen: a restaurant's page (by a visitor, and by the reader who
    saved it: its Save button pressed), a list by its owner, shared."""
    return [(f"/r/{server.place}", "#place", None), (f"/r/{server.place}", "#place", server.reader),
            (f"/lists/{server.pocket}", "#pocket", server.reader),
            (f"/s/{server.share}", "#pocket", None)]


@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "light"),
                                          (1280, "dark")])
def test_the_layers_first_screens_pass_axe_and_the_keyboard(feed, browser, width, scheme):
    """Axe on what the server wrote (the script held) and on the page after its takeover, at
    phone and desktop width, light and dark; then the keyboard alone: Tab goes only through
    the layer's own controls, each seen, and Back by Enter leaves it. (test_axe's pages are
    the lists' and the pages' opened by the app; these are opened by their address.)"""
    from test_axe import serious
    server, seed = feed
    for path, layer, token in layer_pages(server):
        context, page, errors, _, held = held_page(browser, server, path, width, 900, 1, token,
                                                   "/api/none")
        page.emulate_media(color_scheme=scheme)
        page.wait_for_selector(f"{layer} article img")
        name = (f"first-screen-axe{path.replace('/', '-')[:12]}{'-reader' if token else ''}"
                f"-{width}-{scheme}")
        assert serious(page) == [], f"{path}, as the server wrote it"
        screenshot(page, f"{name}-server")
        held[0].continue_()
        page.unroute("**/dist/app.js")
        page.wait_for_selector(f"{layer}[aria-busy=false] .cv-cell.post img")
        assert serious(page) == [], f"{path}, taken over"
        screenshot(page, f"{name}-live")
        assert page.evaluate("document.activeElement.tagName") == "H2"
        seen = []
        for _ in range(12):
            page.keyboard.press("Tab")
            where = page.evaluate(f"""(() => {{ const a = document.activeElement;
                const r = a.getBoundingClientRect();
                return [a.closest('{layer}') !== null, r.width > 0 && r.height > 0,
                        a.getAttribute('aria-label') || a.textContent.trim().slice(0, 30)]; }})()""")
            assert where[0] and where[1], f"{path}: Tab reached {where[2]!r} outside the layer"
            seen.append(where[2])
        assert len(set(seen)) >= 4, seen
        # Back by Enter: to Main, or from a list to the reader's lists.
        page.focus(f"{layer} .back")
        page.keyboard.press("Enter")
        back = "/lists" if layer == "#pocket" and token else "/"
        page.wait_for_function(f"() => location.pathname === {json.dumps(back)}")
        assert errors == [] and page.evaluate("window.cspViolations") == []
        context.close()


# Every element's top-left corner, keyed by its path of child indices from the body (a prefix
# of the document has the same paths for what it has).
CORNERS = """() => { const corners = {};
  const walk = (node, path) => [...node.children].forEach((child, n) => {
    const key = `${path}/${n}`, r = child.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) corners[key] = [child.tagName, child.className, r.x, r.y];
    walk(child, key); });
  walk(document.body, ""); return corners; }"""


@pytest.mark.parametrize("what,width,height,scale,cookies", [
    ("/", 390, 844, 3, {}), ("/", 1280, 900, 1, {}),
    ("pocket", 1280, 900, 1, {"lots-list-layout": "grid"}),
    ("pocket", 390, 844, 3, {"lots-list-layout": "waterfall"}),
    ("shared", 390, 844, 3, {}), ("place", 1280, 900, 1, {})])
def test_the_first_screen_moves_nothing_while_it_arrives(feed, browser, what, width, height,
                                                         scale, cookies):
    """A browser draws a document before the whole of it has come (a slow network, a busy
    machine): what it has drawn must not move when the rest comes, or the page shifts before
    any script runs. The document is served cut after each tag of its first cells (the
    script held back), and every element drawn so far must be where the whole document puts
    it. (CI once saw a pocket list's caption move up when its note's row arrived below it.)"""
    server, seed = feed
    path = {"pocket": f"/lists/{server.pocket}", "shared": f"/s/{server.share}",
            "place": f"/r/{server.place}"}.get(what, what)
    token = server.reader if what == "pocket" else None
    context = returning_context(browser, server, width, height, scale, token, cookies)
    page = context.new_page()
    page.route("**/dist/app.js", lambda route: route.abort())
    document = {}

    def serve(route):
        if "text" not in document:
            document["text"] = route.fetch().text()
        route.fulfill(status=200, content_type="text/html; charset=utf-8",
                      body=document.get("cut", document["text"]))
    page.route(server.url + path, serve)
    page.goto(server.url + path)
    whole = page.evaluate(CORNERS)
    text = document["text"]
    start = text.index('<article id="fs-0"')
    # The first six cells (or all there are), each cut after every tag.
    ends = [m.end() for m in re.finditer("</article>", text[start:])]
    end = start + ends[min(5, len(ends) - 1)]
    cuts = [m.end() for m in re.finditer(r">", text[:end]) if m.end() > start]
    assert len(cuts) > 20
    moved = []
    for cut in cuts:
        document["cut"] = text[:cut]
        page.goto(server.url + path)
        for key, (tag, kind, x, y) in page.evaluate(CORNERS).items():
            final = whole.get(key)
            if final and final[:2] == [tag, kind] and (final[2], final[3]) != (x, y):
                moved.append(f"{tag}.{kind} at ({x}, {y}), then ({final[2]}, {final[3]}), "
                             f"cut before {text[cut:cut + 60]!r}")
    context.close()
    assert not moved, f"seed {seed}: {len(moved)} moved; " + "\n".join(moved[:8])
