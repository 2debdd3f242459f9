"""Every image the app shows has words (issue 27), against a real `lots serve`: its author's
description, else the post's (dish, restaurant and author), a restaurant's name for its cover,
a list's name for its cover, and in the Post form and the edit form the description being
typed, else "Photo 2 of 3, not yet described", kept current as the field changes and the photo
moves. Main, Inspire, a post's page, a profile, Likes, the lists, a list holding a post and
restaurants, the notifications, the Post form with photos chosen and the edit form: every
visible `img` on each is named, and a described photo by its description."""
import pytest

from conftest import sign_in, watched_page
from lots_server import png
from test_pages import wait_until

DESCRIBED = "Steaming bowl of pho with herbs"
CURRY = "Golden curry in a clay pot"
# Every image shown, with what names it: its alt, else its aria-label or aria-labelledby.
IMAGES = """() => [...document.querySelectorAll('img')].filter((img) => img.checkVisibility())
  .map((img) => {
    const labelledBy = (img.getAttribute('aria-labelledby') ?? '').split(/\\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return { name: [img.getAttribute('alt'), img.getAttribute('aria-label'), labelledBy]
      .map((text) => (text ?? '').trim()).find(Boolean) ?? '',
      html: img.outerHTML.slice(0, 200) };
  })"""


def settle(page, expression):
    """Waits for what the server brings: a hang guard, not a deadline."""
    wait_until(page, expression, timeout=60)


def names(page):
    """What names each image the page shows; none of them unnamed, and there are some."""
    images = page.evaluate(IMAGES)
    assert images, f"no image on {page.url}"
    unnamed = [image["html"] for image in images if not image["name"]]
    assert unnamed == [], f"images without words on {page.url}: {unnamed}"
    return [image["name"] for image in images]


def alts(page, selector):
    return page.evaluate("(s) => [...document.querySelectorAll(s)].map((img) => img.alt)",
                         selector)


def clean(page):
    assert page.errors == [] and page.evaluate("window.cspViolations") == []


@pytest.fixture
def kitchen(server):
    """cook's posts (the first of two photos, the first described; one undescribed; a
    described one at another restaurant); fan likes two and saves a post and two restaurants
    into Date night, and a post into Want to try."""
    cook = server.sign_up("cook")
    fan = server.sign_up("fan")
    pho = server.post_photos(cook, [(600, 450, (180, 90, 50)), (450, 600, (40, 150, 70))],
                             [DESCRIBED, ""], "Pho Real", "Pho with everything")
    sushi = server.post(cook, 500, 500, (60, 70, 200), "Sushi Zen", "Salmon nigiri")
    curry = server.post_photos(cook, [(500, 400, (200, 160, 40))], [CURRY], "Curry Up", "")
    for post in (pho, sushi):
        server.request("PUT", f"/api/posts/{post['id']}/like", None, fan)
    lists = {item["name"]: item["id"]
             for item in server.request("GET", "/api/me/lists", None, fan)["items"]}
    date = server.request("POST", "/api/me/lists", {"name": "Date night"}, fan)["id"]
    for body in ({"postId": pho["id"]}, {"restaurantId": sushi["restaurantId"]},
                 {"restaurantId": curry["restaurantId"]}):
        server.request("POST", f"/api/lists/{date}/entries", body, fan)
    server.request("POST", f"/api/lists/{lists['Want to try']}/entries",
                   {"postId": sushi["id"]}, fan)
    return server, pho, sushi, date


def test_every_image_a_reader_sees_has_words(kitchen, browser):
    server, pho, sushi, date = kitchen
    page = watched_page(browser, 1280, 800)
    sign_in(page, server, "fan")
    page.wait_for_selector("#who:not([hidden])")
    undescribed = "Salmon nigiri at Sushi Zen, photo by @cook"
    feed = "#feed[aria-busy=false] .post:not([hidden]) img"
    for path, count in [("/", 3), ("/inspire", 3), ("/u/cook", 3), ("/likes", 2)]:
        page.goto(server.url + path)
        settle(page, f"document.querySelectorAll('{feed}').length === {count}")
        shown = names(page)
        assert DESCRIBED in shown and undescribed in shown, (path, shown)

    # A post's page: each photo of the carousel by its description, else the post's words.
    page.goto(f"{server.url}/p/{pho['id']}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    shown = names(page)
    assert DESCRIBED in shown and "Pho with everything at Pho Real, photo by @cook" in shown
    page.goto(f"{server.url}/p/{sushi['id']}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    assert alts(page, "#detail img.photo") == [undescribed]
    names(page)

    # The lists: each card's cover; then Date night's post and restaurants' covers.
    page.goto(server.url + "/lists")
    settle(page, "document.querySelectorAll('#pocket[aria-busy=false] .list-cover').length"
           " === 2")
    assert alts(page, "#pocket img.list-cover") == ["Cover photo of Want to try", CURRY]
    names(page)
    page.goto(f"{server.url}/lists/{date}")
    page.wait_for_selector("#pocket[aria-busy=false] #pocket-title")
    settle(page, "document.querySelectorAll('#pocket .post:not([hidden]) img').length === 3")
    shown = names(page)
    assert DESCRIBED in shown, shown
    assert sorted(alts(page, "#pocket img.place-cover")) == sorted([CURRY, "Photo at Sushi Zen"])
    clean(page)


def test_the_authors_notifications_post_form_and_edit_form_name_their_images(kitchen,
                                                                            browser):
    server, pho, _, _ = kitchen
    page = watched_page(browser, 1280, 800)
    sign_in(page, server, "cook")
    page.wait_for_selector("#who:not([hidden])")

    # Notifications: the liked post's thumbnail by its description, else its words and author.
    page.goto(server.url + "/notifications")
    page.wait_for_selector("#detail[aria-busy=false] .notification")
    # fan liked both and saved both: a row for each.
    settle(page, "document.querySelectorAll('#detail .notification img').length === 4")
    assert sorted(alts(page, "#detail .notification img")) == sorted(
        [DESCRIBED, "Salmon nigiri at Sushi Zen, photo by @cook"] * 2)
    names(page)

    # The Post form: each preview by its place until described, then by the description.
    page.goto(server.url + "/post")
    page.get_by_label("Add photos").wait_for(state="attached")
    page.get_by_label("Add photos").set_input_files([
        {"name": f"{colour}.png", "mimeType": "image/png", "buffer": png(64, 48, rgb)}
        for colour, rgb in [("red", (200, 40, 40)), ("green", (40, 160, 60))]])
    settle(page, "document.querySelectorAll('#compose-photos > li').length === 2")
    previews = "#compose-photos img.preview"
    assert alts(page, previews) == ["Photo 1 of 2, not yet described",
                                    "Photo 2 of 2, not yet described"]
    names(page)
    page.get_by_label("Description of photo 2").fill("A green square")
    assert alts(page, previews) == ["Photo 1 of 2, not yet described", "A green square"]
    page.get_by_role("group", name="Photo 1 of 2", exact=True).get_by_role(
        "button", name="Move later").click()
    assert alts(page, previews) == ["A green square", "Photo 2 of 2, not yet described"]

    # The edit form: the same, from the post's own descriptions.
    page.goto(f"{server.url}/p/{pho['id']}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    page.click("#detail button.edit")
    page.wait_for_selector("#post-edit[open]")
    thumbs = "#post-edit img.edit-thumb"
    assert alts(page, thumbs) == [DESCRIBED, "Photo 2 of 2, not yet described"]
    names(page)
    page.fill("#edit-photo-1-description", "Broth in a blue bowl")
    assert alts(page, thumbs) == [DESCRIBED, "Broth in a blue bowl"]
    page.fill("#edit-photo-1-description", "")
    page.click("#edit-photo-1 .move-earlier")
    assert alts(page, thumbs) == ["Photo 1 of 2, not yet described", DESCRIBED]
    clean(page)
