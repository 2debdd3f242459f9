"""The layout gallery in real headless Chromium, against the real WebAssembly engine."""
import pytest

from conftest import screenshot
from pagekit import ALL_KINDS, compare_cells, frames, kinds, open_gallery, settle


def require_kind(page, kind):
    assert kind in kinds(page), f"layout kind {kind!r} is missing from the engine build"


def test_gallery_loads_with_every_built_layout(page, base_url):
    open_gallery(page, base_url)
    available = kinds(page)
    assert {"waterfall", "mosaic", "grid"} <= set(available)
    options = page.eval_on_selector_all("#kind option", "(os) => os.map((o) => o.value)")
    assert options == available
    assert page.locator(".cv-cell:not([hidden])").count() > 0
    screenshot(page, "gallery-waterfall")


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_dom_cells_match_engine_attributes(page, base_url, kind):
    open_gallery(page, base_url, kind)
    require_kind(page, kind)
    page.evaluate("gallery.view.scroller.scrollTop = gallery.view.contentSize.height / 3;"
                  "gallery.view.scroller.scrollLeft = gallery.view.contentSize.width / 3")
    frames(page)
    result = compare_cells(page)
    assert result["count"] > 0
    assert result["mismatches"] == []
    screenshot(page, f"gallery-{kind}")


@pytest.mark.parametrize("kind", ["waterfall", "mosaic", "grid"])
def test_right_to_left_mirrors_and_matches(page, base_url, kind):
    open_gallery(page, base_url, kind)
    page.check("#rtl")
    frames(page)
    assert compare_cells(page)["mismatches"] == []
    first = page.locator('.cv-cell[data-kind="cell"][data-item="0"]')
    width = page.evaluate("gallery.view.contentSize.width")
    box = page.evaluate("(c) => [c.offsetLeft, c.offsetWidth]", first.element_handle())
    assert box[0] + box[1] > width - 1, "item 0 should sit at the right edge"
    screenshot(page, f"gallery-{kind}-rtl")


@pytest.mark.parametrize("kind", ["waterfall", "mosaic", "grid"])
def test_scrolling_100000_items_keeps_the_dom_bounded(page, base_url, kind):
    open_gallery(page, base_url, kind, count=100000)
    assert page.evaluate("gallery.view.itemCount") == 100000
    worst = 0.0
    steps = 30
    for step in range(steps + 1):
        page.evaluate("(f) => { const v = gallery.view; "
                      "v.scroller.scrollTop = f * (v.contentSize.height - v.bounds.height); }",
                      step / steps)
        frames(page)
        # Real wheel events too, so the scroll path is the browser's own.
        page.mouse.move(900, 400)
        page.mouse.wheel(0, 700)
        frames(page, 3)
        counts = page.evaluate("""() => {
          const v = gallery.view, b = v.bounds;
          const visible = v.layout.attributes(b, b).length;
          return { visible, dom: v.content.querySelectorAll('.cv-cell').length };
        }""")
        assert counts["visible"] > 0
        assert counts["dom"] <= 3 * counts["visible"], counts
        worst = max(worst, counts["dom"] / counts["visible"])
    assert compare_cells(page)["mismatches"] == []
    print(f"{kind}: worst DOM cells / visible elements = {worst:.2f}")
    screenshot(page, f"gallery-{kind}-100000-end")


def test_arrow_keys_move_focus_by_geometry(page, base_url):
    open_gallery(page, base_url, "grid")
    page.focus('.cv-cell:not([hidden])[data-item="0"]')
    assert page.evaluate("document.activeElement.dataset.item") == "0"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.item") == "2"  # 2 columns
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.item") == "3"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.item") == "999"
    stops = page.eval_on_selector_all(".cv-cell", "(cs) => cs.filter((c) => c.tabIndex === 0).length")
    assert stops == 1, "exactly one cell is in the tab order (roving tabindex)"
    role = page.evaluate("[document.activeElement.getAttribute('role'), "
                         "document.activeElement.getAttribute('aria-posinset'), "
                         "document.activeElement.getAttribute('aria-setsize')]")
    assert role == ["listitem", "1000", "1000"]


def test_waterfall_arrow_down_stays_in_its_column(page, base_url):
    open_gallery(page, base_url, "waterfall")
    page.focus('.cv-cell:not([hidden])[data-item="1"]')
    page.keyboard.press("ArrowDown")
    below = page.evaluate("""() => {
      const v = gallery.view, f = v.layout.element('cell', 0, 1).frame;
      const a = v.layout.attributes({ x: f.x, y: f.y + f.height, width: f.width, height: 2000 });
      return a.filter((e) => e.kind === 'cell' && e.frame.x === f.x && e.frame.y > f.y)
        .sort((p, q) => p.frame.y - q.frame.y)[0].item;
    }""")
    assert page.evaluate("Number(document.activeElement.dataset.item)") == below


def test_batch_update_animates_and_lands_on_engine_frames(page, base_url):
    open_gallery(page, base_url, "waterfall")
    page.evaluate("window.batchDone = new Promise((r) => gallery.view.addEventListener("
                  "'batchend', () => r(true), { once: true })); true")
    page.click("#insert")
    running = page.evaluate("document.getAnimations().length")
    assert running > 0, "inserted and moved cells animate"
    # Bounded: a batch that never ends fails here instead of hanging the run.
    assert page.evaluate("Promise.race([batchDone, "
                         "new Promise((r) => setTimeout(() => r(false), 10000))])")
    assert page.evaluate("gallery.view.itemCount") == 1003
    assert compare_cells(page)["mismatches"] == []


def test_reduced_motion_updates_without_animation(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_gallery(page, base_url, "grid")
    page.click("#delete")
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate("gallery.view.itemCount") == 997
    assert compare_cells(page)["mismatches"] == []


def test_resize_keeps_the_top_item_in_place(page, base_url):
    open_gallery(page, base_url, "waterfall")
    page.evaluate("gallery.view.scroller.scrollTop = 5000")
    frames(page)
    top = page.evaluate("""() => {
      const v = gallery.view, b = v.bounds;
      const cells = v.layout.attributes(b, b).filter((a) => a.kind === 'cell' &&
        a.frame.y + a.frame.height > b.y).sort((p, q) => p.frame.y - q.frame.y || p.frame.x - q.frame.x);
      return { item: cells[0].item, dy: cells[0].frame.y - b.y };
    }""")
    page.set_viewport_size({"width": 900, "height": 700})
    frames(page, 4)
    dy = page.evaluate("(item) => { const v = gallery.view; "
                       "return v.layout.element('cell', 0, item).frame.y - v.bounds.y; }", top["item"])
    assert abs(dy - top["dy"]) <= 1


def test_carousel_flick_lands_centred_on_an_item(page, base_url):
    open_gallery(page, base_url, "carousel")
    require_kind(page, "carousel")
    box = page.locator("#view").bounding_box()
    y = box["y"] + box["height"] / 2
    x = box["x"] + box["width"] * 0.7
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x - 60 * step, y)
    page.mouse.up()
    assert settle(page)["settled"]
    offset = page.evaluate("""() => {
      const v = gallery.view, b = v.bounds, cx = b.x + b.width / 2;
      const cells = v.layout.attributes(b, b).filter((a) => a.kind === 'cell');
      return Math.min(...cells.map((a) => Math.abs(a.frame.x + a.frame.width / 2 - cx)));
    }""")
    assert offset <= 1
    assert page.evaluate("gallery.view.bounds.x") > 0, "the flick scrolled"
    screenshot(page, "gallery-carousel-after-flick")


def flick(page, dx=-300, dy=0):
    """A fast mouse drag across the middle of the view (drag-to-scroll layouts)."""
    box = page.locator("#view").bounding_box()
    x = box["x"] + box["width"] / 2
    y = box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(x + dx * step / 5, y + dy * step / 5)
    page.mouse.up()


def test_infinite_row_starts_in_the_middle_and_recentres(page, base_url):
    open_gallery(page, base_url, "infinite", count=30)
    require_kind(page, "infinite")
    start = page.evaluate("gallery.view.bounds.x")
    assert start > 0, "an infinite row starts in its middle cycle"
    flick(page)
    assert settle(page)["settled"]
    state = page.evaluate("""() => {
      const v = gallery.view, b = v.bounds, again = v.layout.recentredOffset(b);
      const cx = b.x + b.width / 2;
      const cells = v.layout.attributes(b, b).filter((a) => a.kind === 'cell');
      const off = Math.min(...cells.map((a) => Math.abs(a.frame.x + a.frame.width / 2 - cx)));
      return { x: b.x, again: again.x, off };
    }""")
    assert abs(state["again"] - state["x"]) < 0.5, "resting in the middle cycle"
    assert state["off"] <= 1
    assert compare_cells(page)["mismatches"] == []


def test_stack_swipe_deletes_a_card(page, base_url):
    open_gallery(page, base_url, "stack", count=12)
    require_kind(page, "stack")
    screenshot(page, "gallery-stack")
    page.evaluate("window.batchDone = new Promise((r) => gallery.view.addEventListener("
                  "'batchend', () => r(true), { once: true })); true")
    card = page.locator('.cv-cell:not([hidden])[data-item="0"]').bounding_box()
    x, y = card["x"] + card["width"] / 2, card["y"] + 40
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 8):
        page.mouse.move(x - 50 * step, y)  # Safari-style: swipe left to close
    page.mouse.up()
    assert page.evaluate("Promise.race([batchDone, "
                         "new Promise((r) => setTimeout(() => r(false), 10000))])")
    assert page.evaluate("gallery.view.itemCount") == 11
    assert compare_cells(page)["mismatches"] == []


def set_control(page, selector, value, event="input"):
    page.eval_on_selector(selector, "(e, [v, type]) => { if (e.type === 'checkbox') e.checked = v;"
                          " else e.value = v; e.dispatchEvent(new Event(type)); }", [value, event])


@pytest.mark.parametrize("kind", ["waterfall", "grid"])
def test_sections_with_pinned_headers_match_the_engine(page, base_url, kind):
    open_gallery(page, base_url, kind)
    set_control(page, "#sections", "3", "change")
    set_control(page, '[data-option="headerHeight"]', "40")
    set_control(page, '[data-option="pinsSectionHeaders"]', True)
    page.evaluate("gallery.view.scroller.scrollTop = gallery.view.contentSize.height / 2")
    frames(page)
    result = compare_cells(page)
    assert result["mismatches"] == []
    header = page.locator('.cv-cell:not([hidden])[data-kind="header"]')
    assert header.count() >= 1
    assert header.first.get_attribute("role") == "presentation"
    # Pinned: the middle section's header sits at the top of the viewport.
    top = page.evaluate("gallery.view.bounds.y")
    assert any(abs(page.evaluate("(e) => e.offsetTop", h) - top) <= 1
               for h in header.element_handles())
    screenshot(page, f"gallery-{kind}-sections")


def test_carousel_keyboard_and_scrolling_report_focus(page, base_url):
    open_gallery(page, base_url, "carousel", count=50)
    require_kind(page, "carousel")
    page.evaluate("window.focusEvents = []; gallery.view.addEventListener('focuschange', "
                  "(e) => focusEvents.push(e.detail)); true")
    focused = page.evaluate("gallery.view.focused")
    page.focus(f'.cv-cell:not([hidden])[data-item="{focused["item"]}"]')
    page.keyboard.press("ArrowRight")
    assert settle(page)["settled"]
    now = page.evaluate("[Number(document.activeElement.dataset.item), gallery.view.focused.item]")
    assert now[0] == now[1] == (focused["item"] + 1) % 50
    centred = page.evaluate("""(item) => {
      const v = gallery.view, b = v.bounds, f = v.layout.element('cell', 0, item, b).frame;
      return Math.abs(f.x + f.width / 2 - (b.x + b.width / 2));
    }""", now[0])
    assert centred <= 1
    flick(page, dx=-500)
    assert settle(page)["settled"]
    reasons = {event["reason"] for event in page.evaluate("focusEvents")}
    assert {"keyboard", "scroll"} <= reasons


# Counts the layout's engine calls that lay items out again (wrapping the view's layout).
SPY_JS = """() => {
  const layout = gallery.view.layout;
  window.relayouts = 0;
  for (const name of ['prepare', 'insertItems', 'deleteItems']) {
    const original = layout[name].bind(layout);
    layout[name] = (...args) => { window.relayouts++; return original(...args); };
  }
  return true;
}"""


def test_reconfigure_redraws_in_place_without_relayout(page, base_url):
    open_gallery(page, base_url, "waterfall", count=200)
    page.evaluate(SPY_JS)
    before = page.evaluate("""() => {
      const cell = gallery.view.cellFor(0, 1);
      window.kept = cell;
      return { colour: cell.style.backgroundColor, top: cell.offsetTop };
    }""")
    # The item's content changes (its colour comes from its id), its size does not: once as a
    # reconfigure, once as a reload whose size is the same.
    for change in ["reconfigures", "reloads"]:
        page.evaluate("""async (change) => {
          const sections = gallery.state.sections.map((s) => ({ ...s, items: s.items.slice() }));
          sections[0].items[1] = { ...sections[0].items[1], id: sections[0].items[1].id + 7 };
          gallery.state.sections = sections;
          await gallery.view.performBatchUpdates({ [change]: [1] }, sections);
        }""", change)
    after = page.evaluate("""() => {
      const cell = gallery.view.cellFor(0, 1);
      return { same: cell === window.kept, colour: cell.style.backgroundColor, top: cell.offsetTop,
        animations: document.getAnimations().length, relayouts: window.relayouts };
    }""")
    assert after["same"] and after["top"] == before["top"]
    assert after["colour"] != before["colour"]
    assert after["animations"] == 0 and after["relayouts"] == 0, after
    # A reload that changes the size does lay out again, and lands on the engine's frames.
    page.evaluate("""async () => {
      const sections = gallery.state.sections.map((s) => ({ ...s, items: s.items.slice() }));
      sections[0].items[1] = { ...sections[0].items[1], height: sections[0].items[1].height * 2 };
      gallery.state.sections = sections;
      await gallery.view.performBatchUpdates({ reloads: [1] }, sections);
    }""")
    assert page.evaluate("window.relayouts") > 0
    assert compare_cells(page)["mismatches"] == []


@pytest.mark.parametrize("kind", ["waterfall", "grid"])
def test_sections_inserted_and_deleted_animate_onto_engine_frames(page, base_url, kind):
    open_gallery(page, base_url, kind, count=60)
    set_control(page, "#sections", "3", "change")
    set_control(page, '[data-option="headerHeight"]', "40")
    frames(page)
    # Delete the middle section and insert a new one of 5 items first.
    result = page.evaluate("""async () => {
      const old = gallery.state.sections;
      const fresh = { ...old[0], items: Array.from({ length: 5 },
        (_, i) => ({ id: 9000 + i, width: 1000, height: 800 })) };
      const sections = [fresh, old[0], old[2]];
      gallery.state.sections = sections;
      const done = gallery.view.performBatchUpdates(
        { sectionDeletes: [1], sectionInserts: [0] }, sections);
      const animating = document.getAnimations().length;
      await done;
      return { animating,
        count: gallery.view.itemCount, expected: sections.reduce((n, s) => n + s.items.length, 0),
        headers: [...document.querySelectorAll('.cv-cell:not([hidden])[data-kind="header"]')]
          .map((h) => h.textContent) };
    }""")
    assert result["count"] == result["expected"]
    assert result["animating"] > 0
    assert "Section 1" in result["headers"]
    assert compare_cells(page)["mismatches"] == []
    page.evaluate("gallery.view.scroller.scrollTop = gallery.view.contentSize.height / 2")
    frames(page)
    assert compare_cells(page)["mismatches"] == []
    screenshot(page, f"gallery-{kind}-sections-changed")


def test_deleting_the_top_item_keeps_the_next_one_in_place(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_gallery(page, base_url, "waterfall", count=300)
    page.evaluate("gallery.view.scroller.scrollTop = 2000")
    frames(page)
    # The first visible cells in scrolling order (top, then left), by the frames the view set.
    result = page.evaluate("""async () => {
      const view = gallery.view;
      const frame = (c) => ['top', 'left', 'height'].map((k) => parseFloat(c.style[k]));
      const top = () => [...view.content.querySelectorAll('.cv-cell:not([hidden])')]
        .filter((c) => frame(c)[0] + frame(c)[2] > view.scroller.scrollTop)
        .sort((a, b) => frame(a)[0] - frame(b)[0] || frame(a)[1] - frame(b)[1]);
      const [first, second] = top();
      const gone = Number(first.dataset.item);
      const next = Number(second.dataset.item);
      const before = second.getBoundingClientRect().top;
      const sections = gallery.state.sections.map((s) => ({ ...s, items: s.items.slice() }));
      sections[0].items.splice(gone, 1);
      gallery.state.sections = sections;
      await view.performBatchUpdates({ deletes: [gone] }, sections);
      const moved = view.cellFor(0, next > gone ? next - 1 : next);
      return { before, after: moved.getBoundingClientRect().top };
    }""")
    assert abs(result["after"] - result["before"]) <= 1, result


def test_a_batch_after_scrolling_never_slides_a_recycled_cell_from_another_items_place(
        page, base_url):
    # Scrolled since the last render, an append far below: the cells in view stay where they
    # are (a cell the update's render hands to another item appears there; it does not slide
    # from where its old item was); scrolled on, every cell is drawn at its own frame.
    open_gallery(page, base_url, "waterfall", count=300)
    sliding = page.evaluate("""() => {
      const view = gallery.view, scroller = view.scroller;
      scroller.scrollTop = 3 * scroller.clientHeight;
      const sections = gallery.state.sections.map((s) => ({ ...s, items: s.items.slice() }));
      const n = sections[0].items.length;
      sections[0].items.push(...Array.from({ length: 10 },
        () => ({ id: gallery.state.nextId++, width: 1000, height: 800 })));
      gallery.state.sections = sections;
      view.performBatchUpdates({ inserts: Array.from({ length: 10 }, (_, i) => n + i) }, sections);
      return [...view.content.querySelectorAll('.cv-cell:not([hidden])')].flatMap((cell) =>
        cell.getAnimations().filter((a) => a.effect.getKeyframes().some((k) => 'top' in k))
          .map((a) => `item ${cell.dataset.item}: top ${a.effect.getKeyframes()[0].top}`
            + ` → ${cell.style.top}`));
    }""")
    assert sliding == []
    page.wait_for_timeout(50)
    drawn = page.evaluate("""() => {
      const view = gallery.view, scroller = view.scroller;
      scroller.scrollTop += 3 * scroller.clientHeight;
      view.render();
      const origin = view.content.getBoundingClientRect().top;
      return [...view.content.querySelectorAll('.cv-cell:not([hidden])')].map((cell) =>
        [cell.dataset.item, Math.round(cell.getBoundingClientRect().top - origin),
         Math.round(parseFloat(cell.style.top))]).filter(([, at, frame]) => Math.abs(at - frame) > 1);
    }""")
    assert drawn == [], drawn
