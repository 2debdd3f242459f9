"""Helpers shared by the browser tests: open a page, wait for frames, compare the DOM with
the engine. Every wait is bounded."""

ALL_KINDS = ["waterfall", "mosaic", "grid", "snap", "infinite", "carousel", "stack"]

# Runs in the page: every element the engine places in the visible rect must have a visible DOM
# cell with the same frame (offsetLeft/Top/Width/Height are whole pixels, hence the 1 px),
# zIndex and alpha; a transformed element must render at its scaled size.
COMPARE_JS = """(view) => {
  view.render();
  const b = view.bounds;
  const attrs = view.layout.attributes(b, b);
  const cells = [...view.content.querySelectorAll('.cv-cell:not([hidden])')];
  const byKey = new Map(cells.map((c) =>
    [`${c.dataset.kind}:${c.dataset.section}:${c.dataset.item}`, c]));
  const mismatches = [];
  const close = (a, b) => Math.abs(a - b) <= 1;
  for (const a of attrs) {
    const key = `${a.kind}:${a.section}:${a.item}`;
    const c = byKey.get(key);
    if (!c) { mismatches.push({ key, problem: 'no DOM cell' }); continue; }
    const f = a.frame;
    const dom = { x: c.offsetLeft, y: c.offsetTop, width: c.offsetWidth, height: c.offsetHeight };
    if (!close(dom.x, f.x) || !close(dom.y, f.y) || !close(dom.width, f.width) ||
        !close(dom.height, f.height)) mismatches.push({ key, engine: f, dom });
    const style = getComputedStyle(c);
    if (Number(style.zIndex) !== a.zIndex) mismatches.push({ key, zIndex: style.zIndex });
    if (Math.abs(Number(style.opacity) - a.alpha) > 1e-3) mismatches.push({ key, opacity: style.opacity });
    const t = a.transform;
    if (!t && style.transform !== 'none') mismatches.push({ key, transform: style.transform });
    if (t && t.rotateX === 0 && t.perspective === 0) {
      const box = c.getBoundingClientRect();
      if (!close(box.width, f.width * t.scale)) mismatches.push({ key, scaledWidth: box.width });
    }
  }
  return { count: attrs.length, mismatches, cells: cells.length };
}"""


def frames(page, count=2):
    """Waits for `count` animation frames in the page."""
    page.evaluate("""(n) => new Promise((resolve) => {
      const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
      requestAnimationFrame(step);
    })""", count)


def open_gallery(page, base_url, kind="waterfall", count=1000):
    page.goto(f"{base_url}/gallery/?kind={kind}&count={count}")
    page.wait_for_selector("html[data-ready]", timeout=15000)
    frames(page)


def kinds(page):
    return page.evaluate("gallery.kinds")


def compare_cells(page, view="gallery.view"):
    return page.evaluate(f"(js) => eval(js)({view})", COMPARE_JS)


def settle(page, view="gallery.view", limit=120):
    """Waits until the view's scroll offset has not changed for 5 frames (at most `limit`)."""
    return page.evaluate("""([path, limit]) => new Promise((resolve) => {
      const view = eval(path);
      let last = null, still = 0, n = 0;
      const step = () => {
        const b = view.bounds;
        const now = `${b.x},${b.y}`;
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= 5 || ++n >= limit) resolve({ frames: n, settled: still >= 5 });
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })""", [view, limit])


def post_place(server, token, restaurant=None, area=None, restaurant_id=None, caption="",
               size=(500, 400), rgb=(150, 90, 60)):
    """Posts a photo through the API naming its restaurant by name (and area) or by id, as the
    Post form does; returns the post's JSON."""
    import uuid

    from lots_server import png

    boundary = uuid.uuid4().hex
    fields = [("caption", caption), ("mealDate", "2026-11-21")]
    if restaurant_id is not None:
        fields.append(("restaurantId", str(restaurant_id)))
    if restaurant is not None:
        fields.append(("restaurant", restaurant))
    if area is not None:
        fields.append(("area", area))
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
             f"{value}\r\n".encode() for name, value in fields]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                 f'filename="lunch.png"\r\nContent-Type: image/png\r\n\r\n'.encode()
                 + png(*size, rgb) + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return server.request("POST", "/api/posts", b"".join(parts), token,
                          f"multipart/form-data; boundary={boundary}")
