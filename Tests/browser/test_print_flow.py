"""Booster end to end on `lots serve --demo`, two people at once: ana (a student, on a phone)
finds a print shop, orders a 3-page PDF and a photo, pays, and follows the order live while
druckhaus (the shop's staff, on a desktop) prints it and hands it over by its pickup code."""
import re

import pytest
from playwright.sync_api import expect

from conftest import new_page, screenshot
from print_kit import balance, demo_server, pdf, photo, sign_in_as, upload

LONG = 30_000


@pytest.fixture(scope="module")
def demo():
    yield from demo_server()


def distances(page):
    texts = page.locator(".stores .facts").all_inner_texts()
    metres = []
    for text in texts:
        found = re.search(r"([\d.]+) (m|km) away", text)
        metres.append(float(found.group(1)) * (1000 if found.group(2) == "km" else 1))
    return metres


def test_order_printed_and_picked_up_live(demo, browser):
    student = new_page(browser, 390, 844)
    staff = new_page(browser, 1200, 800)
    sign_in_as(student, demo, "ana")
    sign_in_as(staff, demo, "druckhaus")

    # The header's Booster link leads to the stores of ana's college, nearest first.
    student.get_by_role("link", name="Booster").click()
    expect(student.get_by_role("heading", name="Booster: print on campus")).to_be_visible()
    student.get_by_label("Find your college").fill("Technische")
    student.get_by_role("button", name="Technische Universität Berlin").click()
    expect(student.get_by_role("heading", name="Print shops near Technische Universität Berlin")
           ).to_be_visible(timeout=LONG)
    student.get_by_label("Find your college").fill("Humboldt")
    student.get_by_role("button", name="Humboldt-Universität zu Berlin").click()
    expect(student.get_by_role("heading", name="Print shops near Humboldt-Universität zu Berlin")
           ).to_be_visible(timeout=LONG)
    expect(student.locator(".stores > li").first).to_be_visible()
    found = distances(student)
    assert len(found) >= 2 and found == sorted(found), found
    expect(student.get_by_role("link", name="Open Druckhaus Friedrichstraße in maps")).to_have_attribute(
        "href", re.compile(r"^geo:52\.\d+,13\.\d+$"))
    screenshot(student, "print-home-390-light")

    # Starring a shop moves it first; unstarring puts it back.
    last = student.locator(".stores > li h3 a").last.inner_text()
    star = student.get_by_role("button", name=f"Favourite {last}")
    star.click()
    expect(student.get_by_role("button", name=f"Favourite {last}")).to_have_attribute(
        "aria-pressed", "true", timeout=LONG)
    expect(student.locator(".stores > li h3 a").first).to_have_text(last)
    student.get_by_role("button", name=f"Favourite {last}").click()
    expect(student.get_by_role("button", name=f"Favourite {last}")).to_have_attribute(
        "aria-pressed", "false", timeout=LONG)

    # A marker on the map, by keyboard: its card, and from it the store's page.
    marker = student.get_by_alt_text("Druckhaus Friedrichstraße, on the map")
    marker.scroll_into_view_if_needed()
    marker.focus()
    student.keyboard.press("Enter")
    card = student.locator(".map-card")
    expect(card).to_contain_text("Druckhaus Friedrichstraße", timeout=LONG)
    expect(card).to_contain_text(re.compile(r"\d+ m"))
    card.get_by_role("link", name="Go to Druckhaus Friedrichstraße").click()
    expect(student.get_by_role("heading", name="Druckhaus Friedrichstraße", level=2)).to_be_visible(
        timeout=LONG)
    expect(student.get_by_role("table", name="Price per sheet")).to_be_visible(timeout=LONG)
    expect(student.get_by_text("Monday", exact=True)).to_be_visible()
    student.get_by_role("link", name="Order here").click()

    # The staff console is open before the order exists: the order arrives live.
    staff.get_by_role("link", name="Booster").click()
    staff.get_by_role("link", name="Shop console").click()
    expect(staff.get_by_role("heading", name="Shop console: Druckhaus Friedrichstraße")).to_be_visible(
        timeout=LONG)

    # Order: a 3-page PDF and a photo, options, quote, pay.
    before = balance(student, demo)
    expect(student.get_by_label("Print shop")).to_have_value("2", timeout=LONG)
    upload(student, ("three.pdf", "application/pdf", pdf(3)),
           ("lunch.png", "image/png", photo()))
    expect(student.get_by_text("3 pages", exact=True)).to_be_visible(timeout=LONG)
    expect(student.get_by_text("1 page (photo)", exact=True)).to_be_visible(timeout=LONG)
    pdf_card = student.locator(".print-file", has_text="three.pdf")
    pdf_card.get_by_label("Copies").fill("2")
    pdf_card.get_by_label("Sides").select_option("two")
    photo_card = student.locator(".print-file", has_text="lunch.png")
    photo_card.get_by_label("Colour").select_option("colour")
    student.get_by_label("Binding").select_option("staple")
    student.get_by_role("button", name="Get quote").click()
    quote = student.get_by_role("table", name="Quote")
    expect(quote).to_contain_text("three.pdf", timeout=LONG)
    expect(quote).to_contain_text("2 copies, black and white, two-sided, A4")
    expect(quote).to_contain_text("1 copy, colour, one-sided, A4")
    expect(quote).to_contain_text("Total")
    screenshot(student, "print-quote-390-light")
    pay = student.get_by_role("button", name=re.compile(r"^Pay €\d+\.\d\d$"))
    total = round(float(pay.inner_text().split("€")[1]) * 100)
    pay.click()
    student.wait_for_url(re.compile(r"/print/orders/\d+$"), timeout=LONG)
    order = int(student.url.rsplit("/", 1)[1])
    assert balance(student, demo) == before - total
    progress = student.get_by_role("list", name="Progress")
    expect(progress.locator("[aria-current=step]")).to_have_text("Ordered", timeout=LONG)

    # Live on both sides: the console sees it, starts it; the student sees Printing.
    staff_order = staff.locator(".queue-order", has_text=f"Order {order} · ana")
    expect(staff_order).to_be_visible(timeout=LONG)
    expect(staff_order.get_by_role("link", name="Download three.pdf")).to_have_attribute(
        "href", re.compile(r"^/api/print/files/\d+$"))
    staff.get_by_role("button", name=f"Start printing: order {order}").click()
    expect(progress.locator("[aria-current=step]")).to_have_text("Printing", timeout=LONG)
    expect(student.get_by_role("status").filter(has_text=f"Order {order}: Printing")
           ).to_be_visible()
    staff.get_by_role("button", name=f"Done: order {order}").click()
    expect(progress.locator("[aria-current=step]")).to_have_text("Ready to pick up",
                                                                  timeout=LONG)
    code = student.locator(".pickup-code")
    expect(code).to_have_text(re.compile(r"^\d{6}$"), timeout=LONG)
    expect(student.get_by_text(re.compile(r"Valid until"))).to_be_visible()
    screenshot(student, "print-order-ready-390-light")

    # A wrong code is refused beside the field; the right one hands the order over.
    staff.get_by_label("Pickup code").fill("000000" if code.inner_text() != "000000" else "111111")
    staff.get_by_role("button", name="Hand over").click()
    expect(staff.locator("#pickup-code-error")).not_to_be_empty(timeout=LONG)
    expect(staff.get_by_label("Pickup code")).to_have_attribute("aria-invalid", "true")
    staff.get_by_label("Pickup code").fill(code.inner_text())
    staff.get_by_role("button", name="Hand over").click()
    expect(staff.get_by_role("status").filter(has_text=f"Order {order} handed over to ana")
           ).to_be_visible(timeout=LONG)
    expect(student.get_by_text("Picked up. Thank you!")).to_be_visible(timeout=LONG)
    screenshot(staff, "print-shop-1200-light")

    # Her page: the balance and the charge in the history.
    student.get_by_role("link", name="My page").click()
    expect(student.locator(".balance")).to_have_text(f"€{(before - total) / 100:.2f}",
                                                    timeout=LONG)
    history = student.get_by_role("table", name="Credit history")
    expect(history).to_contain_text(f"Order (order {order})")
    expect(history).to_contain_text(f"−€{total / 100:.2f}")
    screenshot(student, "print-me-390-light")
    assert not student.errors, student.errors
    # The wrong code's 404 is the browser's console line for a refused request, nothing else.
    assert all("status of 404" in error for error in staff.errors), staff.errors
    student.context.close()
    staff.context.close()
