// One pocket list (/lists/{id}, its owner's) or a list shared by link (/s/{token}, anyone's,
// read-only): its name, "12 places", and its entries in the engine's waterfall or grid (the
// reader's choice, kept). The owner renames, shares, deletes, edits an entry's note, removes
// one, and reorders by pointer, touch or keyboard (DragReorder; each drop sent as "right after
// the entry now before it", put back and said when refused). Live: a change of this list on
// any of the owner's devices reads it again in place (scroll and focus kept, one diff); a
// deleted, hidden or blocked post leaves at once.
import { CollectionView, DragReorder } from "../toolkit/index.js";
import { api } from "./api.js";
import { backBar, element } from "./dom.js";
import { takeFirstPage } from "./first-screen.js";
import { toggleLike } from "./like-queue.js";
import { showEmptiness } from "./list-notice.js";
import { CAPTION, columnsFor, listEngine } from "./lists.js";
import { sentence } from "./messages.js";
import { notFoundIn } from "./not-found.js";
import { cellKind, paintEntry } from "./pocket-cell.js";
import { follow } from "./pocket-follow.js";
import { chosenLayout, listHeader } from "./pocket-head.js";
import { afterFor, entryName, reorderMessages, targetOf } from "./pocket-text.js";
import { editNote } from "./pocket-tools.js";
import { navigate } from "./router.js";
import { say } from "./save-action.js";
import { recordRemove } from "./saved.js";
import { currentUser } from "./session.js";

const PAGE = 50;
/** Below the caption: the note (two lines), and the owner's Edit note and Remove. */
const NOTE_HEIGHT = 38;
const ACTIONS_HEIGHT = 46;

/**
 * Shows a list in `container`: `{id, user}` the owner's, or `{token}` a shared one; `close()`
 * leaves (Back). Returns what stops the page (its stream, its view).
 */
export function showPocketList(container, { id, token, close }) {
  const abort = new AbortController();
  const { signal } = abort;
  const owner = token === undefined;
  const path = owner ? `/api/lists/${id}` : `/api/shared/${encodeURIComponent(token)}`;
  // The first page shown may carry the list's first page, its cells drawn by the server where
  // the engine's go (first-screen.js): taken before they give way, drawn again in this task.
  const carried = takeFirstPage(path);
  const alert = element("p", { className: "alert", role: "alert" });
  container.replaceChildren(backBar(close), alert);
  container.removeAttribute("aria-labelledby");
  container.setAttribute("aria-busy", "true");
  const state = { list: null, cursor: null, finished: false, view: null, reorder: null,
    moving: 0, stale: false };
  start().catch((failure) => {
    if (signal.aborted) return;
    container.setAttribute("aria-busy", "false");
    if (failure.status === 404) {
      notFoundIn(container, "list");
      container.setAttribute("aria-labelledby", "not-found-title");
    } else alert.textContent = `Could not load the list: ${sentence(failure.message)}`;
  });
  return () => abort.abort();

  async function start() {
    const page = carried ?? await api("GET", `${path}?limit=${PAGE}`);
    if (signal.aborted) return;
    state.list = page.list;
    state.cursor = page.nextCursor ?? null;
    state.finished = !state.cursor;
    const head = listHeader({ state, owner, alert });
    state.head = head;
    const host = element("div", { className: "pocket-list" });
    host.style.setProperty("--caption-height", `${CAPTION}px`);
    host.style.setProperty("--entry-extra", `${extraHeight()}px`);
    container.append(head.node, host);
    container.setAttribute("aria-labelledby", "pocket-title");
    head.draw();
    showEntries(host, page.items, head);
    container.setAttribute("aria-busy", "false");
    head.heading.focus({ preventScroll: true });
  }

  function extraHeight() {
    return NOTE_HEIGHT + (owner ? ACTIONS_HEIGHT : 0);
  }

  function showEntries(host, items, head) {
    const engine = listEngine();
    const entryAt = (item) => state.view.sections[0]?.items[item]?.entry;
    const like = (post) => (currentUser() ? toggleLike(post)
      : navigate(`/signin?next=${encodeURIComponent(location.pathname)}`));
    const actions = { owner, like, get listName() { return state.list.name; },
      editNote: async (entry, button) => {
        const note = await editNote(state.list.id, entry, entryName(entry), button);
        if (note === null) return;
        entry.note = note;
        repaint();
        head.host.say("Note saved.");
      },
      remove: (entry, button) => removeEntry(entry, button) };
    const view = new CollectionView(host, {
      reuseIdentifier: ({ item }) => cellKind(entryAt(item) ?? {}),
      configureCell(cell, { item }) {
        const entry = entryAt(item);
        if (entry) paintEntry(cell, entry, actions);
      },
    }, { label: state.list.name, role: "feed" });
    state.view = view;
    if (owner) view.content.setAttribute("aria-describedby", "reorder-hint");
    signal.addEventListener("abort", () => {
      state.reorder?.destroy();
      view.destroy();
      view.layout?.destroy();
    });
    view.addEventListener("select", ({ detail: { item } }) => {
      const entry = entryAt(item);
      if (entry?.post) navigate(`/p/${entry.post.id}`);
      else if (entry?.restaurant) navigate(`/r/${entry.restaurant.id}`);
    }, { signal });
    let columns = columnsFor(host.clientWidth);
    const layout = () => {
      const kind = chosenLayout();
      return engine.layout(kind === "grid"
        ? { kind: "grid", columnCount: columns, aspectRatio: 1,
          extraHeight: CAPTION + extraHeight() }
        : { kind: "waterfall", columnCount: columns, extraHeight: CAPTION + extraHeight() });
    };
    const relayout = () => {
      const old = view.layout;
      host.dataset.layout = chosenLayout();
      view.setLayout(layout());
      old?.destroy();
    };
    head.layouts.onChoose = () => relayout();
    addEventListener("resize", () => {
      const next = columnsFor(host.clientWidth);
      if (next === columns || !view.layout) return;
      columns = next;
      relayout();
    }, { signal });
    host.dataset.layout = chosenLayout();
    view.setLayout(layout(), sectionsOf(items));
    summarise();
    if (owner) {
      state.reorder = new DragReorder(view, {
        onMove: persistMove,
        messages: reorderMessages((position) => entryName(entryAt(position - 1) ?? {}),
          () => view.sections[0].items.length),
      });
      state.reorder.enabled = true;
    }
    // The next page before the reader reaches the end, once per frame at most.
    let frame = 0;
    view.scroller.addEventListener("scroll", () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        const { scrollTop, clientHeight, scrollHeight } = view.scroller;
        if (scrollTop + 2 * clientHeight >= scrollHeight) more();
      });
    }, { signal });
    signal.addEventListener("abort", () => cancelAnimationFrame(frame));
    follow({ signal, onEvent: received, onGap: reload });
  }

  function summarise() {
    const count = state.view.sections[0].items.length;
    showEmptiness(state.view, count, owner
      ? "Nothing here yet: tap Save on a lunch or a restaurant, then tick this list."
      : "This list is empty.");
  }

  function repaint() {
    state.view.reloadData();
  }

  function entries() {
    return state.view.sections[0].items.map(({ entry }) => entry);
  }

  async function more() {
    if (state.finished || state.loadingMore || state.moving) return;
    state.loadingMore = true;
    try {
      const page = await api("GET", `${path}?limit=${PAGE}&cursor=${encodeURIComponent(state.cursor)}`);
      if (signal.aborted) return;
      state.cursor = page.nextCursor ?? null;
      state.finished = !state.cursor;
      const known = new Set(entries().map((entry) => entry.id));
      const fresh = page.items.filter((entry) => !known.has(entry.id));
      const start = entries().length;
      await state.view.performBatchUpdates({ inserts: fresh.map((_, i) => start + i) },
        sectionsOf([...entries(), ...fresh]));
      summarise();
    } finally {
      state.loadingMore = false;
    }
  }

  /** A drop: sent as "right after the entry now before it"; false puts it back. */
  async function persistMove({ to, sections }) {
    const ids = sections[0].items.map(({ entry }) => entry.id);
    const entry = sections[0].items[to.item].entry;
    state.moving += 1;
    try {
      const { version } = await api("PUT",
        `/api/lists/${state.list.id}/entries/${entry.id}/position`,
        { after: afterFor(ids, to.item) }, { retryUnreachable: false });
      state.list.version = version;
      alert.textContent = "";
      return true;
    } catch (failure) {
      alert.textContent = `Could not move ${entryName(entry)}: ${sentence(failure.message)} `
        + "It is back where it was.";
      return false;
    } finally {
      state.moving -= 1;
      // Whatever arrived meanwhile, once the move has settled.
      if (state.stale) setTimeout(reload, 0);
    }
  }

  async function removeEntry(entry, button) {
    try {
      await api("DELETE", `/api/lists/${state.list.id}/entries/${entry.id}`);
    } catch (failure) {
      alert.textContent = `Could not remove ${entryName(entry)}: ${sentence(failure.message)}`;
      return;
    }
    recordRemove(state.list.id, targetOf(entry));
    const index = entries().findIndex((candidate) => candidate.id === entry.id);
    const hadFocus = button.isConnected && button.contains(document.activeElement);
    state.list.entryCount = Math.max(0, state.list.entryCount - 1);
    await takeOut([index]);
    say(`Removed ${entryName(entry)} from ${state.list.name}.`);
    if (hadFocus) focusAt(index);
  }

  function focusAt(index) {
    const count = entries().length;
    const cell = count ? state.view.cellFor(0, Math.min(index, count - 1)) : null;
    (cell ?? document.getElementById("pocket-title"))?.focus({ preventScroll: true });
  }

  /** Takes the entries at `indexes` out (an animated delete), and the count with them. */
  async function takeOut(indexes) {
    const gone = new Set(indexes.filter((index) => index >= 0));
    if (!gone.size) return;
    const kept = entries().filter((_, index) => !gone.has(index));
    const focused = state.view.content.contains(document.activeElement);
    await state.view.performBatchUpdates({ deletes: [...gone] }, sectionsOf(kept));
    state.head.draw();
    summarise();
    if (focused && !state.view.content.contains(document.activeElement)) {
      document.getElementById("pocket-title")?.focus({ preventScroll: true });
    }
  }

  /** One event of the stream: this list changed (read it again), a post went. */
  function received(event) {
    const list = entries();
    if (event.kind === "list" && event.listID === state.list.id) return reload();
    if (event.kind === "delete" || event.kind === "hide") {
      const indexes = list.flatMap((entry, i) => (entry.post?.id === event.postID ? [i] : []));
      state.list.entryCount = Math.max(0, state.list.entryCount - indexes.length);
      return takeOut(indexes);
    }
    if (event.kind === "block") {
      const indexes = list.flatMap((entry, i) =>
        (entry.post?.author.id === event.authorID ? [i] : []));
      state.list.entryCount = Math.max(0, state.list.entryCount - indexes.length);
      return takeOut(indexes);
    }
  }

  /**
   * Reads the list again (as many entries as were loaded) and shows the difference as one
   * animated update: the scroll offset and the focused cell stay. Not while an entry is carried
   * or its move is on its way: after.
   */
  async function reload() {
    if (state.reorder?.moving || state.moving || state.reloading) {
      state.stale = true;
      if (state.reorder?.moving) waitForDrop();
      return;
    }
    if (state.deleting) return;
    state.stale = false;
    state.reloading = true;
    try {
      // Deleted on another device: said, and the lists shown, without asking for it (a 404).
      if (owner && !(await api("GET", "/api/me/lists")).items.some(({ id: at }) => at === id)) {
        if (signal.aborted || state.deleting) return;
        say(`${state.list.name} was deleted.`);
        navigate("/lists", { replace: true });
        return;
      }
      const depth = Math.max(entries().length, 1);
      const items = [];
      let cursor = null;
      let page;
      do {
        const query = `limit=${Math.min(100, Math.max(PAGE, depth))}`
          + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : "");
        page = await api("GET", `${path}?${query}`);
        items.push(...page.items);
        cursor = page.nextCursor ?? null;
      } while (cursor && items.length < depth);
      if (signal.aborted) return;
      if (state.reorder?.moving || state.moving) {
        state.stale = true;
        return;
      }
      const old = new Map(entries().map((entry) => [entry.id, JSON.stringify(entry)]));
      const before = entries().map(({ id }) => ({ id, version: 0 }));
      const after = items.map((entry) => ({ id: entry.id,
        version: old.get(entry.id) === JSON.stringify(entry) ? 0 : 1 }));
      state.list = page.list;
      state.cursor = cursor;
      state.finished = !cursor;
      state.head.draw();
      await state.view.performBatchUpdates(listEngine().diff(before, after), sectionsOf(items));
      summarise();
    } catch (failure) {
      if (signal.aborted) return;
      if (failure.status === 404) {
        say("This list was deleted.");
        navigate("/lists", { replace: true });
      }
    } finally {
      state.reloading = false;
      if (state.stale && !signal.aborted) setTimeout(reload, 0);
    }
  }

  function waitForDrop() {
    if (state.waiting) return;
    state.waiting = true;
    const check = () => {
      if (signal.aborted) return;
      if (state.reorder?.moving) return requestAnimationFrame(check);
      state.waiting = false;
      if (state.stale && !state.moving) reload();
    };
    requestAnimationFrame(check);
  }
}

/** The view's one section: each entry's size (its photo's, a restaurant's cover or a square),
 * carrying the entry, so that a drop reorders the data and the layout together. */
function sectionsOf(entries) {
  return [{ items: entries.map((entry) => {
    const photo = entry.post?.photo ?? entry.cover;
    return { width: photo?.width || 1, height: photo?.height || 1, entry };
  }) }];
}
