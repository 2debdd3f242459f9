// The comments a post's page shows, by id, oldest first: pages of earlier ones go before them,
// a new one (sent here, or from the stream) after them, each once however many ways it
// arrives (one's own comment comes back through the stream too), and a deleted one leaves.
// Pure: the page draws what these say changed.

/** @typedef {import("./comment-text.js").Comment} Comment */

/** The comments shown under one post, each once, in order of id (oldest first). */
export class CommentList {
  /** @type {Comment[]} */
  #items = [];
  #ids = new Set();

  /** The comments, oldest first. */
  get items() {
    return this.#items;
  }

  /** How many are shown. */
  get length() {
    return this.#items.length;
  }

  /** Whether comment `id` is shown. */
  has(id) {
    return this.#ids.has(id);
  }

  /**
   * Puts a page of earlier comments (oldest first) before those shown; returns those that
   * were not shown yet, in order.
   * @param {Comment[]} page
   * @returns {Comment[]}
   */
  prepend(page) {
    const fresh = this.#fresh(page);
    this.#items = [...fresh, ...this.#items];
    return fresh;
  }

  /**
   * Adds `comments` (oldest first) after those shown, in order of id, skipping those already
   * there; returns each added one with the index it went to.
   * @param {Comment[]} comments
   * @returns {{comment: Comment, index: number}[]}
   */
  add(comments) {
    const added = [];
    for (const comment of this.#fresh(comments)) {
      // Ids grow with time: a late arrival (a page read while a newer one came live) goes in
      // its place, not at the end.
      let index = this.#items.length;
      while (index > 0 && this.#items[index - 1].id > comment.id) index -= 1;
      this.#items.splice(index, 0, comment);
      added.push({ comment, index });
    }
    return added;
  }

  /** Takes comment `id` out; returns the index it had, or -1 when it was not shown. */
  remove(id) {
    if (!this.#ids.delete(id)) return -1;
    const index = this.#items.findIndex((comment) => comment.id === id);
    this.#items.splice(index, 1);
    return index;
  }

  #fresh(comments) {
    const fresh = [];
    for (const comment of comments ?? []) {
      if (!comment || this.#ids.has(comment.id)) continue;
      this.#ids.add(comment.id);
      fresh.push(comment);
    }
    return fresh;
  }
}
