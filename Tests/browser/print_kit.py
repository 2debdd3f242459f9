"""Helpers for Booster's browser tests: a demo server, its password, files to upload (a valid
PDF of n pages, a PNG photo, garbage), signing in on a phone or a desktop, and axe's serious
findings on a page."""
import re
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

from lots_server import LotsServer, png

AXE = Axe()


def serious(page):
    """axe-core's serious and critical findings on `page`, one line each."""
    results = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def demo_server():
    """A `lots serve --demo` (few demo posts), stopped when the caller is done with it."""
    server = LotsServer("--demo", "--demo-posts", "2").start()
    try:
        yield server
    finally:
        server.stop()


def demo_password(server):
    """The demo accounts' password, from data/demo-password.txt's first line."""
    text = (Path(server.data) / "demo-password.txt").read_text()
    return re.search(r"share the password (\S+)", text).group(1)


def pdf(pages):
    """A minimal valid PDF of `pages` empty A4 pages, with a correct cross-reference table."""
    kids = " ".join(f"{3 + i} 0 R" for i in range(pages))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode()]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"] * pages
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
            .encode())
    return bytes(out)


def photo():
    return png(300, 200, (200, 120, 40))


def sign_in_as(page, server, username):
    """Signs in as a person would: on a phone through the Sign in page, else the header form."""
    password = demo_password(server)
    if page.viewport_size["width"] > 600:
        page.goto(server.url + "/")
        page.fill("#session input[name=username]", username)
        page.fill("#session input[name=password]", password)
        page.click("#session button[value=in]")
    else:
        page.goto(server.url + "/signin")
        page.fill("#gate-username", username)
        page.fill("#gate-password", password)
        page.locator("#detail").get_by_role("button", name="Sign in").click()
    page.wait_for_selector("#who:not([hidden])")


def balance(page, server):
    """The signed-in student's credit (cents), through the page's own session."""
    return page.request.get(server.url + "/api/print/credits").json()["balance"]


def upload(page, *files):
    """Adds `files` ((name, mime, bytes)) to the order form's file picker."""
    page.get_by_label("Add files (PDF or photos)").set_input_files(
        [{"name": name, "mimeType": mime, "buffer": data} for name, mime, data in files])


def order_one_pdf(page, server, store=1, pages=2):
    """Orders one PDF at `store` through the order form; returns the new order's id."""
    from playwright.sync_api import expect
    page.goto(f"{server.url}/print/order?store={store}")
    expect(page.get_by_label("Print shop")).to_have_value(str(store), timeout=30_000)
    upload(page, ("notes.pdf", "application/pdf", pdf(pages)))
    expect(page.get_by_text(f"{pages} pages", exact=True)).to_be_visible(timeout=30_000)
    page.get_by_role("button", name="Get quote").click()
    pay = page.get_by_role("button", name=re.compile(r"^Pay "))
    pay.click()
    page.wait_for_url(re.compile(r"/print/orders/\d+$"), timeout=30_000)
    return int(page.url.rsplit("/", 1)[1])
