"""Booster by keyboard alone on `lots serve --demo`, phone and desktop, light and dark: a student
chooses a college, reaches a store, orders a PDF with options, gets the quote, pays, cancels
through the confirmation dialog (Escape out of it first) and is refunded, orders again; the
shop's staff, in another browser, starts printing, finishes and hands the order over by its
pickup code. Only `page.keyboard` after each page load (the file chooser's file is given to the
chooser that Space opened: a headless browser has no dialog of its own); after every action
the focus is on something visible and sensible, never on the body, and a live redraw of the
console's queue keeps it where it was (test_live_redraw_keeps_the_focus). axe-core finds nothing
serious with a quote showing and with the cancel dialog open."""
import re

import pytest
from playwright.sync_api import expect

from conftest import screenshot, watched_page
from print_kit import balance, demo_server, order_one_pdf, pdf, serious, sign_in_as

LONG = 30_000
SHOP = "Druckhaus Friedrichstraße"
# Each walk its own student (none has a college yet), all at the same shop.
WALKS = [(390, "light", "fatima"), (390, "dark", "goran"), (1280, "light", "hana"),
         (1280, "dark", "ines")]


@pytest.fixture(scope="module")
def demo():
    yield from demo_server()



FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return {bad: "the body"};
  const what = `${e.tagName.toLowerCase()} "${(e.getAttribute("aria-label") || e.textContent
    || e.id || "").trim().slice(0, 60)}"`;
  if (e.closest("[inert]")) return {bad: `inert ${what}`};
  if (!e.checkVisibility()) return {bad: `invisible ${what}`};
  const style = getComputedStyle(e);
  const ring = e.matches(":focus-visible") && style.outlineStyle !== "none"
    && parseFloat(style.outlineWidth) > 0;
  return {bad: null, what, ring, heading: e.id === "booster-title"};
}"""


def focus_is_sensible(page, after):
    """The focus, after `after`, is on a visible element of the page shown (never the body),
    and one reached by Tab shows its focus ring; returns what it is."""
    found = page.evaluate(FOCUSED)
    assert found["bad"] is None, f"after {after}, the focus is on {found['bad']}"
    assert found["heading"] or found["ring"], f"after {after}: no focus ring on {found['what']}"
    return found["what"]


def has_focus(locator):
    return locator.evaluate("(node) => node === document.activeElement")


def tab_to(page, locator, limit=80, key="Tab"):
    """Presses Tab (or `key`) until `locator` has the focus: it is reachable by keyboard."""
    expect(locator).to_be_visible(timeout=LONG)
    passed = []
    for pressed in range(limit + 1):
        if has_focus(locator):
            focus_is_sensible(page, f"{key} to {locator}")
            return
        if pressed == limit:
            break
        page.keyboard.press(key)
        passed.append(page.evaluate(
            "() => { const e = document.activeElement; return e.getAttribute('aria-label') "
            "|| e.textContent.trim().slice(0, 30) || e.tagName; }"))
    # A list redrawn by a late answer puts the focus back on its button a moment later.
    expect(locator, f"not reached by {key} in {limit} presses: {passed}").to_be_focused(
        timeout=2_000)
    focus_is_sensible(page, f"{key} to {locator}")


def keyboard_page(browser, width, scheme):
    """A page (real CSP, `scheme`) whose file choosers are always caught: Playwright turns the
    catching on only when asked, a moment later, and a chooser opened before then is lost."""
    page = watched_page(browser, width, 844 if width < 600 else 900, scheme,
                        console_errors=False)
    page.on("filechooser", lambda chooser: None)
    return page


def page_opened(page, heading):
    """A Booster page opened by a link or a button: its heading shown and focused."""
    expect(page.get_by_role("heading", name=heading, level=2)).to_be_visible(timeout=LONG)
    expect(page.locator("#booster-title")).to_be_focused(timeout=LONG)


def order_by_keyboard(page, name, pages, options, axe_name=None):
    """From a store's page: Order here, a PDF through the file chooser, (with `options`: 2
    copies, colour, two-sided, stapled), the quote, Pay. Returns the order's id and total."""
    tab_to(page, page.get_by_role("link", name="Order here"))
    page.keyboard.press("Enter")
    page_opened(page, "New print order")
    expect(page.get_by_label("Print shop")).to_have_value("2", timeout=LONG)
    picker = page.get_by_label("Add files (PDF or photos)")
    tab_to(page, picker)
    with page.expect_file_chooser() as chosen:
        page.keyboard.press("Space")
    chosen.value.set_files({"name": name, "mimeType": "application/pdf", "buffer": pdf(pages)})
    card = page.locator(".print-file", has_text=name)
    expect(card.get_by_text(f"{pages} pages", exact=True)).to_be_visible(timeout=LONG)
    expect(picker).to_be_focused()
    if options:
        page.keyboard.press("Tab")
        copies = card.get_by_label("Copies")
        expect(copies).to_be_focused()
        page.keyboard.press("ArrowUp")
        expect(copies).to_have_value("2")
        page.keyboard.press("Tab")
        expect(card.get_by_label("Colour")).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(card.get_by_label("Colour")).to_have_value("colour")
        page.keyboard.press("Tab")
        expect(card.get_by_label("Sides")).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(card.get_by_label("Sides")).to_have_value("two")
        binding = page.get_by_label("Binding")
        tab_to(page, binding)
        page.keyboard.press("ArrowDown")
        expect(binding).to_have_value("staple")
    quote_button = page.get_by_role("button", name="Get quote")
    tab_to(page, quote_button)
    page.keyboard.press("Enter")
    quote = page.get_by_role("table", name="Quote")
    expect(quote).to_contain_text(name, timeout=LONG)
    expect(quote).to_contain_text("Total")
    if options:
        expect(quote).to_contain_text("2 copies, colour, two-sided, A4")
        expect(quote).to_contain_text("Binding: staple")
    expect(quote_button).to_be_focused()
    focus_is_sensible(page, "Get quote")
    if axe_name:
        screenshot(page, axe_name)
        assert serious(page) == [], (axe_name, serious(page))
    pay = page.get_by_role("button", name=re.compile(r"^Pay €\d+\.\d\d$"))
    tab_to(page, pay)
    total = round(float(pay.inner_text().split("€")[1]) * 100)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/print/orders/\d+$"), timeout=LONG)
    order = int(page.url.rsplit("/", 1)[1])
    page_opened(page, f"Order {order}")
    return order, total


@pytest.mark.parametrize("width,scheme,student", WALKS)
def test_order_cancel_print_and_pickup_by_keyboard(demo, browser, width, scheme, student):
    page = keyboard_page(browser, width, scheme)
    sign_in_as(page, demo, student)
    before = balance(page, demo)

    # The header's Booster link; a college found by typing and chosen from its matches.
    tab_to(page, page.get_by_role("link", name="Booster"))
    page.keyboard.press("Enter")
    page_opened(page, "Booster: print on campus")
    tab_to(page, page.get_by_label("Find your college"))
    page.keyboard.type("Humboldt")
    expect(page.get_by_role("button", name="Technische Universität Berlin")).to_have_count(
        0, timeout=LONG)
    college = page.get_by_role("button", name="Humboldt-Universität zu Berlin")
    tab_to(page, college, limit=1)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Print shops near Humboldt-Universität zu Berlin")
           ).to_be_visible(timeout=LONG)
    expect(page.get_by_text("Your college: Humboldt-Universität zu Berlin")).to_be_visible()
    # The chooser is drawn again for the new college: the focus goes back to its field.
    expect(page.get_by_label("Find your college")).to_be_focused()
    focus_is_sensible(page, "choosing a college")

    # A store from the list, by its link.
    tab_to(page, page.locator(".stores").get_by_role("link", name=SHOP, exact=True))
    page.keyboard.press("Enter")
    page_opened(page, SHOP)
    order, total = order_by_keyboard(page, "three.pdf", 3, options=True,
                                     axe_name=f"print-keyboard-quote-{width}-{scheme}")
    assert balance(page, demo) == before - total
    expect(page.get_by_role("list", name="Progress").locator("[aria-current=step]")
           ).to_have_text("Ordered", timeout=LONG)

    # Cancel: Escape leaves the dialog with the focus back on Cancel; then cancel for real.
    cancel = page.get_by_role("button", name="Cancel order")
    dialog = page.get_by_role("dialog", name="Cancel this order?")
    tab_to(page, cancel)
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Keep the order")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(cancel).to_be_focused()
    focus_is_sensible(page, "Escape in the cancel dialog")
    page.keyboard.press("Space")
    expect(dialog).to_be_visible()
    screenshot(page, f"print-keyboard-cancel-{width}-{scheme}")
    found = serious(page)
    assert found == [], ("cancel dialog", width, scheme, found)
    tab_to(page, dialog.get_by_role("button", name="Cancel the order"), limit=3)
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").filter(has_text=f"Order {order} cancelled")).to_be_visible(
        timeout=LONG)
    expect(page.get_by_text(re.compile(r"^Cancelled: €\d+\.\d\d refunded"))).to_be_visible()
    expect(cancel).to_have_count(0)
    assert balance(page, demo) == before
    # Cancel went with the order's waiting state: the page's heading has the focus.
    expect(page.locator("#booster-title")).to_be_focused()
    focus_is_sensible(page, "confirming the cancel")

    # Again from the order's shop link, a plain order this time, which the shop prints.
    tab_to(page, page.locator(".order-state").get_by_role("link", name=SHOP))
    page.keyboard.press("Enter")
    page_opened(page, SHOP)
    order, total = order_by_keyboard(page, "two.pdf", 2, options=False)
    assert balance(page, demo) == before - total
    progress = page.get_by_role("list", name="Progress").locator("[aria-current=step]")
    expect(progress).to_have_text("Ordered", timeout=LONG)

    # The shop's staff, by keyboard in their own browser: the console, Start, Done, pickup.
    staff = keyboard_page(browser, width, scheme)
    sign_in_as(staff, demo, "druckhaus")
    tab_to(staff, staff.get_by_role("link", name="Booster"))
    staff.keyboard.press("Enter")
    page_opened(staff, "Booster: print on campus")
    tab_to(staff, staff.get_by_role("link", name="Shop console"), key="Shift+Tab")
    staff.keyboard.press("Enter")
    page_opened(staff, f"Shop console: {SHOP}")
    start = staff.get_by_role("button", name=f"Start printing: order {order}")
    tab_to(staff, start)
    staff.keyboard.press("Enter")
    expect(progress).to_have_text("Printing", timeout=LONG)
    # Start printing puts the focus on the queue's first step, Done; the console's own live
    # redraw may take it away again (test_live_redraw_keeps_the_focus): Tab to it then.
    done = staff.get_by_role("button", name=f"Done: order {order}")
    tab_to(staff, done)
    staff.keyboard.press("Enter")
    expect(progress).to_have_text("Ready to pick up", timeout=LONG)
    code = page.locator(".pickup-code")
    expect(code).to_have_text(re.compile(r"^\d{6}$"), timeout=LONG)
    # Nothing left to do with the order but hand it over: the pickup code's field is next.
    field = staff.get_by_label("Pickup code")
    expect(field).to_be_focused(timeout=LONG)
    focus_is_sensible(staff, "Done")
    staff.keyboard.type(code.inner_text())
    staff.keyboard.press("Enter")
    expect(staff.get_by_role("status").filter(has_text=f"Order {order} handed over to {student}")
           ).to_be_visible(timeout=LONG)
    focus_is_sensible(staff, "handing over")
    expect(page.get_by_text("Picked up. Thank you!")).to_be_visible(timeout=LONG)
    focus_is_sensible(page, "the order picked up, live")
    assert balance(page, demo) == before - total
    assert page.evaluate("window.cspViolations") == []
    assert staff.evaluate("window.cspViolations") == []
    page.context.close()
    staff.context.close()


def test_live_redraw_keeps_the_focus(demo, browser):
    """The console redraws its queue whenever an order of its store changes (another arrives):
    a staff member whose focus is on an order's button keeps it there."""
    first = keyboard_page(browser, 1280, "light")
    second = keyboard_page(browser, 1280, "light")
    staff = keyboard_page(browser, 1280, "light")
    try:
        # Students with no college yet, at a shop of the other college, open all day.
        sign_in_as(first, demo, "jonas")
        waiting = order_one_pdf(first, demo, store=4)
        sign_in_as(staff, demo, "reutercopy")
        staff.goto(demo.url + "/print/shop")
        expect(staff.get_by_role("heading", name="Shop console: Copyshop Ernst-Reuter")
               ).to_be_visible(timeout=LONG)
        start = staff.get_by_role("button", name=f"Start printing: order {waiting}")
        tab_to(staff, start)
        sign_in_as(second, demo, "kemal")
        arriving = order_one_pdf(second, demo, store=4)
        expect(staff.locator(".queue-order", has_text=f"Order {arriving} · kemal")).to_be_visible(
            timeout=LONG)
        expect(start, "the focus after the queue was redrawn").to_be_focused(timeout=2_000)
    finally:
        for page in (first, second, staff):
            page.context.close()
