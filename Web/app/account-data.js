// The account page's "Download your data": what the archive holds; "Prepare my data" (POST
// /api/me/export: the server builds the archive in the background, or answers with the one it
// is building or has ready); while it is built, a status line, and the page asks again
// (GET /api/me/export) after 1 s, 2 s, 4 s … at most 10 s, until the page is left. Then the
// archive's link, its size, and until when it can be had. An archive already asked for shows as
// it is when the page opens. A build that failed, or a request that did, says so, and the button
// tries again. Beside a ready archive, "Prepare a fresh copy" asks for another (within the hour
// after one was made, the server hands out the same one, and the page says so).
import { STILL_FRESH, exportView, pollDelay } from "./account-export-text.js";
import { api } from "./api.js";
import { element } from "./dom.js";
import { explain } from "./messages.js";

// setTimeout's longest wait; an archive kept longer is asked about again then.
const LONGEST_TIMER = 2 ** 31 - 1;

/** The section, which shows the archive's state once the server has said it. */
export function dataSection() {
  const heading = element("h3", { id: "data-title" }, "Download your data");
  const said = element("p", { role: "status", className: "compose-status" });
  const alert = element("p", { role: "alert", className: "field-error" });
  const ready = element("p", { className: "export-ready", hidden: true });
  const prepare = element("button", { type: "button" });
  const section = element("section", { className: "compose account-data" }, heading,
    element("p", { className: "hint" }, "A copy of what you gave LOTs, in one zip file:"),
    element("ul", {},
      element("li", {}, "lots-data.json: your profile, posts, likes, lists, comments, print "
        + "orders and credits;"),
      element("li", {}, "photos/: the original of every photo you posted.")),
    element("p", { className: "hint" }, "It takes a moment to prepare; you may leave this page "
      + "meanwhile. The archive can be downloaded for a while, then it is deleted."),
    said, ready, alert, prepare);
  section.setAttribute("aria-labelledby", heading.id);

  let timer = 0;
  let attempt = 0;
  let busy = false;  // a request the button sent is in flight, or a build is under way
  let asked = 0;  // requests sent: only the last one's answer is shown
  let shownReadyAt = null;  // when the archive on show was made
  const wait = (ms, then) => {
    clearTimeout(timer);
    // Asked once the wait is over, unless the page was left meanwhile.
    timer = setTimeout(() => section.isConnected && then(), Math.min(ms, LONGEST_TIMER));
  };
  const hold = (value) => {
    busy = value;
    prepare.setAttribute("aria-disabled", String(value));
  };

  /** Shows `status` (null: no archive), and asks again while it is built. */
  function show(status) {
    clearTimeout(timer);
    const view = exportView(status);
    shownReadyAt = view.link ? status.readyAt : null;
    said.textContent = view.said;
    alert.textContent = view.alert;
    hold(view.building);
    const hadFocus = document.activeElement === prepare;
    ready.hidden = !view.link;
    ready.replaceChildren();
    if (view.link) {
      const link = element("a", { href: view.link.href, download: "" }, view.link.text);
      ready.append(link);
      if (view.until) {
        ready.append(element("span", { className: "export-until" }, " Available until ",
          element("time", { dateTime: view.until.iso }, view.until.text), "."));
        wait(Date.parse(view.until.iso) - Date.now() + 1000, check);
      }
      if (hadFocus) link.focus();  // the button goes: on to what there is to do now
    }
    prepare.hidden = view.button === null;
    if (view.button) prepare.textContent = view.button;
    if (view.building) wait(pollDelay(attempt++), check);
    else attempt = 0;
  }

  /** The server's word on the archive; a request that failed says so, and the button asks
   * again (POST answers with the archive under way, if there is one). */
  async function check() {
    const mine = ++asked;
    try {
      const status = await api("GET", "/api/me/export");
      if (mine === asked) show(status);
    } catch (failure) {
      if (mine !== asked) return;
      if (failure.status === 404) show(null);
      else failed(`Your archive could not be checked. ${explain(failure)}`);
    } finally {
      if (mine === asked) section.setAttribute("aria-busy", "false");
    }
  }

  function failed(message) {
    clearTimeout(timer);
    attempt = 0;
    said.textContent = "";
    alert.textContent = message;
    hold(false);
    prepare.hidden = false;
    prepare.textContent = "Try again";
  }

  prepare.addEventListener("click", async () => {
    if (busy) return;
    hold(true);
    clearTimeout(timer);
    section.setAttribute("aria-busy", "true");
    alert.textContent = "";
    said.textContent = "";
    attempt = 0;
    const mine = ++asked;
    const before = shownReadyAt;
    try {
      const status = await api("POST", "/api/me/export");
      if (mine !== asked) return;
      show(status);
      // Asked for a fresh copy too soon: the same archive, and why.
      if (before && status.state === "ready" && status.readyAt === before) {
        said.textContent = STILL_FRESH;
      }
    } catch (failure) {
      if (mine === asked) failed(`Your archive could not be prepared. ${explain(failure)}`);
    } finally {
      if (mine === asked) section.setAttribute("aria-busy", "false");
    }
  });

  prepare.textContent = exportView(null).button;
  section.setAttribute("aria-busy", "true");
  check();
  return section;
}
