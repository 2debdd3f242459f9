// The main feed, live: pages from the server's cursor API and events from its stream go into
// the engine's live list (toolkit/live-list.js), which decides what is shown; this file only
// fetches, keeps each post's data by id, and reconnects. Each step's changeset goes to
// `onChange(changes)`, with `ids` already the new order.
//
// The stream resumes from the last event applied (`?since=`), reconnecting with exponential
// backoff and jitter; a gap or a `reset` reloads the first page (and as many more as the reader
// had loaded) and reports one diff from the old list to the new, so the reader keeps their place.

import { fetchPage } from "./api.js";
import { EventStream } from "./event-stream.js";

const PAGE_SIZE = 40;
/** The events that carry a post to show: a new one, or a changed one. */
const POST_KINDS = new Set(["insert", "update", "comment", "uncomment"]);

/** A post's sort key: newest first (negated time, then negated id). */
const keyOf = (post) => [-Date.parse(post.createdAt), -post.id];

export class LiveFeed {
  /** Ids shown, in order. */
  ids = [];
  /** Post data by id. */
  posts = new Map();
  /** Called with each changeset of `ids`. */
  onChange = () => {};
  /** Called as its stream's `onStatus` is (EventStream): state, retry delay, resumed. */
  onStatus = () => {};

  #engine;
  #path;
  #list;
  #versions = new Map();
  /** The sequence at which each post's data was read: newer data wins, as in the list. */
  #sequences = new Map();
  #cursor = null;
  #loading = null;
  #stream;
  #closed = false;

  /** The first page as the server wrote it into the document (first-screen.js), or null. */
  #firstPage;

  constructor(engine, path, firstPage = null) {
    this.#engine = engine;
    this.#path = path;
    this.#firstPage = firstPage;
    this.#list = engine.liveList();
    this.#stream = new EventStream(() => this.state.lastSequence);
    this.#stream.onEvent = (event) => this.#receive(event);
    this.#stream.onStatus = (...status) => this.onStatus(...status);
    // A reload that failed (the network was down) is retried now, not at the next event,
    // which a quiet feed may not send for a long time.
    this.#stream.onOpen = () => {
      if (this.state.needsResync) this.#resync();
    };
  }

  /** The list's state (toolkit/live-list.js). */
  get state() { return this.#list.state; }

  /** Whether the last page is loaded. */
  get finished() { return this.state.isComplete || !this.#cursor; }

  /** Loads the first page (unless the document carried it) and opens the stream. */
  async start() {
    const body = this.#firstPage ?? await this.#fetchPage(null);
    this.#firstPage = null;
    this.#emit(this.#merge(body, null, false));
    this.#stream.open();
  }

  /** Loads the next page, if any (one request at a time). */
  more() {
    if (this.#closed || this.state.isComplete || !this.#cursor) return Promise.resolve();
    this.#loading ??= (async () => {
      const after = this.state.next;
      const body = await this.#fetchPage(this.#cursor);
      this.#emit(this.#merge(body, after, false));
    })().finally(() => (this.#loading = null));
    return this.#loading;
  }

  /** Records the index of the first visible post (inserts above it are then held). */
  setFirstVisible(index) {
    this.#list.setFirstVisible(index);
  }

  /** Shows the held new posts. */
  showNew() {
    this.#emit(this.#list.showNew());
    if (this.state.needsResync) this.#resync();
  }

  /** Closes the stream and frees the list. */
  close() {
    this.#closed = true;
    this.#stream.close();
    this.#list.destroy();
  }

  #fetchPage(cursor) {
    return fetchPage(this.#path, cursor, PAGE_SIZE);
  }

  /** Keeps a post's data unless newer data is known; returns its live-list item. */
  #item(post, sequence) {
    const known = this.#sequences.get(post.id);
    if (known === undefined || sequence > known) {
      const old = this.posts.get(post.id);
      if (old && post.likedByMe === undefined) post = { ...post, likedByMe: old.likedByMe };
      if (!old || JSON.stringify(old) !== JSON.stringify(post)) {
        this.#versions.set(post.id, (this.#versions.get(post.id) ?? -1) + 1);
      }
      this.posts.set(post.id, post);
      this.#sequences.set(post.id, sequence);
    }
    return { id: post.id, key: keyOf(post), author: post.author.id,
      version: this.#versions.get(post.id) };
  }

  #merge(body, after, resync) {
    const items = body.items.map((post) => this.#item(post, body.sequence));
    this.#cursor = body.nextCursor ?? null;
    const last = body.items.at(-1);
    const next = this.#cursor && last ? keyOf(last) : null;
    return this.#list.page(items, { after, next, snapshot: body.sequence, resync });
  }

  #emit(changes) {
    // An empty changeset (a held insert, a duplicate, a gap) leaves the ids as they were:
    // reading all of them back is O(n) per event.
    if (!isEmpty(changes)) this.ids = this.#list.ids();
    this.onChange(changes);
  }

  #receive(event) {
    const { seq, previous } = event;
    let changes;
    // A post's event without its post (none is meant to come) shows nothing.
    const kind = POST_KINDS.has(event.kind) && !event.post ? "" : event.kind;
    switch (kind) {
      case "insert":
      case "update":
      case "comment":
      case "uncomment": {
        // A comment added or deleted changes its post (its comment count) as an update does.
        // An update says `likedByMe` only when the viewer's own like caused it: else keep ours.
        const post = { ...event.post, likeCount: event.likeCount ?? event.post.likeCount };
        if (event.kind !== "insert") post.likedByMe = event.likedByMe;
        changes = this.#list.event(kind === "insert" ? "insert" : "update", seq, previous,
          this.#item(post, seq));
        break;
      }
      case "delete":
      case "hide":
        changes = this.#list.event("delete", seq, previous, event.postID);
        break;
      case "block":
      case "unblock":
        changes = this.#list.event(event.kind, seq, previous, event.authorID);
        break;
      case "reset":
        changes = this.#list.event("reset", seq, previous ?? seq);
        break;
      default:
        // Something this list does not show (one of the viewer's pocket lists changed, a
        // notification): a delete of no post (ids start at 1) keeps the stream's sequence
        // chain unbroken.
        changes = this.#list.event("delete", seq, previous, 0);
    }
    this.#emit(changes);
    if (this.state.needsResync) this.#resync();
  }

  /** Reloads the first page and as many as the reader had, then reports one diff. */
  async #resync() {
    if (this.#loading) return;
    this.#stream.pause();
    const version = (id) => this.#versions.get(id) ?? 0;
    const before = this.ids.map((id) => ({ id, version: version(id) }));
    const depth = this.state.next;
    this.#loading = (async () => {
      let body = await this.#fetchPage(null);
      this.#merge(body, null, true);
      // Page on to where the reader had loaded (keys ascend: newest first).
      while (depth && this.#cursor && this.state.next && compare(this.state.next, depth) < 0) {
        body = await this.#fetchPage(this.#cursor);
        this.#merge(body, this.state.next, false);
      }
      const ids = this.#list.ids();
      const changes = this.#engine.diff(before, ids.map((id) => ({ id, version: version(id) })));
      this.ids = ids;
      this.onChange(changes);
    })().catch(() => this.onStatus("offline", 0)).finally(() => {
      this.#loading = null;
      this.#stream.open();
    });
  }
}

/** Whether a changeset changes nothing. */
export function isEmpty(changes) {
  return !changes.deletes.length && !changes.inserts.length && !changes.moves.length
    && !changes.reloads.length && !changes.reconfigures?.length;
}

function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1];
}
