// A list read page by page (Inspire, Likes, a profile) and kept current by the change stream:
// a deleted, hidden or blocked post leaves it at once, a changed post (its likes) redraws, and
// where the list says so a post comes in at the top (a profile's new post, a like made on
// another device) or leaves (an unlike). Main is different: it is the engine's live list
// (live-feed.js), which also holds new posts above the reader and resumes across gaps.
//
// Each change goes to `onChange(changes)` as the CollectionView's batch (`deletes` in the old
// order, `inserts` and `reloads` in the new), with `posts` already the new array. A gap in the
// stream or a `reset` reloads the first page and reports one diff from the old list.

import { EventStream } from "./event-stream.js";
import { FeedSource } from "./feed-source.js";

const NONE = Object.freeze({ deletes: [], inserts: [], moves: [], reloads: [] });

export class FollowedList {
  /** Called with each changeset the stream causes. */
  onChange = () => {};
  /** Called as its stream's `onStatus` is (EventStream): state, retry delay, resumed. */
  onStatus = () => {};

  #engine;
  #path;
  #rules;
  #source;
  #stream;
  #last = 0;
  #opened = false;
  #reloading = null;

  /**
   * `rules.enters(event)`: whether an insert or update brings its post in at the top;
   * `rules.leaves(event)`: whether an update takes its post out. `firstPage`: the first page
   * as the document carries it (first-screen.js), or null to fetch it.
   */
  constructor(engine, path, rules = {}, firstPage = null) {
    this.#engine = engine;
    this.#path = path;
    this.#rules = { enters: () => false, leaves: () => false, ...rules };
    this.#source = new FeedSource(path, undefined, firstPage);
    this.#stream = new EventStream(() => this.#last);
    this.#stream.onEvent = (event) => this.#receive(event);
    this.#stream.onStatus = (...status) => this.onStatus(...status);
  }

  /** The posts, in order. */
  get posts() { return this.#source.posts; }

  /** Whether the last page is loaded. */
  get finished() { return this.#source.finished; }

  /** Loads the next page; the first also opens the stream from the page's sequence. */
  async next() {
    if (this.#reloading) await this.#reloading;
    const source = this.#source;
    const items = await source.next();
    if (source !== this.#source) return [];  // reloaded meanwhile: the reload reported them
    if (!this.#opened && this.#source.sequence !== undefined) {
      this.#opened = true;
      this.#last = this.#source.sequence;
      this.#stream.open();
    }
    return items;
  }

  /** Closes the stream. */
  close() {
    this.#stream.close();
  }

  #receive(event) {
    if (this.#reloading) return;
    if (event.kind === "reset" || event.previous !== this.#last) return this.#reload();
    this.#last = event.seq;
    const changes = this.#apply(event);
    if (changes !== NONE) this.onChange(changes);
  }

  /** The changeset of one event, applied to `posts`. */
  #apply(event) {
    const posts = this.#source.posts;
    const indexOf = (id) => posts.findIndex((post) => post.id === id);
    switch (event.kind) {
      case "delete":
      case "hide":
        return this.#remove([indexOf(event.postID)]);
      case "block":
        return this.#remove(posts.flatMap((post, i) => (post.author.id === event.authorID ? [i] : [])));
      case "insert":
        return this.#enter(event, indexOf(event.postID ?? event.post?.id));
      case "update":
      case "comment":
      case "uncomment": {
        // A comment added or deleted changes its post (its comment count) as an update does;
        // `likedByMe` only when the event says it (the viewer's own like caused it).
        const index = indexOf(event.postID ?? event.post?.id);
        if (index < 0) return this.#enter(event, index);
        if (this.#rules.leaves(event)) return this.#remove([index]);
        const old = posts[index];
        posts[index] = { ...old, ...event.post,
          likeCount: event.likeCount ?? event.post?.likeCount ?? old.likeCount,
          likedByMe: event.likedByMe ?? old.likedByMe };
        return { ...NONE, reloads: [index] };
      }
      default:
        // An unblock (the posts come back when the list is next opened), a notification.
        return NONE;
    }
  }

  #remove(indexes) {
    const deletes = indexes.filter((index) => index >= 0);
    if (!deletes.length) return NONE;
    const gone = new Set(deletes);
    this.#source.posts = this.#source.posts.filter((_, index) => !gone.has(index));
    return { ...NONE, deletes };
  }

  #enter(event, index) {
    if (index >= 0 || !event.post || !this.#rules.enters(event)) return NONE;
    this.#source.posts.unshift({ ...event.post, likeCount: event.likeCount ?? event.post.likeCount,
      likedByMe: event.likedByMe ?? false });
    return { ...NONE, inserts: [0] };
  }

  /** Reads the list again (as many posts as were loaded, at least a page); one diff. */
  #reload() {
    this.#stream.pause();
    const before = this.#source.posts.map(({ id }) => ({ id, version: 0 }));
    const depth = this.#source.posts.length;
    const fresh = new FeedSource(this.#path);
    this.#reloading = (async () => {
      do await fresh.next(); while (!fresh.finished && fresh.posts.length < depth);
      const old = new Map(this.#source.posts.map((post) => [post.id, JSON.stringify(post)]));
      const after = fresh.posts.map((post) => ({
        id: post.id, version: old.get(post.id) === JSON.stringify(post) ? 0 : 1 }));
      this.#source = fresh;
      this.#last = fresh.sequence;
      this.onChange(this.#engine.diff(before, after));
    })().catch(() => this.onStatus("offline", 0)).finally(() => {
      this.#reloading = null;
      this.#stream.open();
    });
  }
}
