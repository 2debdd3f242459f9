// Pages of a LOTs feed from the server's keyset-cursor API (`/api/feed`, `/api/inspire`):
// each page carries the cursor of the next one, so a page is never read twice or skipped.
import { fetchPage } from "./api.js";

export class FeedSource {
  /** The first page as the server wrote it into the document (first-screen.js), or null. */
  #firstPage;

  constructor(path, pageSize = 40, firstPage = null) {
    this.#firstPage = firstPage;
    this.path = path;
    this.pageSize = pageSize;
    this.posts = [];
    this.cursor = null;
    this.finished = false;
    this.loading = null;
    /** The change-log sequence the first page was read at. */
    this.sequence = undefined;
  }

  /** Loads the next page (at most one request at a time); resolves to the posts it added. */
  next() {
    if (this.finished) return Promise.resolve([]);
    this.loading ??= this.fetchPage().finally(() => (this.loading = null));
    return this.loading;
  }

  async fetchPage() {
    const body = this.#firstPage ?? await fetchPage(this.path, this.cursor, this.pageSize);
    this.#firstPage = null;
    this.sequence ??= body.sequence;  // the first page's: where a stream takes over
    this.cursor = body.nextCursor ?? null;
    this.finished = !this.cursor;
    this.posts.push(...body.items);
    return body.items;
  }
}
