// A restaurant's page (/r/{id}): its name, its area and how many posts it has, then its photos
// in the waterfall, newest first, kept current by the change stream (followed-list.js): a new
// post of this restaurant comes in at the top; a delete, a hide or a block takes posts out. It
// lies over the list it was opened from (overlay.js), as a post's page does, so Back returns
// there at the same place; a post opened from it lies over it in turn, and Back comes back to
// it as it was. With no posts to show it says so in a region, not an empty feed.
import { CollectionView } from "../toolkit/index.js";
import { api } from "./api.js";
import { backBar, element } from "./dom.js";
import { takeFirstPage, takeFirstPlace } from "./first-screen.js";
import { FollowedList } from "./followed-list.js";
import { likeChanges, toggleLike } from "./like-queue.js";
import { showEmptiness } from "./list-notice.js";
import { CAPTION, columnsFor, listEngine } from "./lists.js";
import { notFoundIn } from "./not-found.js";
import { placeLabel, postsText } from "./place-text.js";
import { paintPost, redrawSave } from "./post-cell.js";
import { saveTapped } from "./save-action.js";
import { drawSave, makeSaveButton } from "./save-button.js";
import { hintSaved, savedChanges } from "./saved.js";
import { navigate } from "./router.js";
import { currentUser } from "./session.js";
import { placeTitle, titleAt } from "./titles.js";

/**
 * The page shown: the restaurant's id, the restaurant once loaded, its view and list.
 * @type {{id: number, restaurant: object | null, view: CollectionView | null,
 *   feed: FollowedList | null, stop: () => void} | null}
 */
let shown = null;

/** The id of the restaurant shown, or null. */
export function shownPlace() {
  return shown?.id ?? null;
}

/** Titles the document by the restaurant shown (Back from a post's page over it). */
export function retitle() {
  if (shown?.restaurant) document.title = placeTitle(shown.restaurant);
}

/** Focuses the cell of post `id`, if it is in the DOM; whether it was. */
export function focusPlacePost(id) {
  const cell = shown?.view && [...shown.view.visibleCells()].find(({ cell: node, indexPath }) =>
    indexPath.kind === "cell" && !node.hidden && shown.feed.posts[indexPath.item]?.id === id)?.cell;
  cell?.focus({ preventScroll: true });
  return Boolean(cell);
}

/** Takes the page down: its view, its layout, its stream. */
export function closePlace() {
  shown?.stop();
  shown = null;
}

/** Shows restaurant `id` in `container`; `close()` leaves the page (Back). */
export async function showPlace(container, id, { close }) {
  closePlace();
  // The first page shown may carry the restaurant and its first posts, their cells drawn by
  // the server where the engine's go (first-screen.js): taken before they give way, and drawn
  // again in this task, so nothing moves and nothing is fetched.
  const carried = takeFirstPlace(id);
  const firstPage = carried && takeFirstPage(`/api/restaurants/${id}/posts`);
  // The server found the restaurant in the reader's lists: its Save button says so until the
  // reader's lists are read here (saved.js), not "Save" for a moment first.
  if (carried && container.querySelector(".place-save")?.ariaPressed === "true") {
    hintSaved({ restaurantId: carried.id });
  }
  const abort = new AbortController();
  const state = { id, restaurant: null, view: null, feed: null, firstPage,
    stop: () => abort.abort() };
  shown = state;
  const alert = element("p", { className: "alert", role: "alert" });
  container.replaceChildren(backBar(close), alert);
  container.removeAttribute("aria-labelledby");
  container.setAttribute("aria-busy", "true");
  let restaurant = carried;
  try {
    restaurant ??= await api("GET", `/api/restaurants/${id}`);
  } catch (failure) {
    if (shown !== state) return;
    if (failure.status === 404) {
      notFoundIn(container, "restaurant");
      container.setAttribute("aria-labelledby", "not-found-title");
    }
    else alert.textContent = `Could not load the restaurant: ${failure.message}`;
    container.setAttribute("aria-busy", "false");
    return;
  }
  if (shown !== state) return;
  state.restaurant = restaurant;
  titleAt(`/r/${id}`, placeTitle(restaurant));
  const heading = element("h2", { id: "place-title", tabIndex: -1 }, restaurant.name);
  // "Mitte · 3 posts": the area (when known) and the count on one line under the name.
  const area = element("span", { className: "place-area" }, restaurant.area ?? "");
  const dot = element("span", { className: "dot" }, " · ");
  dot.setAttribute("aria-hidden", "true");
  area.hidden = dot.hidden = !restaurant.area;
  const count = element("span", { className: "place-count" });
  const host = element("div", { className: "place-list" });
  host.style.setProperty("--caption-height", `${CAPTION}px`);
  container.append(element("div", { className: "place-head" }, heading,
    element("p", {}, area, dot, count), saveButton(restaurant, abort.signal)), host);
  container.setAttribute("aria-labelledby", heading.id);  // a region named by its restaurant
  try {
    await showPosts(state, host, count, abort.signal);
  } catch (failure) {
    if (shown === state) alert.textContent = `Could not load its posts: ${failure.message}`;
  }
  if (shown !== state) return;
  container.setAttribute("aria-busy", "false");
  heading.focus({ preventScroll: true });
}

/** "Save restaurant": one tap into Want to try, again to choose lists (save-action.js). */
function saveButton(restaurant, signal) {
  const target = { restaurantId: restaurant.id };
  const label = placeLabel(restaurant.name, restaurant.area);
  const button = makeSaveButton("place-save", () => saveTapped(target, label, button), true);
  const draw = () => drawSave(button, target, `Save restaurant ${label}`,
    (saved) => (saved ? "Saved restaurant" : "Save restaurant"));
  draw();
  savedChanges.addEventListener("change", draw, { signal });
  return button;
}

/** The restaurant's posts in a waterfall in `host`, followed live; `count` says how many. */
async function showPosts(state, host, count, signal) {
  const { restaurant } = state;
  const engine = listEngine();
  const feed = new FollowedList(engine, `/api/restaurants/${state.id}/posts`, {
    enters: (event) => event.kind === "insert" && event.post?.restaurantId === state.id },
  state.firstPage);
  // A visitor's Like asks them to sign in, and comes back here.
  const like = (post) => (currentUser() ? toggleLike(post)
    : navigate(`/signin?next=${encodeURIComponent(location.pathname)}`));
  const cellOptions = { withCaption: true, like, linksPlace: false };
  const view = new CollectionView(host, {
    configureCell(cell, { item }) { paintPost(cell, feed.posts[item], cellOptions); },
  }, { label: `Posts of ${restaurant.name}`, role: "feed" });
  Object.assign(state, { view, feed });
  signal.addEventListener("abort", () => {
    view.destroy();
    view.layout?.destroy();  // one of the module's layout slots, freed
    feed.close();
  });
  view.addEventListener("select", ({ detail: { item } }) => {
    const post = feed.posts[item];
    if (post) navigate(`/p/${post.id}`);
  }, { signal });
  let columns = columnsFor(host.clientWidth);
  const layout = () => engine.layout({ kind: "waterfall", columnCount: columns,
    extraHeight: CAPTION });
  const sections = () => [{
    items: feed.posts.map((post) => ({ width: post.photo.width, height: post.photo.height })),
  }];
  // The server's count of the posts this reader sees, moved by what the stream brings.
  let total = restaurant.postCount ?? 0;
  const empty = [element("p", {}, `No photos of ${restaurant.name} to show yet.`),
    element("a", { href: "/post", className: "button-link" }, "Post a lunch")];
  const summarise = () => {
    if (feed.finished) total = feed.posts.length;
    total = Math.max(total, feed.posts.length);
    count.textContent = postsText(total);
    showEmptiness(view, feed.posts.length, empty);
  };
  feed.onChange = (changes) => {
    if (!view.layout) return;
    total += (changes.inserts?.length ?? 0) - (changes.deletes?.length ?? 0);
    view.performBatchUpdates(changes, sections());
    summarise();
  };
  savedChanges.addEventListener("change", () => {
    for (const { cell, indexPath } of view.visibleCells()) {
      if (indexPath.kind === "cell") redrawSave(cell);
    }
  }, { signal });
  // A like toggled, confirmed or refused: its cell drawn again in place.
  likeChanges.addEventListener("change", ({ detail: { id, confirmed } }) => {
    const post = feed.posts.find((candidate) => candidate.id === id);
    if (!post) return;
    if (confirmed) {
      Object.assign(post, { likedByMe: confirmed.liked, likeCount: confirmed.likeCount });
    }
    for (const { cell, indexPath } of view.visibleCells()) {
      if (indexPath.kind === "cell" && feed.posts[indexPath.item] === post) {
        paintPost(cell, post, cellOptions);
      }
    }
  }, { signal });
  addEventListener("resize", () => {
    const next = columnsFor(host.clientWidth);
    if (next === columns || !view.layout) return;
    columns = next;
    const old = view.layout;
    view.setLayout(layout());
    old.destroy();
  }, { signal });
  await feed.next();
  if (signal.aborted) return;
  view.setLayout(layout(), sections());
  summarise();
  // The next page before the reader reaches the end, once per frame at most.
  let frame = 0;
  view.scroller.addEventListener("scroll", () => {
    frame ||= requestAnimationFrame(async () => {
      frame = 0;
      const { scrollTop, clientHeight, scrollHeight } = view.scroller;
      if (scrollTop + 2 * clientHeight < scrollHeight || feed.finished) return;
      const items = await feed.next();
      if (signal.aborted || !items.length) return;
      const start = feed.posts.length - items.length;
      await view.performBatchUpdates({ inserts: items.map((_, i) => start + i) }, sections());
      summarise();
    });
  }, { signal });
  signal.addEventListener("abort", () => cancelAnimationFrame(frame));
}
