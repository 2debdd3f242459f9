"""Editing a post and commenting on it, against a real `lots serve` under the real
Content-Security-Policy, with two people in two browser contexts (ana, the author, and ben):

- ana edits her caption, the order of her photos and a description by keyboard alone: the
  PATCH carries only what changed, the focus comes back to Edit and "Post updated" is said;
  ben's open page shows the new caption, the new first photo and "edited" without a reload;
- the edit form: Escape and Cancel close it (the page stays) with the focus on Edit; the last
  photo has no Remove, with the reason in words; the server's refusal of a description is said
  on that photo's card, the focus there; a restaurant picked from the type-ahead goes by id,
  a new one by name and area; Save with nothing changed sends nothing;
- ben's comment (Enter a new line, Ctrl+Enter sends) appears in ana's open page live, with
  the count and "New comment from @ben", and once in his own; ana's reply reaches him; ana
  deletes ben's comment under her post (asked in words, the focus to the next comment) and it
  goes from ben's page; ben has no Delete on ana's comment and the API refuses him (403);
- refusals beside the field: 1,001 characters (and the API's 400), an invisible character
  (the server's words), a blocked person (403 in words); a visitor reads the comments and is
  offered "Sign in to comment";
- "Show earlier comments" puts older pages above, oldest first, keeping the button (then the
  first comment) where it was, with the focus;
- axe finds nothing serious on the page with comments and with the edit form open; phone
  (390×844) and desktop (1280×800), light and dark (screenshots: artifacts/screenshots/
  edit-comments-*).

Every wait is a hang guard, not a deadline; a browser's console errors fail a test, except
the refusals a test provokes (the browser logs their status)."""
import json
import re
import urllib.error

import pytest

from conftest import screenshot, sign_in, watched_page
from lots_server import LotsServer
from test_pages import wait_until
from test_axe import serious

COLOURS = [((700, 500), (200, 60, 40)), ((500, 700), (40, 150, 70)),
           ((600, 600), (50, 80, 200))]
PROVOKED = re.compile(r"Failed to load resource: the server responded with a status of "
                      r"(400|403) \(.*\)")


@pytest.fixture(scope="module")
def site():
    server = LotsServer("--no-rate-limits").start()
    try:
        tokens = {name: server.sign_up(name) for name in ("ana", "ben", "cat")}
        yield server, tokens
    finally:
        server.stop()


def api(server, method, path, body=None, token=None):
    """The server's answer, or (status, error body) for a refusal."""
    try:
        return server.request(method, path, body, token)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def three_photos(server, token, caption="Pho with everything"):
    return server.post_photos(token, [(*size, rgb) for size, rgb in COLOURS],
                       ["Steaming bowl", "", "The bill"], "Pho Real", caption)


def reader(browser, server, name, post, width=1280, height=800, scheme="light"):
    """`name`'s page of `post` (a visitor's with None), its comments loaded."""
    page = watched_page(browser, width, height, scheme)
    if name:
        sign_in(page, server, name)
    page.goto(f"{server.url}/p/{post}")
    page.wait_for_selector("#detail[aria-busy=false] h2")
    page.wait_for_selector("#comments[aria-busy=false]")
    return page


def focused(page, selector):
    return page.evaluate("(s) => !!document.activeElement?.matches(s)", selector)


def tab_to(page, selector, back=False, limit=80):
    """Presses Tab (Shift+Tab with `back`) until `selector` has the focus."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}: "
                         + page.evaluate("document.activeElement?.outerHTML.slice(0, 120)"))


def text(page, selector):
    return page.evaluate("(s) => document.querySelector(s)?.textContent ?? null", selector)


def comment_ids(page):
    return page.evaluate("[...document.querySelectorAll('#comment-list > li')]"
                         ".map((li) => Number(li.dataset.comment))")


def clean(page, provoked=False):
    errors = [e for e in page.errors if not (provoked and PROVOKED.fullmatch(e))]
    assert errors == [], errors
    assert page.evaluate("window.cspViolations") == []


def test_an_edit_by_keyboard_shows_on_another_readers_open_page(site, browser):
    server, tokens = site
    post = three_photos(server, tokens["ana"])
    ben = reader(browser, server, "ben", post["id"])
    assert "edited" not in text(ben, "#detail .meta")
    ana = reader(browser, server, "ana", post["id"])
    assert focused(ana, "#detail-title")

    # Edit, by keyboard: the caption, the second photo moved first and described.
    tab_to(ana, "#detail button.edit")
    ana.keyboard.press("Enter")
    ana.wait_for_selector("#post-edit[open]")
    wait_until(ana, "document.activeElement?.id === 'edit-caption'")
    assert ana.evaluate("document.getElementById('edit-caption').value") == post["caption"]
    ana.keyboard.press("Control+A")
    ana.keyboard.type("Pho with extra herbs")
    tab_to(ana, "#edit-photo-1 .move-earlier")
    ana.keyboard.press("Enter")
    assert focused(ana, "#edit-photo-1 .move-earlier"), "the focus stays on the button"
    assert text(ana, "#edit-photo-1 legend") == "Photo 1 of 3"
    assert text(ana, "#edit-photo-0 legend") == "Photo 2 of 3"
    assert ana.get_attribute("#edit-photo-1 .move-earlier", "aria-disabled") == "true"
    assert text(ana, "label[for='edit-photo-1-description']") == "Description of photo 1"
    tab_to(ana, "#edit-photo-1-description", back=True)
    ana.keyboard.type("Fresh herbs and lime")
    tab_to(ana, "#post-edit .edit-save")
    with ana.expect_request(lambda r: r.method == "PATCH") as sent:
        ana.keyboard.press("Enter")
    body = json.loads(sent.value.post_data)
    originals = [post["photo"]["originalURL"]] + [p["originalURL"] for p in post["morePhotos"]]
    assert body == {"caption": "Pho with extra herbs", "photos": [
        {"originalURL": originals[1], "description": "Fresh herbs and lime"},
        {"originalURL": originals[0], "description": "Steaming bowl"},
        {"originalURL": originals[2], "description": "The bill"}]}, body
    wait_until(ana, "!document.getElementById('post-edit')")
    assert focused(ana, "#detail button.edit"), "the focus is back on Edit"
    wait_until(ana, "document.querySelector('#detail .detail-status').textContent"
                    " === 'Post updated'")
    assert ana.get_attribute("#detail .detail-status", "role") == "status"
    assert text(ana, "#detail .caption") == "Pho with extra herbs"
    meta = text(ana, "#detail .meta")
    assert meta.startswith("Eaten ") and meta.endswith("by @ana · edited"), meta
    assert ana.get_attribute("#detail .meta time.edited", "title").startswith("Edited ")
    assert ana.get_attribute("#detail .meta time.edited", "datetime")

    # ben's page, without a reload: the caption, the new first photo, "edited".
    wait_until(ben, "document.querySelector('#detail .caption').textContent"
                    " === 'Pho with extra herbs'", timeout=30)
    wait_until(ben, "document.querySelector('#detail .meta').textContent.endsWith('· edited')")
    wait_until(ben, "document.querySelector(\"#post-photos .carousel-slide[data-item='0'] img\")"
                    "?.alt === 'Fresh herbs and lime'")
    assert ben.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert ben.evaluate("location.pathname") == f"/p/{post['id']}"
    stored = api(server, "GET", f"/api/posts/{post['id']}", token=tokens["ben"])
    assert [p["description"] for p in [stored["photo"], *stored["morePhotos"]]] == \
        ["Fresh herbs and lime", "Steaming bowl", "The bill"]
    assert stored["editedAt"]
    clean(ana)
    clean(ben)
    ana.context.close()
    ben.context.close()


def test_the_edit_form_closes_keeps_one_photo_and_says_refusals_beside_them(site, browser):
    server, tokens = site
    sushi = server.post(tokens["cat"], 400, 300, (30, 120, 200), "Sushi Zen", "Salmon")
    post = server.post(tokens["ana"], 500, 400, (150, 90, 60), "Curry Up", "Extra spicy")
    page = reader(browser, server, "ana", post["id"], 1280, 800, "dark")
    edit = page.locator("#detail button.edit")

    # Escape closes the form, not the page; the focus is back on Edit. Cancel too.
    edit.click()
    page.wait_for_selector("#post-edit[open]")
    page.keyboard.press("Escape")
    wait_until(page, "!document.getElementById('post-edit')")
    assert focused(page, "#detail button.edit")
    assert page.is_visible("#detail h2") and page.evaluate("location.pathname") == \
        f"/p/{post['id']}"
    edit.click()
    page.wait_for_selector("#post-edit[open]")
    page.locator("#post-edit .edit-cancel").click()
    wait_until(page, "!document.getElementById('post-edit')")
    assert focused(page, "#detail button.edit")

    # Nothing changed: nothing is sent.
    patches = []
    page.on("request", lambda r: patches.append(r) if r.method == "PATCH" else None)
    edit.click()
    page.wait_for_selector("#post-edit[open]")
    page.locator("#post-edit .edit-save").click()
    wait_until(page, "!document.getElementById('post-edit')")
    assert text(page, "#detail .detail-status") == "Nothing was changed."
    assert patches == []

    # One photo: Remove is unavailable, and says why.
    edit.click()
    page.wait_for_selector("#post-edit[open]")
    remove = page.locator("#edit-photo-0 .remove-photo")
    assert remove.get_attribute("aria-disabled") == "true"
    reason = page.locator("#edit-photo-0-last")
    assert reason.is_visible() and "at least one photo" in reason.text_content()
    assert reason.get_attribute("id") in remove.get_attribute("aria-describedby")
    remove.focus()
    page.keyboard.press("Enter")  # unavailable: it says why
    assert page.locator("#edit-photos > li").count() == 1
    assert "at least one photo" in text(page, "#edit-photos-news")
    assert focused(page, "#edit-photo-0 .remove-photo")

    # The server's refusal of a description, beside it, the focus there.
    page.fill("#edit-photo-0-description", "Spicy\u202e curry")
    page.locator("#post-edit .edit-save").click()
    wait_until(page, "document.getElementById('edit-photo-0-description-error')"
                     ".textContent.includes('invisible')")
    assert focused(page, "#edit-photo-0-description")
    assert page.get_attribute("#edit-photo-0-description", "aria-invalid") == "true"
    assert "Photo 1" not in text(page, "#edit-photo-0-description-error")
    assert page.is_visible("#post-edit")
    screenshot(page, "edit-comments-refused-1280-dark")

    # A restaurant picked from the type-ahead goes by its id alone.
    page.fill("#edit-photo-0-description", "Curry with rice")
    page.locator("#edit-restaurant").fill("")
    page.locator("#edit-restaurant").type("Sush")
    page.wait_for_selector("#edit-restaurant-listbox [role=option]")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('edit-restaurant').value") == "Sushi Zen"
    assert not page.is_visible("#edit-area")
    with page.expect_request(lambda r: r.method == "PATCH") as sent:
        page.locator("#post-edit .edit-save").click()
    assert json.loads(sent.value.post_data) == {
        "restaurantId": sushi["restaurantId"],
        "photos": [{"originalURL": post["photo"]["originalURL"],
                    "description": "Curry with rice"}]}
    wait_until(page, "!document.getElementById('post-edit')")
    assert page.get_attribute("#detail h2 a.place", "href") == f"/r/{sushi['restaurantId']}"
    wait_until(page, "document.querySelector('#detail img.photo').alt === 'Curry with rice'")

    # A new restaurant goes by its name and area.
    edit.click()
    page.wait_for_selector("#post-edit[open]")
    page.locator("#edit-restaurant").fill("Curry Corner")
    page.locator("#edit-area").fill("Neukölln")
    with page.expect_request(lambda r: r.method == "PATCH") as sent:
        page.locator("#edit-area").press("Enter")
    assert json.loads(sent.value.post_data) == {"restaurant": "Curry Corner",
                                                "area": "Neukölln"}
    wait_until(page, "document.querySelector('#detail h2').textContent"
                     " === 'Curry Corner · Neukölln'")
    assert focused(page, "#detail button.edit")
    clean(page, provoked=True)
    page.context.close()


def test_comments_come_and_go_live_between_two_readers(site, browser):
    server, tokens = site
    post = server.post(tokens["ana"], 500, 400, (90, 140, 60), "Green Bowl", "Salad")
    ana = reader(browser, server, "ana", post["id"], 390, 844)
    ben = reader(browser, server, "ben", post["id"], 1280, 800)
    for page in (ana, ben):
        assert text(page, "#comments-title") == "Comments (0)"
        assert text(page, "#comments .comments-empty") == "No comments yet."

    # ben writes two lines (Enter is a new line) and sends with Ctrl+Enter.
    ben.focus("#comment-body")
    ben.keyboard.type("Was it spicy?")
    ben.keyboard.press("Enter")
    ben.keyboard.type("Very?")
    assert ben.evaluate("document.getElementById('comment-body').value") == "Was it spicy?\nVery?"
    ben.keyboard.press("Control+Enter")
    wait_until(ben, "document.querySelectorAll('#comment-list > li').length === 1")
    # The stream may bring it before the server's answer, which empties the field.
    wait_until(ben, "document.getElementById('comment-body').value === ''")
    assert focused(ben, "#comment-body")
    # In ana's open page, live: the comment, its count, said politely.
    wait_until(ana, "document.querySelectorAll('#comment-list > li').length === 1", timeout=30)
    assert text(ana, "#comments-title") == "Comments (1)"
    assert text(ana, "#comments-news") == "New comment from @ben"
    assert ana.get_attribute("#comments-news", "aria-live") == "polite"
    first = ana.locator("#comment-list > li").first
    assert first.locator(".comment-body").text_content() == "Was it spicy?\nVery?"
    assert first.locator(".comment-body").evaluate("(n) => getComputedStyle(n).whiteSpace") == \
        "pre-wrap"
    assert first.locator("a.comment-author").get_attribute("href") == "/u/ben"
    assert first.locator("time").get_attribute("datetime")
    # ben's own comment is there once (sent here, and back through the stream).
    wait_until(ben, "document.getElementById('comments-title').textContent === 'Comments (1)'")
    ana.wait_for_timeout(500)
    assert len(comment_ids(ben)) == 1

    # ana replies; it reaches ben.
    ana.fill("#comment-body", "Yes, very")
    ana.locator("#comments .comment-send").click()
    wait_until(ben, "document.querySelectorAll('#comment-list > li').length === 2", timeout=30)
    assert text(ben, "#comments-news") == "New comment from @ana"
    wait_until(ben, "document.getElementById('comments-title').textContent === 'Comments (2)'")
    bens, anas = comment_ids(ben)
    # ben deletes his own only: no Delete on ana's comment, and the API refuses him.
    assert ben.locator(f"#comment-{anas} .comment-delete").count() == 0
    assert ben.locator(f"#comment-{bens} .comment-delete").count() == 1
    assert api(server, "DELETE", f"/api/comments/{anas}", token=tokens["ben"])[0] == 403
    assert ana.locator(f"#comment-{bens} .comment-delete").get_attribute("aria-label") == \
        "Delete comment by @ben"

    # ana deletes ben's comment under her post: asked in words, then gone in both pages.
    ana.locator(f"#comment-{bens} .comment-delete").click()
    assert text(ana, f"#comment-{bens} .comment-question") == "Delete this comment?"
    assert focused(ana, f"#comment-{bens} .comment-confirm")
    ana.keyboard.press("Escape")  # kept
    assert focused(ana, f"#comment-{bens} .comment-delete")
    assert ana.is_visible("#detail h2")
    ana.keyboard.press("Enter")
    assert focused(ana, f"#comment-{bens} .comment-confirm")
    ana.keyboard.press("Enter")
    wait_until(ana, f"!document.getElementById('comment-{bens}')")
    assert focused(ana, f"#comment-{anas}"), "the focus goes to the next comment"
    assert text(ana, "#comments-title") == "Comments (1)"
    wait_until(ben, f"!document.getElementById('comment-{bens}')", timeout=30)
    wait_until(ben, "document.getElementById('comments-title').textContent === 'Comments (1)'")
    assert comment_ids(ben) == [anas]
    # Deleting the last one, the focus goes to the form.
    ana.locator(f"#comment-{anas} .comment-delete").click()
    ana.locator(f"#comment-{anas} .comment-confirm").click()
    wait_until(ana, f"!document.getElementById('comment-{anas}')")
    assert focused(ana, "#comment-body")
    wait_until(ben, "document.getElementById('comments-title').textContent === 'Comments (0)'",
               timeout=30)
    assert ben.is_visible("#comments .comments-empty")
    clean(ana)
    clean(ben)
    ana.context.close()
    ben.context.close()


def test_refusals_are_said_beside_the_field_and_a_visitor_is_asked_to_sign_in(site, browser):
    server, tokens = site
    post = server.post(tokens["ana"], 500, 400, (200, 170, 60), "Yellow House", "Dal")
    assert api(server, "POST", f"/api/posts/{post['id']}/comments", {"body": "x" * 1001},
               tokens["ben"])[1]["error"]["field"] == "body"
    page = reader(browser, server, "ben", post["id"], 390, 844)
    sent = []
    page.on("request", lambda r: sent.append(r) if r.method == "POST" else None)
    field = page.locator("#comment-body")
    error = page.locator("#comment-body-error")
    assert "comment-body-error" in field.get_attribute("aria-describedby")

    # 1,001 characters: counted down, refused beside the field, nothing sent.
    field.fill("x" * 1001)
    assert text(page, "#comment-body-counter") == "1 character too many"
    page.locator("#comments .comment-send").click()
    assert error.text_content() == "A comment has at most 1,000 characters: this one has 1,001."
    assert field.get_attribute("aria-invalid") == "true" and focused(page, "#comment-body")
    assert sent == []
    screenshot(page, "edit-comments-too-long-390-light")

    # The server's own refusal (an invisible character), in its words.
    field.fill("Looks good\u202e")
    page.locator("#comments .comment-send").click()
    wait_until(page, "document.getElementById('comment-body-error').textContent"
                     ".includes('invisible')")
    assert error.text_content().startswith("Comment must not contain")
    assert page.evaluate("document.getElementById('comment-body').value") == "Looks good\u202e"

    # Blocked by the author: said in words; the text is kept.
    api(server, "PUT", "/api/users/ben/block", None, tokens["ana"])
    field.fill("Can I come too?")
    page.locator("#comments .comment-send").click()
    wait_until(page, "document.getElementById('comment-body-error').textContent !== ''")
    assert error.text_content() == \
        "The author has blocked you: you cannot comment on their posts."
    assert page.evaluate("document.getElementById('comment-body').value") == "Can I come too?"
    assert comment_ids(page) == []
    clean(page, provoked=True)
    page.context.close()
    api(server, "DELETE", "/api/users/ben/block", None, tokens["ana"])

    # A visitor reads the comments and is offered to sign in.
    api(server, "POST", f"/api/posts/{post['id']}/comments", {"body": "Lovely dal"},
        tokens["cat"])
    visitor = reader(browser, server, None, post["id"], 390, 844)
    assert text(visitor, "#comments-title") == "Comments (1)"
    assert visitor.locator("#comment-list .comment-body").text_content() == "Lovely dal"
    assert visitor.locator("#comment-body").count() == 0
    assert visitor.locator("#comment-list .comment-delete").count() == 0
    link = visitor.get_by_role("link", name="Sign in to comment")
    assert link.get_attribute("href") == f"/signin?next=%2Fp%2F{post['id']}"
    clean(visitor)
    visitor.context.close()


def test_earlier_comments_go_above_keeping_the_place_and_the_focus(site, browser):
    server, tokens = site
    post = server.post(tokens["ana"], 500, 400, (120, 60, 160), "Purple Plate", "Beets")
    ids = [api(server, "POST", f"/api/posts/{post['id']}/comments",
               {"body": f"Comment {n}"}, tokens["ben" if n % 2 else "cat"])["id"]
           for n in range(1, 46)]
    page = reader(browser, server, "ben", post["id"], 390, 844)
    assert text(page, "#comments-title") == "Comments (45)"
    assert comment_ids(page) == ids[-20:]  # the newest, oldest first
    earlier = page.locator("#comments .comments-earlier")
    assert earlier.is_visible()
    earlier.scroll_into_view_if_needed()
    earlier.focus()
    top = earlier.bounding_box()["y"]
    page.keyboard.press("Enter")
    wait_until(page, "document.querySelectorAll('#comment-list > li').length === 40")
    assert comment_ids(page) == ids[-40:]
    assert focused(page, "#comments .comments-earlier")
    assert abs(earlier.bounding_box()["y"] - top) <= 1, "the button stayed where it was"
    page.keyboard.press("Enter")
    wait_until(page, "document.querySelectorAll('#comment-list > li').length === 45")
    assert comment_ids(page) == ids
    assert not earlier.is_visible()
    # No more: the oldest comment takes the button's place, and the focus.
    assert focused(page, f"#comment-{ids[0]}")
    first = page.locator(f"#comment-{ids[0]}").bounding_box()["y"]
    assert abs(first - top) <= 12, (first, top)
    assert text(page, "#comments-title") == "Comments (45)"
    clean(page)
    page.context.close()



@pytest.fixture(scope="module")
def discussed(site):
    """ana's post of three photos with comments of each kind: two lines, a long word, hers."""
    server, tokens = site
    post = three_photos(server, tokens["ana"], "Pho with everything, and a side of herbs")
    for token, body in [("ben", "Was it spicy?\nIt looks spicy."),
                        ("cat", "Best pho in town " + "yum" * 40),
                        ("ana", "Very spicy. Go early: it gets busy by noon.")]:
        api(server, "POST", f"/api/posts/{post['id']}/comments", {"body": body}, tokens[token])
    return post


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (390, 844, "dark"),
                                                 (1280, 800, "light"), (1280, 800, "dark")])
def test_the_page_with_comments_and_the_edit_form_pass_axe(site, discussed, browser, width,
                                                           height, scheme):
    server, _ = site
    page = reader(browser, server, "ana", discussed["id"], width, height, scheme)
    page.wait_for_selector("#comment-list > li")
    wait_until(page, "document.getAnimations().every((a) => a.playState !== 'running')")
    assert serious(page) == []
    page.locator("#comment-list > li >> nth=0 >> .comment-delete").focus()
    page.evaluate("document.getElementById('comments').scrollIntoView()")
    screenshot(page, f"edit-comments-{width}-{scheme}")
    # Every control of the comments is a 44 px target.
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#comments button, #comments textarea')].filter((n) => n.offsetParent)
        .map((n) => n.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44)
        .length""")
    assert small == 0
    # Delete asks first, in the comment.
    page.keyboard.press("Enter")
    page.wait_for_selector("#comment-list .comment-confirm")
    screenshot(page, f"edit-comments-confirm-{width}-{scheme}")
    assert serious(page) == []
    page.keyboard.press("Escape")
    page.locator("#detail button.edit").click()
    page.wait_for_selector("#post-edit[open]")
    wait_until(page, "document.getAnimations().every((a) => a.playState !== 'running')")
    assert serious(page) == []
    screenshot(page, f"edit-comments-form-{width}-{scheme}")
    page.locator("#edit-photo-2 .move-earlier").focus()
    page.locator("#edit-photo-2 .move-earlier").scroll_into_view_if_needed()
    screenshot(page, f"edit-comments-form-photos-{width}-{scheme}")
    clean(page)
    page.context.close()
