// A post's page following its post on the server's change stream: the tab's one stream
// (event-stream.js `streamEvents`: the list's beneath the page, a restaurant's, a pocket
// list's), or, when the tab follows none (a deep link to the post), one of its own from the
// sequence its comments were read at, closed with the page. Only the events about this post go
// on, until the page leaves the document. The stream's latest events are kept a while, so
// that those that came while the page read its comments are not lost. What the read already
// covers (an event at or before its sequence, or one two streams both brought) is skipped; a
// gap in the stream (an event whose `previous` is past the last one seen), or its `reset`,
// asks the page to read the post and its comments again.
import { EventStream, followingStream, streamEvents } from "./event-stream.js";

/** How many of the stream's latest events are kept for a page that starts following. */
const KEPT = 100;
/** The stream's latest events, oldest first. */
const recent = [];
streamEvents.addEventListener("event", ({ detail: event }) => {
  recent.push(event);
  if (recent.length > KEPT) recent.shift();
});

/**
 * What the page does with the events about its post.
 * @typedef {object} PostEvents
 * @property {(post: object, event: object) => void} update an edit, a like (the post anew)
 * @property {(event: object) => void} comment a comment was added (`event.comment`, absent
 *   when the reader blocks its writer; `event.post` has the new count)
 * @property {(event: object) => void} uncomment a comment was deleted, by its writer, the
 *   post's author or a moderator (`event.commentID`)
 * @property {() => void} gone the post was deleted or hidden
 * @property {() => void} reload the stream missed events: read everything again
 */

/**
 * Follows post `id` from sequence `since` (null: from now) while `page` is in the document.
 * @param {number} id
 * @param {number | null} since
 * @param {PostEvents} handlers
 * @param {Element} page the page's root: its removal (the page closed) stops following
 * @returns {{close: () => void}}
 */
export function followPost(id, since, handlers, page) {
  let last = since;
  const heard = ({ detail: event }) => {
    if (!Number.isFinite(event.seq)) return undefined;
    if (last != null && event.seq <= last) return undefined;  // read already, or heard
    if (event.kind === "reset") {
      last = event.seq;
      return handlers.reload();
    }
    const gap = last != null && event.previous != null && event.previous > last;
    last = event.seq;
    if (gap) handlers.reload();
    if ((event.post?.id ?? event.postID) !== id) return undefined;
    switch (event.kind) {
      case "update": return handlers.update(event.post, event);
      case "comment": return handlers.comment(event);
      case "uncomment": return handlers.uncomment(event);
      case "delete":
      case "hide": return handlers.gone();
      default: return undefined;
    }
  };
  let own = null;
  const watcher = new MutationObserver(() => {
    if (!page.isConnected) close();
  });
  const close = () => {
    watcher.disconnect();
    streamEvents.removeEventListener("event", heard);
    own?.close();
  };
  if (!page.isConnected) return { close };
  watcher.observe(page.parentNode, { childList: true });
  // Those that came since its read first (none without one: the page is as it was read),
  // then those to come.
  if (since != null) for (const event of [...recent]) heard({ detail: event });
  streamEvents.addEventListener("event", heard);
  if (!followingStream()) {
    own = new EventStream(() => last);
    own.open();
  }
  return { close };
}
