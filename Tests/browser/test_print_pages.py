"""Every Booster page on `lots serve --demo` under the server's real Content-Security-Policy,
phone and desktop, light and dark: axe-core finds nothing serious or critical, no policy is
violated, and a screenshot of each is kept (artifacts/screenshots/print-page-*). And the way
there by keyboard alone: the header's Booster link, a star, a store, Order here."""
import pytest
from playwright.sync_api import expect

from conftest import screenshot, watched_page
from print_kit import demo_server, order_one_pdf, serious, sign_in_as

LONG = 30_000


@pytest.fixture(scope="module")
def demo():
    yield from demo_server()


def check(page, name, ready):
    expect(page.locator("#booster-title")).to_be_visible(timeout=LONG)
    expect(ready).not_to_have_count(0, timeout=LONG)
    screenshot(page, name)
    found = serious(page)
    assert found == [], (name, found)
    assert page.evaluate("window.cspViolations") == [], name


SIZES = [(390, "light"), (390, "dark"), (1280, "light"), (1280, "dark")]


@pytest.mark.parametrize("width,scheme", SIZES)
def test_visitor_pages(demo, browser, width, scheme):
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    page.goto(demo.url + "/print")
    check(page, f"print-page-home-visitor-{width}-{scheme}",
          page.get_by_role("button", name="Technische Universität Berlin"))
    page.goto(demo.url + "/print?collegeId=2")
    check(page, f"print-page-home-tu-visitor-{width}-{scheme}", page.locator(".leaflet-marker-icon"))
    page.goto(demo.url + "/print/stores/4?collegeId=2")
    check(page, f"print-page-store-visitor-{width}-{scheme}",
          page.get_by_role("table", name="Price per sheet"))
    page.context.close()


@pytest.mark.parametrize("width,scheme", SIZES)
def test_student_pages(demo, browser, width, scheme):
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    sign_in_as(page, demo, "ana")
    page.goto(demo.url + "/print")
    check(page, f"print-page-home-{width}-{scheme}", page.locator(".leaflet-marker-icon"))
    page.get_by_role("button", name="Druckhaus Friedrichstraße, on the map").or_(
        page.get_by_alt_text("Druckhaus Friedrichstraße, on the map")).first.click()
    expect(page.locator(".map-card")).to_be_visible(timeout=LONG)
    screenshot(page, f"print-page-map-card-{width}-{scheme}")
    page.goto(demo.url + "/print/stores/2")
    check(page, f"print-page-store-{width}-{scheme}", page.get_by_role("table", name="Binding"))
    page.goto(demo.url + "/print/order?store=2")
    check(page, f"print-page-order-form-{width}-{scheme}",
          page.get_by_role("option", name="Staple (€0.50)").or_(
              page.locator("#order-binding option[value=staple]")))
    order = order_one_pdf(page, demo, store=2)
    # The first page's summary of active orders, with each one's progress and place.
    page.goto(demo.url + "/print")
    check(page, f"print-page-home-orders-{width}-{scheme}",
          page.get_by_role("list", name=f"Progress of order {order}"))
    page.goto(f"{demo.url}/print/orders/{order}")
    check(page, f"print-page-order-{width}-{scheme}", page.get_by_role("list", name="Progress"))
    page.get_by_role("button", name="Cancel order").click()
    expect(page.get_by_role("dialog", name="Cancel this order?")).to_be_visible()
    screenshot(page, f"print-page-order-cancel-{width}-{scheme}")
    assert serious(page) == []
    page.get_by_role("button", name="Cancel the order").click()
    expect(page.get_by_text("Cancelled: ", exact=False).first).to_be_visible(timeout=LONG)
    page.goto(demo.url + "/print/me")
    check(page, f"print-page-me-{width}-{scheme}", page.locator(".balance"))
    page.context.close()


@pytest.mark.parametrize("width,scheme", SIZES)
def test_shop_console(demo, browser, width, scheme):
    page = watched_page(browser, width, 900, scheme, console_errors=False)
    sign_in_as(page, demo, "copycorner")
    page.goto(demo.url + "/print/shop")
    check(page, f"print-page-shop-{width}-{scheme}",
          page.get_by_role("heading", name="Shop console: Copy Corner Mitte"))
    page.context.close()


def test_keyboard_only(demo, browser):
    page = watched_page(browser, 1280, 900, "light", console_errors=False)
    sign_in_as(page, demo, "emeka")
    page.goto(demo.url + "/")
    booster = page.get_by_role("link", name="Booster")
    for _ in range(40):
        page.keyboard.press("Tab")
        if booster.evaluate("(link) => link === document.activeElement"):
            break
    page.keyboard.press("Enter")
    field = page.get_by_label("Find your college")
    expect(field).to_be_visible(timeout=LONG)
    field.focus()
    page.keyboard.type("Humboldt")
    # The matches are fetched as one types: Tab once they are the only choice shown.
    expect(page.get_by_role("button", name="Technische Universität Berlin")).to_have_count(
        0, timeout=LONG)
    expect(page.get_by_role("button", name="Humboldt-Universität zu Berlin")).to_be_visible(
        timeout=LONG)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    star = page.get_by_role("button", name="Favourite Druckhaus Friedrichstraße")
    expect(star).to_be_visible(timeout=LONG)
    for _ in range(60):
        page.keyboard.press("Tab")
        if star.evaluate("(button) => button === document.activeElement"):
            break
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Favourite Druckhaus Friedrichstraße")
           ).to_have_attribute("aria-pressed", "true", timeout=LONG)
    expect(page.locator(".stores > li h3 a").first).to_have_text("Druckhaus Friedrichstraße")
    # The focus stays on the star after the list is redrawn; Shift+Tab reaches its link.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Druckhaus Friedrichstraße", level=2)).to_be_visible(
        timeout=LONG)
    order = page.get_by_role("link", name="Order here")
    for _ in range(30):
        page.keyboard.press("Tab")
        if order.evaluate("(link) => link === document.activeElement"):
            break
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="New print order")).to_be_visible(timeout=LONG)
    expect(page.get_by_label("Print shop")).to_have_value("2", timeout=LONG)
    assert page.evaluate("window.cspViolations") == []
    page.context.close()
