// Where the reader saved things: their pocket lists and, per list, which posts and restaurants
// it holds (with each entry's id and note), so that every Save button can say at once whether
// its post is in a list (`aria-pressed`) and the Save dialog can tick the right boxes. Loaded
// after the page's own loading (never before the first photos), kept current by the `list`
// events of any stream the tab has open (event-stream.js: a change on any of the reader's
// devices), and by this tab's own saves. A reader with more than MAX_ENTRIES entries gets the
// first ones indexed: their other Save buttons ask the server when tapped (save-action.js).
import { api } from "./api.js";
import { listEvents } from "./event-stream.js";
import { keyOf, targetOf } from "./pocket-text.js";

/** Where the page hears that the index changed: a "change" event. */
export const savedChanges = new EventTarget();

const MAX_ENTRIES = 2000;
const PAGE = 100;

/** @type {object[] | null} the reader's lists (GET /api/me/lists), or null before loaded */
let lists = null;
/** listId → {version, complete, entries: Map(key → {entryId, note})} */
const contents = new Map();
let reader = null;
let refreshing = null;
let again = false;
let lastEvent = -1;
let started = false;

const changed = () => savedChanges.dispatchEvent(new Event("change"));

/** The reader's lists, once loaded ("Want to try" first), or null. */
export function knownLists() {
  return lists;
}

/** Whether the index holds every entry of every list. */
export function indexComplete() {
  return lists !== null && lists.every((list) => contents.get(list.id)?.complete);
}

/** The lists `target` ({postId} or {restaurantId}) is saved in: [{list, entryId, note}]. */
export function savedIn(target) {
  if (!lists) return [];
  const key = keyOf(target);
  return lists.flatMap((list) => {
    const found = contents.get(list.id)?.entries.get(key);
    return found ? [{ list, ...found }] : [];
  });
}

/**
 * What the server's page said the reader has saved (keys: a restaurant's first screen),
 * believed until the reader's lists are read here; a sign-out or another reader forgets it.
 */
const hinted = new Set();

/** The server's page said `target` is in one of the reader's lists. */
export function hintSaved(target) {
  hinted.add(keyOf(target));
}

/**
 * Whether `target` is in any of the reader's lists: as far as the index knows, or before it is
 * read, as the server's page said (`hintSaved`).
 */
export function isSaved(target) {
  return lists ? savedIn(target).length > 0 : hinted.has(keyOf(target));
}

/** Starts (or, for another reader, starts over) the index: after the page's load. */
export function startSaved(signedIn) {
  if (started && (signedIn?.id ?? null) === (reader?.id ?? null)) return;  // the same reader
  started = true;
  reader = signedIn;
  lists = null;
  contents.clear();
  // The page's hints are the reader's who loaded it: pages are shown after the first start.
  hinted.clear();
  changed();
  if (!reader) return;
  const load = () => refreshSaved().catch(() => {});
  if (document.readyState === "complete") setTimeout(load, 0);
  else addEventListener("load", () => setTimeout(load, 0), { once: true });
}

/** The reader's lists, loading them first if need be. */
export async function ensureLists() {
  if (!lists) await refreshSaved();
  return lists;
}

/**
 * Reads the lists again, and the entries of each list whose version changed; one at a time
 * (a call during another runs once more after it).
 */
export function refreshSaved() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      const who = reader;
      const { items } = await api("GET", "/api/me/lists");
      if (who !== reader) return;
      let budget = MAX_ENTRIES;
      for (const list of items) {
        const known = contents.get(list.id);
        if (known && known.version === list.version && known.complete) {
          budget -= known.entries.size;
          continue;
        }
        const read = await readEntries(list.id, budget);
        if (who !== reader) return;
        budget -= read.entries.size;
        contents.set(list.id, { version: list.version, ...read });
      }
      const ids = new Set(items.map((list) => list.id));
      for (const id of contents.keys()) if (!ids.has(id)) contents.delete(id);
      lists = items;
      changed();
    } while (again);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readEntries(id, budget) {
  const entries = new Map();
  let cursor = null;
  do {
    if (entries.size >= budget) return { entries, complete: false };
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) query.set("cursor", cursor);
    const page = await api("GET", `/api/lists/${id}?${query}`);
    for (const entry of page.items) {
      entries.set(keyOf(targetOf(entry)), { entryId: entry.id, note: entry.note ?? "" });
    }
    cursor = page.nextCursor ?? null;
  } while (cursor);
  return { entries, complete: true };
}

/** This tab saved `target` in list `listId` (the server's entry): the index knows at once. */
export function recordSave(listId, target, entry) {
  const list = contents.get(listId);
  if (list) list.entries.set(keyOf(target), { entryId: entry.id, note: entry.note ?? "" });
  const shown = lists?.find((candidate) => candidate.id === listId);
  if (shown && list) shown.entryCount = Math.max(shown.entryCount, list.entries.size);
  changed();
}

/** This tab removed `target` from list `listId`. */
export function recordRemove(listId, target) {
  const removed = contents.get(listId)?.entries.delete(keyOf(target));
  const shown = lists?.find((candidate) => candidate.id === listId);
  if (shown && removed) shown.entryCount = Math.max(0, shown.entryCount - 1);
  changed();
}

/** This tab changed the note of `target` in list `listId`. */
export function recordNote(listId, target, note) {
  const found = contents.get(listId)?.entries.get(keyOf(target));
  if (found) found.note = note;
}

/** This tab made a list: it joins the index, empty. */
export function recordList(list) {
  if (!lists) return;
  if (!lists.some((candidate) => candidate.id === list.id)) lists.push(list);
  contents.set(list.id, { version: list.version, entries: new Map(), complete: true });
  changed();
}

// One of the reader's lists changed on some device: read it again (once per event, however
// many streams brought it).
listEvents.addEventListener("list", ({ detail }) => {
  if (!reader || detail.seq === lastEvent) return;
  lastEvent = detail.seq;
  refreshSaved().catch(() => {});
});
