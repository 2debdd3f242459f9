// The LOTs home page: the main feed as a waterfall and the inspire feed as a mosaic, laid out by
// the Swift engine (WebAssembly) in a virtualised CollectionView, paged from the server's
// cursor API as the reader nears the end.
import { CollectionView, loadEngine } from "/toolkit/index.js";
import { FeedSource } from "./feed-source.js";

const CAPTION = 52;
const FEEDS = {
  feed: { path: "/api/feed", layout: { kind: "waterfall", columnCount: 2, extraHeight: CAPTION } },
  inspire: { path: "/api/inspire", layout: { kind: "mosaic" } },
};

const engine = await loadEngine();
const host = document.getElementById("feed");
const status = document.getElementById("status");
let current = null;

function columnsFor(width) {
  return Math.max(2, Math.min(6, Math.round(width / 260)));
}

function configure(cell, post, withCaption) {
  cell.className = "post";
  let image = cell.querySelector("img");
  if (!image) {
    image = Object.assign(document.createElement("img"), { loading: "lazy", decoding: "async" });
    cell.append(image);
  }
  image.style.background = post.photo.color;  // the dominant colour until the photo arrives
  image.src = post.photo.thumbnailURL;
  image.alt = `${post.caption || "Lunch"} at ${post.restaurant}`;
  let caption = cell.querySelector(".caption");
  if (withCaption && !caption) {
    caption = Object.assign(document.createElement("div"), { className: "caption" });
    cell.append(caption);
  }
  if (caption) caption.hidden = !withCaption;
  if (withCaption) {
    caption.replaceChildren(
      Object.assign(document.createElement("b"), { textContent: post.restaurant }),
      Object.assign(document.createElement("span"), {
        textContent: `♥ ${post.likeCount} · @${post.author.username}`,
      }));
  }
}

async function show(name) {
  current?.view.destroy();
  host.replaceChildren();
  host.setAttribute("aria-busy", "true");
  const feed = FEEDS[name];
  const source = new FeedSource(feed.path);
  const withCaption = feed.layout.kind === "waterfall";
  const view = new CollectionView(host, {
    configureCell(cell, { item }) { configure(cell, source.posts[item], withCaption); },
  }, { label: name === "feed" ? "Today's lunches" : "Inspire" });
  const state = { view, source };
  current = state;
  // One section whose items grow by a page at a time: each page costs its own posts, here and
  // in the engine (an append is O(page) there, see engine-updates.js).
  const items = [];
  const sections = [{ items }];
  const appendPosts = () => {
    const start = items.length;
    for (const post of source.posts.slice(start)) {
      items.push({ width: post.photo.width, height: post.photo.height });
    }
    return Array.from({ length: items.length - start }, (_, i) => start + i);
  };
  const layoutOptions = () => ({ ...feed.layout,
    ...(withCaption ? { columnCount: columnsFor(host.clientWidth) } : {}) });
  try {
    await source.next();
    if (current !== state) return;
    appendPosts();
    view.setLayout(engine.layout(layoutOptions()), sections);
    host.setAttribute("aria-busy", "false");
    status.textContent = `${source.posts.length} posts`;
    view.scroller.addEventListener("scroll", async () => {
      const { scrollTop, clientHeight, scrollHeight } = view.scroller;
      if (scrollTop + 2 * clientHeight < scrollHeight || source.finished) return;
      await source.next();
      // Scroll events that awaited the same page find it appended already: nothing to insert.
      if (current !== state) return;
      const inserts = appendPosts();
      if (inserts.length === 0) return;
      await view.performBatchUpdates({ deletes: [], inserts, moves: [], reloads: [] }, sections);
      status.textContent = `${source.posts.length} posts${source.finished ? " · that's all" : ""}`;
    });
  } catch (error) {
    status.textContent = `Could not load the feed: ${error.message}`;
  }
}

for (const button of document.querySelectorAll("[data-feed]")) {
  button.addEventListener("click", () => {
    for (const other of document.querySelectorAll("[data-feed]")) {
      other.setAttribute("aria-pressed", String(other === button));
    }
    show(button.dataset.feed);
  });
}
show("feed");
