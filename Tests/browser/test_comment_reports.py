"""Reporting a comment and a moderator's decision on it, against a real `lots serve` under the
real Content-Security-Policy, with several people in their own browser contexts:

- ben comments on ana's post; cat reports ben's comment by keyboard alone on a phone: Report
  (named "Report comment by @ben") opens a form under the comment, the focus in its field; an
  empty reason and the server's refusal of one (an invisible character) are said beside the
  field; Escape closes the form, not the page, the focus back on Report; once sent, "Reported.
  A moderator will look at it." is said politely. Her own comment has no Report, nor has any
  for a visitor;
- the moderator (the server's first account) finds the comment in the queue ("Comment by @ben
  on @ana's Pho Real post", its text, cat's report) and removes it with a note: it leaves the
  queue and the audit trail says "Comment removed";
- ana's page of the post, opened from Main (so following the list's stream: one stream in the
  tab), loses the comment live and its count drops; ben's notifications say what happened to
  his comment, quoting it;
- the post page with the form and its refusal, the queue and the notifications pass axe (no
  serious finding), phone (390×844) and desktop (1280×800), light and dark (screenshots:
  artifacts/screenshots/comment-reports-*).

Every wait is a hang guard, not a deadline; a browser's console errors fail a test, except the
refusals a test provokes (the browser logs their status)."""
import pytest

from conftest import screenshot, sign_in, watched_page
from lots_server import LotsServer
from test_axe import serious
from test_edit_and_comments import api, clean, focused, reader, tab_to, text
from test_pages import wait_until

SPAM = "Buy followers at cheap-likes.example\nDM me"
REPORTED = "Reported. A moderator will look at it."


@pytest.fixture
def site():
    """A fresh server (its first account, mod, moderates): ana's post with ben's and cat's
    comments."""
    server = LotsServer("--no-rate-limits").start()
    try:
        tokens = {name: server.sign_up(name) for name in ("mod", "ana", "ben", "cat")}
        post = server.post(tokens["ana"], 600, 450, (180, 90, 50), "Pho Real", "Steaming bowl")
        ids = {name: api(server, "POST", f"/api/posts/{post['id']}/comments", {"body": body},
                         tokens[name])["id"]
               for name, body in (("ben", SPAM), ("cat", "Best pho in town"))}
        yield server, tokens, post["id"], ids
    finally:
        server.stop()


def streams_opened(page):
    """The change streams `page` opens from now on (a list of their URLs)."""
    opened = []
    page.on("request", lambda r: opened.append(r.url) if "/api/stream" in r.url else None)
    return opened


def sentences(page):
    return page.evaluate("[...document.querySelectorAll('#detail .notification .sentence')]"
                         ".map((node) => node.textContent)")


def test_a_reported_comment_is_removed_by_a_moderator_and_leaves_live(site, browser):
    server, tokens, post, ids = site
    ben_comment, cat_comment = f"#comment-{ids['ben']}", f"#comment-{ids['cat']}"

    # ana reads her post, opened from Main: the list's stream is the page's too.
    ana = watched_page(browser, 1280, 800)
    sign_in(ana, server, "ana")
    ana.wait_for_selector("#feed[aria-busy=false] .post")
    wait_until(ana, "document.getElementById('live').dataset.state === 'live'", timeout=30)
    streams = streams_opened(ana)
    ana.click("#feed .post img")
    ana.wait_for_selector("#detail[aria-busy=false] h2")
    ana.wait_for_selector("#comments[aria-busy=false]")
    assert text(ana, "#comments-title") == "Comments (2)"
    # As the post's author she may delete ben's comment, and report it; not her own post's.
    assert ana.get_by_role("button", name="Report comment by @ben").count() == 1

    # cat, on a phone, by keyboard alone.
    cat = reader(browser, server, "cat", post, 390, 844)
    report = cat.get_by_role("button", name="Report comment by @ben")
    assert report.count() == 1 and report.inner_text() == "Report"
    assert cat.get_by_role("button", name="Report comment by @cat").count() == 0
    assert cat.locator(f"{cat_comment} .comment-report-open").count() == 0
    tab_to(cat, f"{ben_comment} .comment-report-open")
    assert report.get_attribute("aria-expanded") == "false"
    cat.keyboard.press("Enter")
    field = cat.get_by_role("textbox", name="Why should this comment be reviewed?")
    assert focused(cat, f"#comment-{ids['ben']}-reason")
    assert report.get_attribute("aria-expanded") == "true"
    form = cat.get_by_role("form", name="Report comment by @ben")
    assert form.is_visible()
    # Nothing said: refused beside the field, nothing sent.
    sent = []
    cat.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    cat.keyboard.press("Tab")
    assert focused(cat, f"{ben_comment} .comment-report-send")
    cat.keyboard.press("Enter")
    error = cat.locator(f"#comment-{ids['ben']}-reason-error")
    wait_until(cat, f"document.getElementById('comment-{ids['ben']}-reason-error')"
                    ".textContent !== ''")
    assert error.inner_text() == "Say why this comment should be reviewed."
    assert error.get_attribute("id") in field.get_attribute("aria-describedby").split()
    assert field.get_attribute("aria-invalid") == "true"
    assert focused(cat, f"#comment-{ids['ben']}-reason")
    assert sent == []
    # The server's refusal (an invisible character), in its words, beside the field.
    cat.keyboard.type("spam")
    cat.keyboard.insert_text("\u202e")
    assert error.inner_text() == "", "an edit takes the old message away"
    cat.keyboard.press("Tab")
    cat.keyboard.press("Enter")
    wait_until(cat, f"document.getElementById('comment-{ids['ben']}-reason-error')"
                    ".textContent !== ''", timeout=30)
    assert error.inner_text().startswith("Reason must not contain"), error.inner_text()
    assert field.input_value() == "spam\u202e", "the reason is kept"
    screenshot(cat, "comment-reports-refused-390-light")
    # Escape closes the form (not the page); the focus is back on Report.
    cat.keyboard.press("Escape")
    assert form.is_hidden() and focused(cat, f"{ben_comment} .comment-report-open")
    assert cat.evaluate("location.pathname") == f"/p/{post}"
    assert report.get_attribute("aria-expanded") == "false"
    # Again, with a reason: taken, said politely, the focus on Report.
    cat.keyboard.press("Enter")
    assert focused(cat, f"#comment-{ids['ben']}-reason")
    cat.keyboard.press("Control+A")
    cat.keyboard.type("Spam: a link to buy followers")
    cat.keyboard.press("Tab")
    with cat.expect_response(lambda r: r.url.endswith(f"/api/comments/{ids['ben']}/reports")
                             and r.request.method == "POST") as answer:
        cat.keyboard.press("Enter")
    assert answer.value.status == 204
    status = cat.locator(f"{ben_comment} .comment-report-status")
    wait_until(cat, f"document.querySelector('{ben_comment} .comment-report-status')"
                    f".textContent === {REPORTED!r}")
    assert status.get_attribute("role") == "status"
    assert form.is_hidden() and focused(cat, f"{ben_comment} .comment-report-open")
    assert cat.is_visible(ben_comment), "reports alone do not hide a comment"
    screenshot(cat, "comment-reports-sent-390-light")

    # The moderator finds it in the queue and removes it.
    mod = watched_page(browser, 1280, 900)
    sign_in(mod, server, "mod")
    mod.goto(server.url + "/moderation/")
    mod.wait_for_selector("#review[aria-busy=false]")
    case = mod.locator(f"#case-comment-{ids['ben']}")
    title = "Comment by @ben on @ana's Pho Real post"
    assert case.get_by_role("heading", name=title).count() == 1
    assert case.locator(".comment-text").inner_text() == SPAM
    reports = case.get_by_role("list", name="Reports").locator("li")
    assert reports.count() == 1
    assert "@cat" in reports.first.inner_text()
    assert reports.first.inner_text().endswith("Spam: a link to buy followers")
    assert case.get_by_role("link", name="Open the post").get_attribute("href") == f"/p/{post}"
    assert serious(mod) == []
    screenshot(mod, "comment-reports-queue-1280-light")
    case.get_by_label("Note for the audit trail").fill("selling followers")
    case.get_by_role("button", name="Remove comment").click()
    case.wait_for(state="detached")
    wait_until(mod, "document.getElementById('decided').textContent !== ''")
    assert mod.inner_text("#decided") == "Removed the comment by @ben on @ana's Pho Real post."
    wait_until(mod, "document.querySelector('#log tbody tr')?.textContent"
                    ".includes('Comment removed')")
    row = mod.locator("#log tbody tr").first.inner_text()
    assert f"Comment #{ids['ben']} on #{post}" in row and "@mod" in row
    assert "selling followers" in row

    # ana's open page loses it live, and counts one fewer; cat's too.
    wait_until(ana, f"!document.querySelector('{ben_comment}')", timeout=30)
    wait_until(ana, "document.getElementById('comments-title').textContent === 'Comments (1)'")
    assert ana.is_visible(cat_comment)
    wait_until(cat, f"!document.querySelector('{ben_comment}')", timeout=30)
    wait_until(cat, "document.getElementById('comments-title').textContent === 'Comments (1)'")
    assert len(streams) == 0, f"one stream in the tab, the list's: {streams}"
    assert ana.evaluate("performance.getEntriesByType('navigation').length") == 1

    # ben is told, his comment quoted.
    ben = watched_page(browser, 390, 844)
    sign_in(ben, server, "ben")
    ben.goto(server.url + "/notifications")
    ben.wait_for_selector("#detail[aria-busy=false] .notification")
    assert sentences(ben) == ["Unread: A moderator removed your comment “Buy followers at "
                              "cheap-likes.example DM me” on the Pho Real post"]
    link = ben.locator("#detail .notification").get_by_role("link", name="the Pho Real post")
    assert link.get_attribute("href") == f"/p/{post}"
    assert serious(ben) == []
    # The API agrees: gone for everyone, its writer too.
    assert [c["id"] for c in api(server, "GET", f"/api/posts/{post}/comments",
                                 token=tokens["ben"])["items"]] == [ids["cat"]]
    for page in (ana, mod, ben):
        clean(page)
    clean(cat, provoked=True)
    for page in (ana, cat, mod, ben):
        page.context.close()


def test_a_visitor_has_no_report_and_a_kept_comment_is_said_so(site, browser):
    server, tokens, post, ids = site
    visitor = reader(browser, server, None, post, 390, 844)
    assert visitor.locator("#comment-list .comment-report-open").count() == 0
    clean(visitor)
    visitor.context.close()
    # The post's author may report another's comment under it, as well as delete it.
    ana = reader(browser, server, "ana", post, 390, 844, "dark")
    actions = ana.locator(f"#comment-{ids['ben']} .comment-actions")
    assert actions.get_by_role("button").all_inner_texts() == ["Report", "Delete"]
    ana.locator(f"#comment-{ids['ben']}").scroll_into_view_if_needed()
    screenshot(ana, "comment-reports-author-390-dark")
    assert serious(ana) == []
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    clean(ana)
    ana.context.close()

    api(server, "POST", f"/api/comments/{ids['ben']}/reports", {"reason": "rude"},
        tokens["cat"])
    mod = watched_page(browser, 390, 844, "dark")
    sign_in(mod, server, "mod")
    mod.goto(server.url + "/moderation/")
    mod.wait_for_selector(f"#case-comment-{ids['ben']}")
    keep = mod.get_by_role("button", name="Keep comment")
    keep.focus()
    mod.keyboard.press("Enter")
    mod.wait_for_selector(f"#case-comment-{ids['ben']}", state="detached")
    assert mod.inner_text("#decided") == "Kept the comment by @ben on @ana's Pho Real post."
    assert mod.inner_text("#queue") == "Nothing waits for review."
    assert focused(mod, "#queue-title")
    wait_until(mod, "document.querySelector('#log tbody tr')?.textContent"
                    ".includes('Comment kept')")
    clean(mod)
    mod.context.close()

    ben = watched_page(browser, 1280, 800)
    sign_in(ben, server, "ben")
    ben.goto(server.url + "/notifications")
    ben.wait_for_selector("#detail[aria-busy=false] .notification")
    assert sentences(ben) == ["Unread: A moderator reviewed your comment “Buy followers at "
                              "cheap-likes.example DM me” on the Pho Real post and kept it"]
    clean(ben)
    ben.context.close()


@pytest.mark.parametrize("width,height,scheme", [(390, 844, "light"), (390, 844, "dark"),
                                                 (1280, 800, "light"), (1280, 800, "dark")])
def test_the_pages_pass_axe_at_phone_and_desktop_light_and_dark(site, browser, width, height,
                                                                scheme):
    server, tokens, post, ids = site
    size = f"{width}-{scheme}"
    # The post page, cat's report form open with a refusal beside its field.
    cat = reader(browser, server, "cat", post, width, height, scheme)
    report = cat.get_by_role("button", name="Report comment by @ben")
    report.click()
    cat.get_by_role("button", name="Send report").click()
    wait_until(cat, f"document.getElementById('comment-{ids['ben']}-reason-error')"
                    ".textContent !== ''")
    wait_until(cat, "document.getAnimations().every((a) => a.playState !== 'running')")
    cat.locator(f"#comment-{ids['ben']}").scroll_into_view_if_needed()
    screenshot(cat, f"comment-reports-form-{size}")
    assert serious(cat) == []
    assert cat.evaluate("document.documentElement.scrollWidth") <= width
    small = cat.evaluate("""() => [...document.querySelectorAll('#comments button')]
        .filter((n) => n.offsetParent).map((n) => n.getBoundingClientRect())
        .filter((r) => r.height < 44 || r.width < 44).length""")
    assert small == 0, "every button a 44 px target"
    cat.get_by_role("textbox", name="Why should this comment be reviewed?").fill("rude")
    cat.get_by_role("button", name="Send report").click()
    wait_until(cat, f"document.querySelector('#comment-{ids['ben']} .comment-report-status')"
                    f".textContent === {REPORTED!r}")
    screenshot(cat, f"comment-reports-sent-{size}")
    assert serious(cat) == []
    clean(cat)
    cat.context.close()

    # The queue with the comment.
    mod = watched_page(browser, width, height, scheme)
    sign_in(mod, server, "mod")
    mod.goto(server.url + "/moderation/")
    mod.wait_for_selector(f"#case-comment-{ids['ben']}")
    screenshot(mod, f"comment-reports-queue-{size}")
    assert serious(mod) == []
    assert mod.evaluate("document.documentElement.scrollWidth") <= width
    mod.get_by_role("button", name="Remove comment").click()
    mod.wait_for_selector(f"#case-comment-{ids['ben']}", state="detached")
    wait_until(mod, "document.querySelector('#log tbody tr')?.textContent"
                    ".includes('Comment removed')")
    screenshot(mod, f"comment-reports-log-{size}")
    assert serious(mod) == []
    clean(mod)
    mod.context.close()

    # ben's notifications.
    ben = watched_page(browser, width, height, scheme)
    sign_in(ben, server, "ben")
    ben.goto(server.url + "/notifications")
    ben.wait_for_selector("#detail[aria-busy=false] .notification")
    wait_until(ben, "[...document.querySelectorAll('#detail img')].every((i) => i.complete)")
    screenshot(ben, f"comment-reports-notifications-{size}")
    assert serious(ben) == []
    assert ben.evaluate("document.documentElement.scrollWidth") <= width
    clean(ben)
    ben.context.close()
