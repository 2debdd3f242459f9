"""Parked (reusable) cells are never painted, whatever CSS the page gives its cells."""
from conftest import screenshot
from pagekit import open_gallery, settle

PAINTED = """() => [...document.querySelectorAll('.cv-content > *')]
  .filter((cell) => getComputedStyle(cell).display !== 'none')
  .map((cell) => cell.style.width)"""


def test_switching_layouts_paints_only_the_new_layouts_cells(page, base_url):
    # Given the gallery's tiles, whose CSS sets `display: flex` (which beats `[hidden]`).
    open_gallery(page, base_url, "waterfall")
    for kind in ["carousel", "stack"]:
        page.select_option("#kind", kind)
        settle(page)
    # Then every painted cell is a 340-point stack card; the waterfall's and the carousel's
    # parked cells are not painted.
    widths = page.evaluate(PAINTED)
    assert widths and set(widths) == {"340px"}, widths
    assert page.locator(".cv-content > [hidden]").count() > 0
    screenshot(page, "gallery-stack-after-switching")
