"""Booster's other endings and refusals on `lots serve --demo`: a student cancels while the
order waits (refunded at once), a shop refuses an order with a reason (the student sees it and
the refund, live), and files the server will not print are refused beside their own field."""
import re

import pytest
from playwright.sync_api import expect

from conftest import new_page, screenshot
from print_kit import (balance, demo_password, demo_server, order_one_pdf, photo, sign_in_as,
                       upload)

LONG = 30_000


@pytest.fixture(scope="module")
def demo():
    yield from demo_server()


def test_cancel_refunds_at_once(demo, browser):
    page = new_page(browser, 1200, 800)
    sign_in_as(page, demo, "bruno")
    before = balance(page, demo)
    order = order_one_pdf(page, demo, store=2)
    assert balance(page, demo) < before
    page.get_by_role("button", name="Cancel order").click()
    dialog = page.get_by_role("dialog", name="Cancel this order?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep the order").click()
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Cancel order").click()
    dialog.get_by_role("button", name="Cancel the order").click()
    expect(page.get_by_role("status").filter(has_text=f"Order {order} cancelled")).to_be_visible(
        timeout=LONG)
    expect(page.get_by_text(re.compile(r"^Cancelled: €\d+\.\d\d refunded"))).to_be_visible()
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)
    assert balance(page, demo) == before
    page.get_by_role("link", name="My page").click()
    expect(page.get_by_role("table", name="Credit history")).to_contain_text(
        f"Refund (order {order})", timeout=LONG)
    assert not page.errors, page.errors
    page.context.close()


def test_refusal_shows_the_reason_and_the_refund_live(demo, browser):
    student = new_page(browser, 390, 844)
    staff = new_page(browser, 1200, 800)
    sign_in_as(student, demo, "chen")
    sign_in_as(staff, demo, "druckhaus")
    before = balance(student, demo)
    order = order_one_pdf(student, demo, store=2)
    staff.goto(demo.url + "/print/shop")
    staff.get_by_role("button", name=f"Refuse: order {order}").click()
    dialog = staff.get_by_role("dialog", name="Refuse order")
    dialog.get_by_role("button", name="Refuse and refund").click()
    # An empty reason is the server's to refuse, beside the field.
    expect(staff.locator("#refuse-reason-error")).not_to_be_empty(timeout=LONG)
    dialog.get_by_label("Reason (the student sees it)").fill("The printer is out of toner.")
    dialog.get_by_role("button", name="Refuse and refund").click()
    expect(staff.get_by_role("status").filter(has_text=f"Order {order} refused")).to_be_visible(
        timeout=LONG)
    expect(student.get_by_text("The shop said: “The printer is out of toner.”")).to_be_visible(
        timeout=LONG)
    expect(student.get_by_text(re.compile(r"refunded to your credit"))).to_be_visible()
    assert balance(student, demo) == before
    assert not student.errors, student.errors
    assert all("status of 400" in error for error in staff.errors), staff.errors
    student.context.close()
    staff.context.close()


def test_a_file_that_cannot_be_printed_is_refused_beside_it(demo, browser):
    page = new_page(browser, 390, 844)
    sign_in_as(page, demo, "dara")
    page.goto(demo.url + "/print/order?store=2")
    expect(page.get_by_label("Print shop")).to_have_value("2", timeout=LONG)
    upload(page, ("broken.pdf", "application/pdf", b"%PDF-1.4\nthis is not a PDF at all\n"),
           ("notes.txt", "text/plain", b"plain text"), ("lunch.png", "image/png", photo()))
    broken = page.locator(".print-file", has_text="broken.pdf")
    expect(broken.get_by_role("alert")).to_contain_text("broken.pdf: ", timeout=LONG)
    text = page.locator(".print-file", has_text="notes.txt")
    expect(text.get_by_role("alert")).to_contain_text("notes.txt: ", timeout=LONG)
    lunch = page.locator(".print-file", has_text="lunch.png")
    expect(lunch.locator(".file-note")).not_to_have_text("Uploading…", timeout=LONG)
    assert lunch.locator(".file-note").inner_text() == "1 page (photo)", lunch.inner_text()
    # The refused files cannot be set; the photo can, and is the only line of the quote.
    expect(broken.get_by_label("Copies")).to_be_disabled()
    page.get_by_role("button", name="Get quote").click()
    quote = page.get_by_role("table", name="Quote")
    expect(quote).to_contain_text("lunch.png", timeout=LONG)
    expect(quote).not_to_contain_text("broken.pdf")
    # Removing a refused file takes it away.
    page.get_by_role("button", name="Remove broken.pdf").click()
    expect(broken).to_have_count(0)
    assert all(re.search(r"status of 4(15|22)", error) for error in page.errors), page.errors
    page.context.close()


def test_print_this_photo_from_a_post(demo, browser):
    token = demo.request("POST", "/api/sessions", {"username": "fatima",
                                                   "password": demo_password(demo)})["token"]
    post = demo.post(token, 640, 480, (90, 140, 60), "Print Test Diner", "A photo to print")
    page = new_page(browser, 390, 844)
    sign_in_as(page, demo, "fatima")
    page.goto(f"{demo.url}/p/{post['id']}")
    page.get_by_role("button", name="Print this photo").click()
    page.wait_for_url(re.compile(r"/print/order$"), timeout=LONG)
    card = page.locator(".print-file", has_text="Print Test Diner by @fatima")
    expect(card.get_by_text("1 page (photo)", exact=True)).to_be_visible(timeout=LONG)
    expect(card.get_by_label("Copies")).to_be_enabled()
    assert not page.errors, page.errors
    page.context.close()


def test_print_the_photo_shown_of_a_post_of_several(demo, browser):
    """On a post of several photos, "Print this photo" sends the one the carousel shows."""
    token = demo.request("POST", "/api/sessions", {"username": "ines",
                                                   "password": demo_password(demo)})["token"]
    several = demo.post_photos(token, [(640, 480, (200, 90, 40)), (480, 640, (40, 90, 200))],
                               ["Soup", "Noodles"], "Two Dish Canteen", "Soup, then noodles")
    page = new_page(browser, 1280, 800)
    sign_in_as(page, demo, "ines")
    page.goto(f"{demo.url}/p/{several['id']}")
    page.get_by_role("button", name="Next photo").click()
    expect(page.get_by_role("button", name=re.compile(r"^Photo 2 of \d+$"))).to_have_attribute(
        "aria-current", "true", timeout=LONG)
    page.get_by_role("button", name="Print this photo").click()
    page.wait_for_url(re.compile(r"/print/order$"), timeout=LONG)
    card = page.locator(".print-file", has_text=f"{several['restaurant']} by @")
    expect(card).to_contain_text("(photo 2)", timeout=LONG)
    expect(card.get_by_text("1 page (photo)", exact=True)).to_be_visible(timeout=LONG)
    assert not page.errors, page.errors
    page.context.close()


def test_the_shop_closes_sets_its_speed_and_tops_up_cash(demo, browser):
    staff = new_page(browser, 1200, 800)
    sign_in_as(staff, demo, "reutercopy")
    staff.goto(demo.url + "/print/shop")
    toggle = staff.get_by_role("button", name="Open for orders")
    expect(toggle).to_have_attribute("aria-pressed", "true", timeout=LONG)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false", timeout=LONG)
    shop = demo.request("GET", "/api/print/stores/4?collegeId=2")
    assert shop["openNow"] is False
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true", timeout=LONG)
    staff.get_by_label("Pages per minute").fill("55")
    staff.get_by_role("button", name="Save speed").click()
    expect(staff.get_by_role("status").filter(has_text="Speed saved: 55")).to_be_visible(
        timeout=LONG)
    assert demo.request("GET", "/api/print/stores/4")["pagesPerMinute"] == 55
    # A cash top-up: an unknown name is refused beside its field; a student's is credited.
    staff.get_by_label("Student's username").fill("nobody-here")
    staff.get_by_label("Amount in euros").fill("5")
    staff.get_by_role("button", name="Top up").click()
    expect(staff.locator("#topup-username-error")).not_to_be_empty(timeout=LONG)
    staff.get_by_label("Student's username").fill("goran")
    staff.get_by_role("button", name="Top up").click()
    expect(staff.get_by_role("status").filter(has_text="€5.00 added to goran's credit: €25.00")
           ).to_be_visible(timeout=LONG)
    assert all("status of 404" in error for error in staff.errors), staff.errors
    staff.context.close()


def test_the_queue_moves_live_on_the_first_page(demo, browser):
    """Two students at one shop: when the order ahead is done, the second student's summary on
    /print says so at once (one order fewer ahead), and that theirs is printing when it starts."""
    first = new_page(browser, 1200, 800)
    second = new_page(browser, 390, 844)
    staff = new_page(browser, 1200, 800)
    sign_in_as(first, demo, "goran")
    sign_in_as(second, demo, "hana")
    sign_in_as(staff, demo, "campusprint")
    ahead = order_one_pdf(first, demo, store=5, pages=3)
    mine = order_one_pdf(second, demo, store=5)
    second.goto(demo.url + "/print")
    entry = second.get_by_role("region", name="Your orders").locator(
        "li", has_text=f"Order {mine} at")
    place = entry.locator(".queue-place")
    expect(place).to_contain_text("ahead of yours.", timeout=LONG)
    waiting = int(re.match(r"(\d+) orders? ", place.inner_text()).group(1))
    steps = entry.get_by_role("list", name=f"Progress of order {mine}")
    expect(steps.locator("[aria-current=step]")).to_have_text("Ordered")
    staff.goto(demo.url + "/print/shop")
    staff.get_by_role("button", name=f"Start printing: order {ahead}").click()
    staff.get_by_role("button", name=f"Done: order {ahead}").click()
    if waiting == 1:
        expect(place).to_have_text(re.compile(r"^Next in the queue\."), timeout=LONG)
    else:
        expect(place).to_contain_text(f"{waiting - 1} order", timeout=LONG)
    staff.get_by_role("button", name=f"Start printing: order {mine}").click()
    expect(second.get_by_role("status").filter(has_text=f"Order {mine}: Printing")).to_be_visible(
        timeout=LONG)
    expect(steps.locator("[aria-current=step]")).to_have_text("Printing")
    screenshot(second, "print-home-live-390-light")
    for page in (first, second):
        assert not page.errors, page.errors
    for page in (first, second, staff):
        page.context.close()
