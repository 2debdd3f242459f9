// The reader's notifications (/notifications, over the list like the account page): what
// happened around their posts, grouped and newest first ("cat and ben liked your Pasta La
// Vista photo"), each with the post's thumbnail and when; unread ones marked, in words too.
// Each group links to its post (the whole row; the people's names to their profiles). "Mark
// all as read" clears the bell. While open it reads them again when the stream says they may
// have changed (bell.js's news), keeping the focus where it was; with no stream in the tab (a
// deep link to this page) it follows one of its own.
import { api } from "./api.js";
import { Refresher } from "./bell-refresh.js";
import { notificationNews, showUnread } from "./bell.js";
import { backBar, element, stylesheet } from "./dom.js";
import { EventStream, followingStream } from "./event-stream.js";
import { sentence } from "./messages.js";
import { photoAlt } from "./photo-text.js";
import { sentenceParts, timeText } from "./notification-text.js";
import { currentUser } from "./session.js";

export const EMPTY = "No notifications yet. When someone likes, saves or comments on your "
  + "posts, it shows here.";

/** The post whose row was last opened: Back from it puts the focus on its row again. */
let opened = null;

/**
 * A group's key among the others: what happened, and to which post; a moderator's decision
 * (each its own group, on the post or on one's comment under it) by when, too.
 */
const keyOf = (group) => `${group.kind}:${group.post.id}`
  + (group.kind === "moderation" ? `:${group.latestAt}` : "");

/**
 * Shows the notifications of who is signed in, in `container`; `close()` is Back. The page
 * stops (its news, its own stream) when it leaves the container.
 */
export function showNotifications(container, { close }) {
  stylesheet("/app/notifications.css");
  const heading = element("h2", { id: "notifications-title", tabIndex: -1 }, "Notifications");
  const markRead = element("button", { type: "button", className: "mark-read", hidden: true },
    "Mark all as read");
  const alert = element("p", { className: "alert", role: "alert" });
  const status = element("p", { className: "notifications-status", role: "status" });
  const empty = element("p", { className: "notifications-empty", hidden: true }, EMPTY);
  const list = element("ul", { className: "notification-list" });
  list.setAttribute("aria-labelledby", heading.id);
  const page = element("div", { className: "notifications-page" },
    element("div", { className: "notifications-head" }, heading, markRead),
    alert, status, empty, list);
  container.replaceChildren(backBar(close), page);
  container.setAttribute("aria-busy", "true");
  heading.focus({ preventScroll: true });

  let groups = [];
  let first = true;
  const draw = () => {
    const focus = focusedSpot(list);
    list.replaceChildren(...groups.map(row));
    list.hidden = groups.length === 0;
    empty.hidden = groups.length > 0;
    markRead.hidden = groups.length === 0;
    const again = first && opened ? { key: opened, link: "post" } : focus;
    if (first) opened = null;
    first = false;
    if (again) refocus(list, again);
  };
  const reader = new Refresher(() => api("GET", "/api/me/notifications"), (answer) => {
    if (!page.isConnected) return;
    alert.textContent = "";
    groups = Array.isArray(answer?.items) ? answer.items : [];
    showUnread(answer?.unreadCount ?? 0);
    draw();
    container.setAttribute("aria-busy", "false");
  });
  reader.now().then(() => {
    if (page.isConnected && first) {
      alert.textContent = "Could not load your notifications: you may be offline.";
      container.setAttribute("aria-busy", "false");
    }
  });

  markRead.addEventListener("click", async () => {
    status.textContent = "";
    try {
      await api("POST", "/api/me/notifications/read");
    } catch (failure) {
      if (!page.isConnected) return;
      alert.textContent = `Could not mark them read: ${sentence(failure.message)}`;
      return;
    }
    if (!page.isConnected) return;
    alert.textContent = "";
    showUnread(0);
    groups = groups.map((group) => ({ ...group, unread: false }));
    draw();
    status.textContent = "All marked as read.";
  });
  list.addEventListener("click", (event) => {
    const link = event.target.closest?.("a.post-link");
    if (link) opened = link.closest("li").dataset.key;
  });

  // Read again on news; a stream of its own if the tab follows none (a deep link here).
  const heard = () => reader.request();
  notificationNews.addEventListener("change", heard);
  const own = followingStream() ? null : new EventStream(() => null);
  own?.open();
  const watcher = new MutationObserver(() => {
    if (page.isConnected) return;
    watcher.disconnect();
    notificationNews.removeEventListener("change", heard);
    reader.cancel();
    own?.close();
  });
  watcher.observe(container, { childList: true });
}

/** One group as a row: thumbnail, sentence (its post and people as links), when; unread
 * marked. */
function row(group, index) {
  const id = `notification-${index}`;
  const photo = group.post.photo ?? {};
  // The post is the reader's own, but for a decision on their comment under someone else's.
  const author = group.comment == null ? currentUser() : null;
  const image = element("img", { className: "thumb", src: photo.thumbnailURL ?? "",
    alt: photoAlt({ ...group.post, photo, author }), width: 56, height: 56,
    decoding: "async", loading: index < 12 ? "eager" : "lazy" });
  image.style.background = photo.color ?? "";
  const text = element("p", { className: "sentence", id: `${id}-text` });
  if (group.unread) text.append(element("span", { className: "visually-hidden" }, "Unread: "));
  let postLink = null;
  for (const part of sentenceParts(group)) {
    if ("person" in part) {
      const { username } = part.person;
      text.append(element("a", { className: "person", href: `/u/${encodeURIComponent(username)}` },
        username));
    } else if ("post" in part) {
      postLink = element("a", { className: "post-link", href: `/p/${group.post.id}` }, part.post);
      text.append(postLink);
    } else {
      text.append(part.text);
    }
  }
  const time = element("time", { id: `${id}-time`, dateTime: group.latestAt },
    timeText(group.latestAt));
  const moment = new Date(group.latestAt);
  if (!Number.isNaN(moment.getTime())) time.title = moment.toLocaleString();
  postLink?.setAttribute("aria-describedby", `${text.id} ${time.id}`);
  const item = element("li", { className: group.unread ? "notification unread" : "notification" },
    image, element("div", { className: "body" }, text, time));
  item.dataset.key = keyOf(group);
  if (group.unread) {
    const dot = element("span", { className: "dot" });
    dot.setAttribute("aria-hidden", "true");  // said in words: "Unread"
    item.append(dot);
  }
  return item;
}

/** Where the focus is in the list: the row's key, and which of its links. */
function focusedSpot(list) {
  const link = document.activeElement?.closest?.(".notification a");
  if (!link || !list.contains(link)) return null;
  const links = [...link.closest("li").querySelectorAll("a")];
  return { key: link.closest("li").dataset.key, link: links.indexOf(link) };
}

/** Puts the focus back on `spot`'s link in its row, if the row is still there. */
function refocus(list, spot) {
  const item = [...list.children].find((node) => node.dataset.key === spot.key);
  if (!item) return;
  const link = spot.link === "post" ? item.querySelector("a.post-link")
    : item.querySelectorAll("a")[spot.link];
  link?.focus({ preventScroll: spot.link !== "post" });
}
