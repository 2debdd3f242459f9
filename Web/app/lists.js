// The app's lists — Main (live), Inspire, Likes and profiles — laid out by the Swift engine
// (WebAssembly) in a virtualised CollectionView: which list a route shows, showing one (its
// pages, its stream, its cells' Like buttons), and its place kept while a page lies over it.
import { appliedFrame, CollectionView } from "../toolkit/index.js";
import { blockedNotice, hasBlocked } from "./blocked-profile.js";
import { likeChanges, toggleLike } from "./like-queue.js";
import { showEmptiness } from "./list-notice.js";
import { countText } from "./list-status.js";
import { rememberView, takeFirstPage } from "./first-screen.js";
import { isEmpty, LiveFeed } from "./live-feed.js";
import { showNotFound } from "./not-found.js";
import { navigate } from "./router.js";
import { paintPost, redrawSave } from "./post-cell.js";
import { savedChanges } from "./saved.js";
import { searchSpec } from "./search-query.js";
import { confirmSession } from "./session.js";
import "./skip-link.js";

// A cell's caption under its photo (restaurant, two lines of the dish, count and author): the
// style reads its height from the list (--caption-height), the one number both follow.
export const CAPTION = 76;
const GRID = { kind: "grid", columnCount: 3, aspectRatio: 1, extraHeight: CAPTION };
const FEEDS = {
  feed: { path: "/api/feed", live: true, label: "Today's lunches",
    layout: { kind: "waterfall", columnCount: 2, extraHeight: CAPTION } },
  inspire: { path: "/api/inspire", live: false, label: "Inspire", layout: { kind: "mosaic" } },
  likes: { path: "/api/me/likes", live: false, label: "Posts you liked", title: "Your likes",
    needsAccount: true, layout: GRID, empty: "No likes yet: ♡ a lunch to keep it here.",
    // A like made on another device comes in at the top; an unlike anywhere takes it out,
    // unless made on its cell here (the focus is on its button: it stays to be liked again).
    rules: { enters: (event) => event.likedByMe === true,
      leaves: (event) => event.likedByMe === false && !hasFocus(event.postID) } },
};

/** The list a route shows: one of FEEDS, a user's posts, or a search's. */
export function specFor(route) {
  if (route.name === "search") return searchSpec(route.params[0], FEEDS.feed.layout);
  if (route.name !== "profile") {
    const name = FEEDS[route.name] ? route.name : "feed";  // "/" is the main feed
    return { name, ...FEEDS[name] };
  }
  const username = decodeURIComponent(route.params[0]);
  return { name: `u/${username}`, path: `/api/users/${encodeURIComponent(username)}/posts`,
    live: false, label: `Posts by @${username}`, title: `@${username}`, layout: GRID,
    owner: username,
    rules: { enters: (event) => event.kind === "insert"
      && event.post.author.username === username } };
}

let engine = null;
const host = document.getElementById("feed");
const status = document.getElementById("status");
const live = document.getElementById("live");
const newPosts = document.getElementById("new-posts");
const title = document.getElementById("list-title");
const offlineBanner = document.getElementById("offline");
host.style.setProperty("--caption-height", `${CAPTION}px`);
let current = null;
let user = null;

/** Starts the lists with the engine; `signedIn` is who is signed in (null for a visitor). */
export function startLists(layoutEngine, signedIn) {
  engine = layoutEngine;
  user = signedIn;
}

/** The layout engine the lists use (a restaurant's page lays its photos out with it too). */
export function listEngine() {
  return engine;
}

/** The list shown (its `name` and `spec`), or null. */
export function shownList() {
  return current;
}

/** Someone signed in or out: what the lists show changes (blocks, likes), so they start over. */
export function changeUser(signedIn) {
  user = signedIn;
  if (current) showList(current.spec);
}

/** Scrolls the list shown to its top. */
export function scrollListToTop() {
  current?.view.scrollTo?.({ x: 0, y: 0 });
}

/** A waterfall's or grid's column count for a list `width` pixels wide. */
export function columnsFor(width) {
  return Math.max(2, Math.min(6, Math.round(width / 260)));
}

/** A cell's Like: changes at once, sent now or when back online (like-queue.js). */
function like(post) {
  if (!user) {
    status.textContent = "Sign in to like posts.";
    // The header's form where it shows (a wide screen), else the sign-in page and back.
    const field = document.querySelector("#session input[name=username]");
    if (field?.offsetParent) field.focus();
    else navigate(`/signin?next=${encodeURIComponent(location.pathname)}`);
    return;
  }
  toggleLike(post);
}

// A like toggled, confirmed or refused: the post's data takes the server's answer, and its
// cells are drawn again (in place: the focus stays on the button).
likeChanges.addEventListener("change", ({ detail: { id, confirmed, refused } }) => {
  const post = current?.feed && postWithID(current, id);
  if (post && confirmed) {
    Object.assign(post, { likedByMe: confirmed.liked, likeCount: confirmed.likeCount });
  }
  if (refused) status.textContent = refused;
  if (post) redraw(post);
});

// The reader's lists changed (a save here or on another device): every Save button shown
// says so.
savedChanges.addEventListener("change", () => {
  if (!current?.view.content) return;
  for (const { cell, indexPath } of current.view.visibleCells()) {
    if (indexPath.kind === "cell") redrawSave(cell);
  }
});

function postWithID(state, id) {
  return state.spec.live ? state.feed.posts.get(id) : state.feed.posts.find((p) => p.id === id);
}

/** The cells showing `post` (in the DOM) in the list shown. */
function* cellsOf(id) {
  if (!current?.view.content) return;
  for (const { cell, indexPath } of current.view.visibleCells()) {
    if (indexPath.kind === "cell" && current.postAt(indexPath.item)?.id === id) yield cell;
  }
}

/** Redraws the cells showing `post`, if any. */
function redraw(post) {
  for (const cell of cellsOf(post.id)) paintPost(cell, post, current.cellOptions);
}

/** Whether the focus is on (or in) a cell of post `id`. */
function hasFocus(id) {
  return [...cellsOf(id)].some((cell) => cell.contains(document.activeElement));
}

/** Focuses the cell of post `id` in the list shown, if it is in the DOM; whether it was. */
export function focusPost(id) {
  const [cell] = [...cellsOf(id)].filter((candidate) => !candidate.hidden);
  cell?.focus({ preventScroll: true });
  return !!cell;
}

/** The index of the first post in view (0 at the top), for holding new posts above it. */
function firstVisible(view) {
  if (view.scroller.scrollTop <= 1) return 0;
  const top = view.scroller.scrollTop;
  let first = Infinity;
  for (const { cell, indexPath } of view.visibleCells()) {
    const frame = appliedFrame(cell);
    if (indexPath.kind !== "cell" || !frame) continue;
    if (frame[1] + frame[3] > top) first = Math.min(first, indexPath.item);
  }
  return Number.isFinite(first) ? first : 0;
}

function showNewCount(feed) {
  const count = feed?.state?.newCount ?? 0;  // only Main holds new posts
  newPosts.hidden = count === 0;
  newPosts.textContent = count === 1 ? "1 new post" : `${count} new posts`;
}

function close(state) {
  if (!state) return;
  state.view.destroy();
  state.view.layout?.destroy();  // one of the module's layout slots, freed
  state.feed?.close?.();
  state.stop();
}

let showing = 0;  // which call of `show` is the latest

/** Shows the list `spec` (from `specFor`), in place of the one shown. */
export async function showList(spec) {
  const { name } = spec;
  const call = ++showing;
  // The list's first page may be in the document, with its cells in #feed (first-screen.js):
  // taken before they give way to the engine's.
  const firstPage = takeFirstPage(spec.path);
  host.setAttribute("aria-busy", "true");  // what is shown is on its way out
  // Loaded before the list shown (or the server's first screen) gives way: nothing blank
  // between them.
  const FollowedList = spec.live ? null : (await import("./followed-list.js")).FollowedList;
  if (call !== showing) return;  // another list was asked for meanwhile
  close(current);
  current = null;
  host.replaceChildren();
  host.setAttribute("aria-busy", "true");
  host.dataset.layout = spec.layout.kind;  // the mosaic keeps a readable width on a desktop
  showNewCount(null);
  // The footer's count is the new list's once it has one, never the last list's meanwhile.
  status.textContent = "";
  live.textContent = "";
  title.hidden = !spec.title;
  title.textContent = spec.title ?? "";
  if (spec.needsAccount && !user) {
    // Signing in first, then back here.
    host.setAttribute("aria-busy", "false");
    status.textContent = "Sign in to see the posts you liked.";
    current = { name, spec, view: { destroy() {} }, stop() {} };
    navigate(`/signin?next=${encodeURIComponent(location.pathname)}`, { replace: true });
    return;
  }
  const withCaption = spec.layout.kind !== "mosaic";
  const cellOptions = { withCaption, like };
  const feed = spec.live ? new LiveFeed(engine, spec.path, firstPage)
    : new FollowedList(engine, spec.path, spec.rules, firstPage);
  const postAt = (item) => (spec.live ? feed.posts.get(feed.ids[item]) : feed.posts[item]);
  const view = new CollectionView(host, {
    configureCell(cell, { item }) { paintPost(cell, postAt(item), cellOptions); },
  }, { label: spec.label, role: "feed" });
  const abort = new AbortController();
  const state = { name, spec, view, feed, postAt, cellOptions, stop: () => abort.abort(),
    sectionsFor: null };
  // A post opens its own page (its URL), over the list, which keeps its place for Back.
  view.addEventListener("select", ({ detail: { item } }) => {
    const post = postAt(item);
    if (post) navigate(`/p/${post.id}`);
  }, { signal: abort.signal });
  current = state;
  let columns = columnsFor(host.clientWidth);
  const layoutOptions = () => ({ ...spec.layout, ...(withCaption ? { columnCount: columns } : {}) });
  const sectionsFor = (posts) => [{
    items: posts.map((post) => ({ width: post.photo.width, height: post.photo.height })),
  }];
  const allPosts = () => (spec.live ? feed.ids.map((id) => feed.posts.get(id)) : feed.posts);
  state.sectionsFor = sectionsFor;
  let emptyNotice = spec.empty ?? "No posts yet.";
  // The footer's count, and the list's own notice while it is empty.
  const summarise = () => {
    const count = spec.live ? feed.ids.length : feed.posts.length;
    status.textContent = countText(count, feed.finished);
    showEmptiness(view, count, emptyNotice);
  };
  // Column count follows the width (a window resized, a phone rotated): a new layout, same place.
  addEventListener("resize", () => {
    if (view.layout) remember(view);
    const next = columnsFor(host.clientWidth);
    if (!withCaption || next === columns || !view.layout) return;
    columns = next;
    const old = view.layout;
    view.setLayout(engine.layout(layoutOptions()));
    old.destroy();
  }, { signal: abort.signal });
  feed.onStatus = (stream, delay, resumed) => {
    if (current !== state) return;
    // Back after a cut: the server ends a session's streams when it ends the session.
    if (resumed) confirmSession();
    live.textContent = stream === "live" ? "● Live"
      : stream === "offline" ? `Offline — retrying in ${Math.ceil(delay / 1000)} s`
        : stream === "reconnecting" ? "No word from the server — reconnecting…" : "Connecting…";
    live.dataset.state = stream;
    if (stream === "offline") offlineBanner.hidden = false;
    if (stream === "live") offlineBanner.hidden = true;
  };
  feed.onChange = (changes) => {
    if (current !== state || !view.layout) return;
    showNewCount(feed);
    if (isEmpty(changes)) return;  // a held insert: only the count changed
    view.performBatchUpdates(changes, sectionsFor(allPosts()));
    summarise();
  };
  try {
    await (spec.live ? feed.start() : feed.next());
    // An empty profile may be someone the reader blocked (their posts are hidden): it says so.
    if (spec.owner && user && spec.owner !== user.username && !feed.posts.length
      && await hasBlocked(spec.owner)) {
      emptyNotice = blockedNotice(spec.owner, () => {
        if (current !== state) return;
        showList(spec);
        host.setAttribute("tabindex", "-1");  // the focus was on Unblock, which is gone
        host.focus();
      });
    }
    if (current !== state) return;
    view.setLayout(engine.layout(layoutOptions()), sectionsFor(allPosts()));
    remember(view);
    host.setAttribute("aria-busy", "false");
    summarise();
    // Once per frame, however many scroll events the browser sends: where the reader is goes
    // to the live list, and the next page loads before they reach the end.
    let scrollFrame = 0;
    view.scroller.addEventListener("scroll", () => {
      scrollFrame ||= requestAnimationFrame(() => {
        scrollFrame = 0;
        if (current === state) scrolled();
      });
    }, { signal: abort.signal });
    abort.signal.addEventListener("abort", () => cancelAnimationFrame(scrollFrame));
    const scrolled = async () => {
      if (spec.live) {
        const index = firstVisible(view);
        feed.setFirstVisible(index);
        if (index === 0 && feed.state.newCount > 0) feed.showNew();  // at the top: slide in
      }
      const { scrollTop, clientHeight, scrollHeight } = view.scroller;
      if (scrollTop + 2 * clientHeight < scrollHeight) return;
      if (spec.live) return feed.more().catch((error) => (status.textContent = error.message));
      const items = await feed.next();
      if (current !== state || !items.length) return;
      const start = feed.posts.length - items.length;  // the page goes at the end
      const inserts = items.map((_, i) => start + i);
      await view.performBatchUpdates({ inserts }, sectionsFor(feed.posts));
      summarise();
    };
  } catch (error) {
    if (current !== state) return;
    host.setAttribute("aria-busy", "false");
    if (error.status === 404 && spec.owner) return showNotFound("profile", spec.owner);
    status.textContent = spec.refused?.(error) ?? `Could not load the feed: ${error.message}`;
    showEmptiness(view, 0, null);
  }
}

/** Tells the server the width of a list as wide as the page (not the mosaic's narrower box),
 * and of its scroll bar, for the next first screen (first-screen.js). */
function remember(view) {
  if (host.dataset.layout === "mosaic") return;
  const { scroller } = view;
  rememberView(view.bounds.width, scroller.offsetWidth - scroller.clientWidth);
}

newPosts.addEventListener("click", () => {
  if (!current?.feed.showNew) return;
  current.feed.showNew();
  current.view.scrollTo({ x: 0, y: 0 }, true);
  current.view.content.querySelector(".cv-cell")?.focus({ preventScroll: true });
});

