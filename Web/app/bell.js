// The header's bell, for someone signed in: a link to their notifications (/notifications)
// with the unread count as a badge, named with it ("Notifications, 3 unread"). The count is
// read at sign-in and page load, and again (after 300 ms of quiet, one request at a time:
// bell-refresh.js) whenever a stream event may have changed it (bell-rules.js). A failed read
// (offline) leaves the number shown. The notifications page hears the same news
// (`notificationNews`) and tells the bell what it read (`showUnread`).
import { api } from "./api.js";
import { Refresher } from "./bell-refresh.js";
import { badgeText, bellLabel, concernsBell } from "./bell-rules.js";
import { streamEvents } from "./event-stream.js";

/** A "change" event whenever the viewer's notifications may have changed. */
export const notificationNews = new EventTarget();

/** The id of who is signed in (their notifications), or null. */
let me = null;

const SVG = "http://www.w3.org/2000/svg";

function bellDrawing() {
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of [["viewBox", "0 0 24 24"], ["width", "24"], ["height", "24"],
    ["aria-hidden", "true"], ["focusable", "false"]]) svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", BELL_PATH);
  svg.append(path);
  return svg;
}

/** The bell's drawing (SignedInHeader.swift writes the same for a reader it knows). */
const BELL_PATH = "M6 16V10.5a6 6 0 0 1 12 0V16l1.6 2H4.4zM10 20.5a2.2 2.2 0 0 0 4 0";

/** The bell the server wrote for a signed-in reader (nothing above the list moves), else
 * one made here, in #who. */
function findOrMakeBell() {
  const written = document.getElementById("bell");
  if (written) return written;
  const badge = document.createElement("span");
  badge.className = "bell-badge";
  badge.setAttribute("aria-hidden", "true");  // the link's name says it
  const made = document.createElement("a");
  made.id = "bell";
  made.href = "/notifications";
  made.dataset.nav = "notifications";
  made.append(bellDrawing(), badge);
  document.getElementById("who")?.prepend(made);
  return made;
}
const bell = findOrMakeBell();
const badge = bell.querySelector(".bell-badge");

/** Shows `count` unread notifications on the bell. */
export function showUnread(count) {
  const number = Number.isFinite(count) ? Math.max(0, count) : 0;
  bell.setAttribute("aria-label", bellLabel(number));
  badge.textContent = badgeText(number);
  badge.hidden = number === 0;
}
showUnread(0);

const unread = new Refresher(() => api("GET", "/api/me/notifications/unread"),
  (answer) => showUnread(answer?.unreadCount));

/** Something may have changed the viewer's notifications: the bell and the page read again. */
function heard() {
  if (me == null) return;
  unread.request();
  notificationNews.dispatchEvent(new Event("change"));
}

document.addEventListener("sessionchange", ({ detail: { user } }) => {
  me = user?.id ?? null;
  unread.cancel();
  showUnread(0);
  if (me != null) unread.now();
});
streamEvents.addEventListener("event", ({ detail: event }) => {
  if (concernsBell(event, me)) heard();
});
// Back after a cut: what it missed may not all come again (a stream from the present).
streamEvents.addEventListener("open", ({ detail: { resumed } }) => {
  if (resumed) heard();
});
