"""Every page `lots serve` serves, under its Content-Security-Policy (no inline script or style;
'wasm-unsafe-eval' for the engine): no violation, and the engine still loads."""
import pytest

from lots_server import seeded_server

PAGES = ["/", "/gallery/", "/gallery/bounty.html", "/bench/"]


@pytest.fixture(scope="module")
def server():
    yield from seeded_server()


@pytest.mark.parametrize("path", PAGES)
def test_no_csp_violation(server, strict_page, path):
    page = strict_page
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));")
    response = page.goto(server.url + path)
    policy = response.headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    # The engine compiled and drew cells: the policy lets through what the page needs.
    page.wait_for_selector("[data-kind=cell]", state="attached", timeout=15000)
    page.wait_for_timeout(300)
    assert page.evaluate("window.cspViolations") == []
