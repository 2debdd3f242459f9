"""Restaurants as places (issue 26), against a real `lots serve`: a post names a new restaurant
and its area, the next picks the same restaurant from the type-ahead by keyboard alone (the same
id); an accent-less query finds an accented name; offline the type-ahead says it cannot suggest
and a typed name still posts; a server's error about the restaurant or the area is beside its
field. A restaurant's page (/r/{id}) is reached from a cell (pointer and keyboard) and from a
post's page, loads by a deep link signed out, follows the stream (a new post arrives, a deleted
one leaves), and Back returns to the feed at the same place; an unknown one is Not found; it
passes axe. Phone and desktop, light and dark, under the real Content-Security-Policy."""
import base64
import urllib.error
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import screenshot, watched_page
from pagekit import post_place
from test_pages import JPEG_FROM_CANVAS, wait_until
from test_story import sign_up

AXE = Axe()
PLACE_CELLS = ("[...document.querySelectorAll('#place .post:not([hidden])')]"
               ".sort((a, b) => a.dataset.item - b.dataset.item)")
SCROLLER = "document.querySelector('#feed .cv-scroller')"
POSTED = (lambda r: r.url.endswith("/api/posts") and r.request.method == "POST")


def settle(page, expression):
    """Waits for what the server or the stream brings: a hang guard, not a deadline."""
    wait_until(page, expression, timeout=60)


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


def open_place(page):
    page.wait_for_selector("#place[aria-busy=false] h2")


def place_names(page):
    return page.evaluate(f"{PLACE_CELLS}.map((c) => c.getAttribute('aria-label').split(':')[0])")


def compose(page, server, jpeg, caption):
    page.goto(server.url + "/post")
    page.get_by_label("Add photos").set_input_files(
        {"name": "lunch.jpg", "mimeType": "image/jpeg", "buffer": jpeg})
    page.wait_for_selector("img.preview:not([hidden])")
    page.get_by_label("Caption").fill(caption)


def active_option(page):
    return page.evaluate("""(() => {
      const id = document.getElementById('compose-restaurant')
        .getAttribute('aria-activedescendant');
      return id ? document.getElementById(id).textContent : null; })()""")


def restaurant(server, rid):
    return server.request("GET", f"/api/restaurants/{rid}")


# 1. A new restaurant and its area, then the same restaurant picked by keyboard alone.
@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_a_new_restaurant_then_the_same_one_picked_by_keyboard(server, browser, width, height,
                                                               scheme):
    post_place(server, server.sign_up("jonas"), "Banhof Grill", "Wedding")
    page = watched_page(browser, width, height, scheme)
    sign_up(page, server, "cook")
    jpeg = base64.b64decode(page.evaluate(JPEG_FROM_CANVAS))
    compose(page, server, jpeg, "Pork belly")
    field = page.get_by_role("combobox", name="Restaurant", exact=True)
    assert field.get_attribute("aria-expanded") == "false"
    listbox = field.get_attribute("aria-controls")
    assert page.get_attribute(f"#{listbox}", "role") == "listbox"
    area = page.get_by_label("Area (optional)")
    assert area.is_hidden(), "no Area before a name"
    field.fill("Bánh Mì Bar")
    area.wait_for()
    assert "Neighbourhood or city" in page.inner_text("#compose-area-hint")
    area.fill("Kreuzberg")
    with page.expect_response(POSTED) as answer:
        page.get_by_role("button", name="Post").click()
    first = answer.value.json()
    assert answer.value.status == 201, first
    assert (first["restaurant"], first["area"]) == ("Bánh Mì Bar", "Kreuzberg")
    page.wait_for_selector("#detail", state="hidden")

    # The second post: the restaurant from the type-ahead, by keyboard alone.
    compose(page, server, jpeg, "Lemongrass tofu")
    field.focus()
    page.keyboard.type("banh")  # no accent: the server folds them
    wanted = "Bánh Mì Bar — Kreuzberg (1 post)"
    page.get_by_role("option", name=wanted).wait_for()
    assert field.get_attribute("aria-expanded") == "true"
    options = page.locator(f"#{listbox} [role=option]").all_inner_texts()
    assert wanted in options and "Banhof Grill — Wedding (1 post)" in options
    assert options[-1] == "Add “banh” as a new restaurant"
    assert active_option(page) is None
    page.keyboard.press("ArrowDown")
    for _ in options:
        if active_option(page) == wanted:
            break
        page.keyboard.press("ArrowDown")
    assert active_option(page) == wanted
    selected = page.locator(f"#{listbox} [aria-selected=true]")
    assert selected.count() == 1 and selected.inner_text() == wanted
    screenshot(page, f"restaurants-typeahead-{width}-{scheme}")
    page.keyboard.press("Enter")
    assert field.input_value() == "Bánh Mì Bar"
    assert field.get_attribute("aria-expanded") == "false"
    assert area.is_hidden(), "a picked restaurant has its own area"
    assert page.inner_text("#compose-restaurant-note") == (
        "On LOTs: Bánh Mì Bar, Kreuzberg, 1 post.")
    # Editing the text drops the pick; picking again takes it back.
    page.keyboard.type("x")
    area.wait_for()
    assert page.inner_text("#compose-restaurant-note") == ""
    page.keyboard.press("Backspace")
    page.get_by_role("option", name=wanted).wait_for()
    page.keyboard.press("ArrowDown")
    for _ in options:
        if active_option(page) == wanted:
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert area.is_hidden()
    screenshot(page, f"restaurants-picked-{width}-{scheme}")
    with page.expect_response(POSTED) as answer:
        page.keyboard.press("Enter")  # the list is closed: Enter sends the form
    second = answer.value.json()
    assert answer.value.status == 201, second
    assert second["restaurantId"] == first["restaurantId"]
    assert restaurant(server, first["restaurantId"])["postCount"] == 2
    page.wait_for_selector("#detail", state="hidden")
    clean(page)


# 2. "pho" finds "Phở 24"; a click picks; offline, a typed name still posts.
def test_the_type_ahead_finds_an_accented_name_and_works_offline(server, browser):
    cara = server.sign_up("cara")
    pho = post_place(server, cara, "Phở 24", "Mitte")["restaurantId"]
    page = watched_page(browser, 1280, 800, console_errors=False, service_workers="block")
    sign_up(page, server, "cook")
    jpeg = base64.b64decode(page.evaluate(JPEG_FROM_CANVAS))
    compose(page, server, jpeg, "Bún chả")
    field = page.get_by_role("combobox", name="Restaurant", exact=True)
    field.press_sequentially("pho")
    option = page.get_by_role("option", name="Phở 24 — Mitte (1 post)")
    option.click()  # a pointer picks as Enter does
    assert field.input_value() == "Phở 24"
    assert page.get_by_label("Area (optional)").is_hidden()
    with page.expect_response(POSTED) as answer:
        page.get_by_role("button", name="Post").click()
    assert answer.value.json()["restaurantId"] == pho
    page.wait_for_selector("#detail", state="hidden")

    # Offline: no suggestions, said beside the field; the typed name is a new restaurant.
    compose(page, server, jpeg, "Currywurst")
    page.route("**/api/restaurants?*", lambda route: route.abort("internetdisconnected"))
    field.press_sequentially("Curry 36")
    settle(page, "document.getElementById('compose-restaurant-note').textContent !== ''")
    assert page.inner_text("#compose-restaurant-note").startswith("Offline: no suggestions.")
    assert field.get_attribute("aria-expanded") == "false"
    page.get_by_label("Area (optional)").fill("Kreuzberg")
    screenshot(page, "restaurants-offline-1280-light")
    page.unroute("**/api/restaurants?*")
    with page.expect_response(POSTED) as answer:
        page.get_by_role("button", name="Post").click()
    made = answer.value.json()
    assert (made["restaurant"], made["area"]) == ("Curry 36", "Kreuzberg")
    assert made["restaurantId"] != pho
    assert page.errors == []


# 3. The server's word about the restaurant or the area, beside that field.
@pytest.mark.parametrize("field_name,beside", [("restaurantId", "compose-restaurant"),
                                               ("area", "compose-area")])
def test_a_servers_error_about_the_restaurant_is_beside_its_field(server, browser, field_name,
                                                                  beside):
    page = watched_page(browser, 390, 844, console_errors=False, service_workers="block")
    sign_up(page, server, "cook")
    jpeg = base64.b64decode(page.evaluate(JPEG_FROM_CANVAS))
    compose(page, server, jpeg, "Soup")
    page.get_by_label("Restaurant", exact=True).fill("Soup Kitchen")
    page.get_by_label("Area (optional)").fill("Neukölln")
    page.route("**/api/posts", lambda route: route.fulfill(
        status=400, content_type="application/json",
        body='{"error":{"message":"%s is not right","field":"%s"}}' % (field_name, field_name)))
    page.get_by_role("button", name="Post").click()
    page.wait_for_selector(f"#{beside}-error:not(:empty)")
    assert page.get_attribute(f"#{beside}", "aria-invalid") == "true"
    assert page.inner_text(".compose-status") == ""
    assert page.get_by_role("button", name="Post").is_visible(), "not Try again"
    assert page.errors == []


# 4. From a cell and from a post's page to the restaurant's, and Back to the same place.
@pytest.mark.parametrize("width,height,scheme", [(1280, 800, "light"), (390, 844, "dark")])
def test_a_restaurants_page_from_a_cell_and_a_post_and_back_to_the_same_place(
        server, browser, width, height, scheme):
    names = [("Phở 24", "Mitte"), ("Curry 36", "Kreuzberg"), ("Lokanta", "")]
    for n in range(3):  # posting is limited to 20 in a burst per user: three cooks
        cook = server.sign_up(f"cook{n}")
        for i in range(14):
            name, area = names[i % 3]
            post_place(server, cook, name, area, caption=f"Dish {n}-{i}",
                       size=(400 + 40 * (i % 5), 300 + 60 * (i % 4)), rgb=(40 + 5 * i, 120, 80))
    pho = server.request("GET", "/api/restaurants?q=pho")["items"][0]
    page = watched_page(browser, width, height, scheme)
    feed_requests = []
    page.on("request", lambda r: "/api/feed" in r.url and feed_requests.append(r.url))
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    page.evaluate(f"{SCROLLER}.scrollTop = 600")
    page.wait_for_timeout(300)  # a frame or two for the cells of the new offset
    before = page.evaluate(f"{SCROLLER}.scrollTop")
    assert before > 400
    requests_before = len(feed_requests)
    # A cell of Phở 24 wholly in view: its restaurant's link, by pointer.
    item = page.evaluate("""(() => {
        const view = document.querySelector('#feed .cv-scroller').getBoundingClientRect();
        return [...document.querySelectorAll('#feed .post:not([hidden])')].find((c) => {
          const box = c.getBoundingClientRect();
          return box.top >= view.top && box.bottom <= view.bottom
            && c.querySelector('a.place b').textContent === 'Phở 24'; }).dataset.item; })()""")
    link = page.locator(f'#feed .post[data-item="{item}"] a.place')
    assert link.get_attribute("aria-label") == "Phở 24, Mitte"
    assert link.inner_text() == "Phở 24 · Mitte"
    link.click()
    open_place(page)
    assert page.evaluate("location.pathname") == f"/r/{pho['id']}"
    assert page.inner_text("#place h2") == "Phở 24"
    assert page.inner_text("#place .place-area") == "Mitte"
    assert page.inner_text("#place .place-count") == f"{pho['postCount']} posts"
    assert page.title() == "Phở 24, Mitte · LOTs"
    settle(page, f"{PLACE_CELLS}.length > 0")
    assert set(place_names(page)) == {"Phở 24"}
    assert page.locator("#place a.place[href]").count() == 0, "no link to the page itself"
    page.wait_for_timeout(300)
    screenshot(page, f"restaurants-page-{width}-{scheme}")
    page.go_back()
    page.wait_for_selector("#place", state="hidden")
    assert page.evaluate("location.pathname") == "/"
    assert abs(page.evaluate(f"{SCROLLER}.scrollTop") - before) <= 1
    assert len(feed_requests) == requests_before, feed_requests[requests_before:]

    # From a post's page: its heading's restaurant is a link; a post opened from the
    # restaurant's page lies over it, and Back finds it as it was.
    page.click(f'#feed .post[data-item="{item}"] img')
    page.wait_for_selector("#detail[aria-busy=false] h2")
    heading_link = page.locator("#detail h2").get_by_role("link", name="Phở 24, Mitte")
    assert page.inner_text("#detail h2") == "Phở 24 · Mitte"
    heading_link.click()
    open_place(page)
    assert page.is_hidden("#detail")
    settle(page, f"{PLACE_CELLS}.length > 1")
    page.locator("#place .post:not([hidden])").nth(1).locator("img").click()
    page.wait_for_selector("#detail[aria-busy=false] h2")
    assert page.evaluate("location.pathname").startswith("/p/")
    page.locator("#detail").get_by_role("button", name="Back").click()
    page.wait_for_selector("#detail", state="hidden")
    assert page.is_visible("#place h2") and page.title() == "Phở 24, Mitte · LOTs"
    page.go_back()  # the first post's page
    page.wait_for_selector("#detail[aria-busy=false] h2")
    page.go_back()  # Main, where it was
    page.wait_for_selector("#detail", state="hidden")
    page.wait_for_selector("#place", state="hidden")
    assert abs(page.evaluate(f"{SCROLLER}.scrollTop") - before) <= 1
    assert len(feed_requests) == requests_before, feed_requests[requests_before:]
    clean(page)


# 5. By keyboard: the article, Tab to Like, Tab to its restaurant; Escape comes back.
def test_a_cells_restaurant_is_reached_by_keyboard(server, browser):
    cook = server.sign_up("cook")
    post_place(server, cook, "Curry 36", "Kreuzberg", caption="Currywurst")
    post_place(server, cook, "Phở 24", "Mitte", caption="Bún bò")
    page = watched_page(browser, 1280, 800, "dark")
    page.goto(server.url + "/")
    page.wait_for_selector("#feed[aria-busy=false] .post")
    cell = page.locator("#feed .post:not([hidden])", has_text="Bún bò")
    cell.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "Like Phở 24 by @cook")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Phở 24, Mitte"
    screenshot(page, "restaurants-cell-link-focus-1280-dark")
    page.keyboard.press("Enter")
    open_place(page)
    assert page.evaluate("document.activeElement.id") == "place-title"
    page.keyboard.press("Escape")
    page.wait_for_selector("#place", state="hidden")
    assert page.evaluate("location.pathname") == "/"
    assert page.evaluate("document.activeElement.closest('.post')?.textContent.includes('Bún bò')")
    # Enter on the article itself still opens its post.
    cell.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    assert page.inner_text("#detail .caption") == "Bún bò"
    clean(page)


# 6. A deep link, signed out; Back goes to Main.
@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (1280, 800, "dark")])
def test_a_deep_link_loads_signed_out_and_back_goes_to_main(server, browser, width, height,
                                                            scheme):
    cook = server.sign_up("cook")
    rid = post_place(server, cook, "Lokanta", "", caption="Mercimek")["restaurantId"]
    post_place(server, cook, "Lokanta", "", caption="Pide")
    page = watched_page(browser, width, height, scheme)
    page.goto(f"{server.url}/r/{rid}")
    open_place(page)
    assert page.title() == "Lokanta · LOTs"
    assert page.is_hidden("#place .place-area")
    assert page.inner_text("#place .place-count") == "2 posts"
    settle(page, f"{PLACE_CELLS}.length === 2")
    assert page.get_attribute("#place .cv-content", "role") == "feed"
    page.get_by_role("button", name="Back").click()
    page.wait_for_selector("#feed[aria-busy=false] .post")
    assert page.evaluate("location.pathname") == "/" and page.is_hidden("#place")
    assert page.title() == "LOTs — Lunch Of Today"
    clean(page)


# 7. Live: a post made in another browser arrives; a deleted one leaves.
def test_a_new_post_arrives_live_on_the_open_restaurant_page(server, browser):
    cara = server.sign_up("cara")
    first = post_place(server, cara, "Phở 24", "Mitte", caption="Phở gà")
    rid = first["restaurantId"]
    reader = watched_page(browser, 1280, 800)
    reader.goto(f"{server.url}/r/{rid}")
    open_place(reader)
    settle(reader, f"{PLACE_CELLS}.length === 1")
    cook = watched_page(browser, 390, 844, "dark")
    sign_up(cook, server, "cook")
    jpeg = base64.b64decode(cook.evaluate(JPEG_FROM_CANVAS))
    compose(cook, server, jpeg, "Bún bò Huế")
    cook.get_by_role("combobox", name="Restaurant", exact=True).press_sequentially("pho")
    cook.get_by_role("option", name="Phở 24 — Mitte (1 post)").click()
    with cook.expect_response(POSTED) as answer:
        cook.get_by_role("button", name="Post").click()
    assert answer.value.json()["restaurantId"] == rid
    settle(reader, f"{PLACE_CELLS}.length === 2")
    assert reader.evaluate(f"{PLACE_CELLS}[0].textContent").count("Bún bò Huế") == 1
    assert reader.inner_text("#place .place-count") == "2 posts"
    # Another restaurant's post stays out; the next of this one comes in above it.
    token = server.sign_up("dan")
    post_place(server, token, "Curry 36", "Kreuzberg", caption="Pommes")
    third = post_place(server, token, restaurant_id=rid, caption="Chả giò")
    settle(reader, f"{PLACE_CELLS}.length === 3")
    assert "Chả giò" in reader.evaluate(f"{PLACE_CELLS}[0].textContent")
    assert not reader.evaluate(f"{PLACE_CELLS}.some((c) => c.textContent.includes('Pommes'))")
    server.request("DELETE", f"/api/posts/{third['id']}", None, token)
    settle(reader, f"{PLACE_CELLS}.length === 2")
    assert reader.inner_text("#place .place-count") == "2 posts"
    screenshot(reader, "restaurants-live-1280-light")
    clean(reader)
    clean(cook)


# 8. An unknown restaurant is Not found: by a deep link (404) and by a link in the app.
def test_an_unknown_restaurant_is_not_found(server, browser):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server.url}/r/999999", timeout=10)
    assert refused.value.code == 404
    page = watched_page(browser, 390, 844, console_errors=False)  # the 404 is logged
    page.goto(f"{server.url}/r/999999")
    page.get_by_role("heading", name="Not found").wait_for()
    assert "no restaurant at this address" in page.inner_text("#not-found")
    assert page.title() == "Not found · LOTs"
    screenshot(page, "restaurants-not-found-390")
    page.get_by_role("link", name="Go to Main").click()
    page.wait_for_selector("#feed[aria-busy=false]")
    page.evaluate("""() => {
      const link = Object.assign(document.createElement('a'), { href: '/r/999999',
        textContent: 'x' });
      document.getElementById('footer').append(link);
      link.click();
    }""")
    page.locator("#place").get_by_role("heading", name="Not found").wait_for()
    assert "no restaurant at this address" in page.inner_text("#place")
    page.locator("#place").get_by_role("link", name="Go to Main").click()
    page.wait_for_selector("#place", state="hidden")
    assert page.evaluate("location.pathname") == "/"
    assert page.evaluate("window.cspViolations") == []


# 9. axe on a restaurant's page, and on one with nothing left to show.
def serious(page):
    results = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (390, 844, "dark"),
                                                 (1280, 800, "light"), (1280, 800, "dark")])
def test_a_restaurants_page_passes_axe(server, browser, width, height, scheme):
    cook = server.sign_up("cook")
    rid = post_place(server, cook, "Phở 24", "Mitte", caption="Phở bò tái")["restaurantId"]
    for i, caption in enumerate(["Bún chả", "Gỏi cuốn", "Cơm tấm", "Bánh xèo"]):
        post_place(server, cook, restaurant_id=rid, caption=caption,
                   size=(400 + 80 * i, 600 - 50 * i), rgb=(180 - 20 * i, 90, 60 + 30 * i))
    gone = post_place(server, cook, "Empty Plate", "Somewhere")
    server.request("DELETE", f"/api/posts/{gone['id']}", None, cook)
    page = watched_page(browser, width, height, scheme)
    page.goto(f"{server.url}/r/{rid}")
    open_place(page)
    settle(page, f"{PLACE_CELLS}.length === 5 && {PLACE_CELLS}.every((c) => "
                 "c.querySelector('img').complete)")
    page.wait_for_timeout(500)  # the photos' fade-in has settled
    screenshot(page, f"restaurants-axe-{width}-{scheme}")
    assert serious(page) == []
    # Nothing left to show: a region that says so, not an empty feed.
    page.goto(f"{server.url}/r/{gone['restaurantId']}")
    open_place(page)
    page.get_by_text("No photos of Empty Plate to show yet.").wait_for()
    assert page.get_attribute("#place .cv-content", "role") == "region"
    assert page.inner_text("#place .place-count") == "0 posts"
    screenshot(page, f"restaurants-empty-{width}-{scheme}")
    assert serious(page) == []
    clean(page)
