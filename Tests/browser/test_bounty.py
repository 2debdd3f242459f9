"""The Bounty list of the seed app and its animated detail, in real headless Chromium."""
from conftest import screenshot
from pagekit import compare_cells, frames

ORDER = ["luffy", "zoro", "robin", "sanji", "franky", "brook", "nami", "chopper"]


def open_bounty(page, base_url):
    page.goto(f"{base_url}/gallery/bounty.html")
    page.wait_for_selector("html[data-ready]", timeout=15000)
    frames(page)


def test_bounty_list_is_sorted_in_the_two_column_grid(page, base_url):
    open_bounty(page, base_url)
    names = page.evaluate("""() => [...document.querySelectorAll('.poster:not([hidden])')]
      .sort((a, b) => a.dataset.item - b.dataset.item)
      .map((c) => c.querySelector('.name').textContent)""")
    assert names == ORDER[: len(names)] and len(names) >= 4
    assert compare_cells(page, "bounty.view")["mismatches"] == []
    first = page.evaluate("bounty.layout.element('cell', 0, 0).frame")
    second = page.evaluate("bounty.layout.element('cell', 0, 1).frame")
    assert abs(first["height"] - (first["width"] * 10 / 7 + 65)) <= 1
    assert abs(second["x"] - (first["x"] + first["width"] + 10)) <= 1
    assert page.inner_text('.poster:not([hidden])[data-item="0"] .bounty') == "฿ 300,000,000"
    screenshot(page, "bounty-list")


def test_opening_a_poster_springs_the_detail_in(page, base_url):
    open_bounty(page, base_url)
    page.click('.poster:not([hidden])[data-item="1"]')
    assert page.is_visible("#detail")
    assert page.text_content("#detail-name") == "zoro"
    assert page.inner_text("#detail-bounty") == "฿ 120,000,000"
    # Freeze the animations early on to see where they start from.
    start = page.evaluate("""() => {
      const animations = document.getAnimations();
      animations.forEach((a) => { a.pause(); a.currentTime = 60; });
      const label = document.getElementById('detail-name').getBoundingClientRect();
      return { count: animations.length, left: label.left, opacity:
        Number(getComputedStyle(document.getElementById('detail-name')).opacity) };
    }""")
    assert start["count"] == 3, "the image flip and two label springs"
    assert start["left"] > 1200 * 0.5 and start["opacity"] < 0.5
    screenshot(page, "bounty-detail-opening")
    page.evaluate("document.getAnimations().forEach((a) => { a.currentTime = 200; })")
    screenshot(page, "bounty-detail-flipping")
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    end = page.evaluate("""() => ['detail-name', 'detail-bounty', 'detail-image'].map((id) => {
      const style = getComputedStyle(document.getElementById(id));
      return [style.transform, Number(style.opacity)];
    })""")
    assert end == [["none", 1], ["none", 1], ["none", 1]]
    screenshot(page, "bounty-detail")
    page.keyboard.press("Escape")
    assert not page.is_visible("#detail")
    assert page.evaluate("document.activeElement.dataset.item") == "1", "focus returns"
