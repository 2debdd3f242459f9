"""The account page (/account) against a real `lots serve`: a visitor signs in on it first; a
password change shows each refusal beside its field and, once made, signs out the user's other
devices (their session and stream end, and their page reads signed out) while this one stays; the new password signs in, the old
one no longer; Sign out everywhere ends this session too. Phone and desktop, by keyboard."""
import urllib.error

import pytest

from conftest import screenshot, sign_in, watched_page
from test_pages import wait_until

LIVE = "document.getElementById('live').textContent.includes('Live')"


def status_of(page, path):
    """The status of a same-origin GET from `page` (its cookie)."""
    return page.evaluate(f"async () => (await fetch('{path}')).status")


def error_beside(page, name):
    return page.inner_text(f"#account-{name}-error")


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark")])
def test_changing_the_password_signs_out_the_other_devices_only(server, browser, width, scheme):
    server.sign_up("ana")
    # Ana's other device, on Main with its stream open.
    phone = watched_page(browser, 390, 844, console_errors=False)  # its ended session's 401
    sign_in(phone, server, "ana")
    phone.wait_for_selector("#feed[aria-busy=false]")
    wait_until(phone, LIVE)
    # A visitor opening /account signs in on the page itself, then sees the account.
    page = watched_page(browser, width, 900, scheme, console_errors=False)  # 4xx logged
    page.goto(server.url + "/account")
    form = page.locator("#detail")
    page.wait_for_selector("#detail form")
    assert "Sign in to see your account" in form.inner_text()
    form.get_by_label("Username").fill("ana")
    form.get_by_label("Password").fill("lunch-of-today")
    form.get_by_label("Password").press("Enter")
    page.wait_for_selector("#account-currentPassword")
    assert "Signed in as @ana." in form.inner_text()
    assert page.evaluate("location.pathname") == "/account"

    def submit(current, new, again):
        form.get_by_label("Current password").fill(current)
        form.get_by_label("New password", exact=True).fill(new)
        form.get_by_label("New password again").fill(again)
        form.get_by_label("New password again").press("Enter")
        wait_until(page, "document.querySelector('#detail form').getAttribute('aria-busy')"
                   " === 'false'")

    # Two new passwords that differ: said beside the second, nothing sent.
    sent = []
    page.on("request", lambda r: sent.append(r.url) if "/api/me/password" in r.url else None)
    submit("lunch-of-today", "a new password", "a new pasword")
    assert error_beside(page, "again") == "The two new passwords differ."
    assert sent == []
    # The server's refusals, each beside its field, with focus there.
    submit("not my password", "a new password", "a new password")
    assert error_beside(page, "currentPassword") == "The current password is incorrect."
    assert page.get_attribute("#account-currentPassword", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "account-currentPassword"
    submit("lunch-of-today", "short", "short")
    assert "at least 8" in error_beside(page, "newPassword")
    assert error_beside(page, "currentPassword") == ""
    screenshot(page, f"account-refused-{width}-{scheme}")
    # Changed: this device stays signed in, the other is signed out with its stream.
    submit("lunch-of-today", "a new password", "a new password")
    wait_until(page, "document.querySelector('#detail [role=status]').textContent !== ''")
    assert "Every other device is signed out" in page.inner_text("#detail [role=status]")
    assert page.input_value("#account-currentPassword") == ""
    assert status_of(page, "/api/me") == 200
    assert status_of(phone, "/api/me") == 401
    # The other device notices by itself: its stream was ended, and it now reads signed out.
    phone.wait_for_selector("#gate-links:not([hidden])", timeout=10000)
    assert phone.is_hidden("#who")
    assert phone.is_visible("#session-error")  # on a phone too, where the header form is not
    assert "session was ended on another device" in phone.inner_text("#session-error")
    screenshot(phone, "signed-out-elsewhere-390")
    # Signing in again from there (no reload) takes the note away.
    phone.get_by_role("link", name="Sign in", exact=True).click()
    phone.fill("#gate-username", "ana")
    phone.fill("#gate-password", "a new password")
    phone.press("#gate-password", "Enter")
    phone.wait_for_selector("#who:not([hidden])")
    assert phone.is_hidden("#session-error")
    wait_until(phone, LIVE)  # following Main again, as a visitor
    # The new password signs in, the old one does not.
    fresh = server.request("POST", "/api/sessions", {"username": "ana",
                                                     "password": "a new password"})
    assert fresh["user"]["username"] == "ana"
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.request("POST", "/api/sessions", {"username": "ana", "password": "lunch-of-today"})
    assert refused.value.code == 401
    assert page.errors == [] and page.evaluate("window.cspViolations") == []
    phone.context.close()


def test_sign_out_everywhere_from_the_account_page_ends_this_session_too(server, browser):
    server.sign_up("ben")
    other = watched_page(browser, 1280, 800, console_errors=False)
    sign_in(other, server, "ben")
    page = watched_page(browser, 390, 844, console_errors=False)  # the 401 probe below logs
    sign_in(page, server, "ben")
    page.get_by_role("link", name="Account").click()
    page.wait_for_selector("#account-currentPassword")
    button = page.get_by_role("button", name="Sign out everywhere")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail", state="hidden")
    assert page.evaluate("location.pathname") == "/"
    page.wait_for_selector("#gate-links:not([hidden])")
    assert page.is_hidden("#who")
    assert status_of(page, "/api/me") == 401
    assert status_of(other, "/api/me") == 401
    assert page.errors == []
    other.context.close()
