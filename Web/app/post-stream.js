// A post's page following its post on the server's change stream (event-stream.js's
// EventStream, as the lists use it; that module is left as it is): from the sequence its
// comments were read at, so nothing said since is missed, only the events about this post,
// until the page leaves the document. A gap in the stream or its `reset` asks the page to read
// the post and its comments again.
import { EventStream } from "./event-stream.js";

/**
 * What the page does with the events about its post.
 * @typedef {object} PostEvents
 * @property {(post: object, event: object) => void} update an edit, a like (the post anew)
 * @property {(event: object) => void} comment a comment was added (`event.comment`, absent
 *   when the reader blocks its writer; `event.post` has the new count)
 * @property {(event: object) => void} uncomment a comment was deleted (`event.commentID`)
 * @property {() => void} gone the post was deleted or hidden
 * @property {() => void} reload the stream missed events: read everything again
 */

/**
 * Follows post `id` from sequence `since` (null: from now) while `page` is in the document.
 * @param {number} id
 * @param {number | null} since
 * @param {PostEvents} handlers
 * @param {Element} page the page's root: its removal (the page closed) closes the stream
 * @returns {{close: () => void}}
 */
export function followPost(id, since, handlers, page) {
  let last = since;
  const stream = new EventStream(() => last);
  stream.onEvent = (event) => {
    const gap = last != null && event.previous != null && event.previous !== last;
    if (Number.isFinite(event.seq)) last = event.seq;
    if (event.kind === "reset" || gap) {
      handlers.reload();
      if (event.kind === "reset") return;
    }
    if ((event.post?.id ?? event.postID) !== id) return;
    switch (event.kind) {
      case "update": return handlers.update(event.post, event);
      case "comment": return handlers.comment(event);
      case "uncomment": return handlers.uncomment(event);
      case "delete":
      case "hide": return handlers.gone();
      default:
    }
  };
  const watcher = new MutationObserver(() => {
    if (!page.isConnected) close();
  });
  const close = () => {
    watcher.disconnect();
    stream.close();
  };
  if (!page.isConnected) return { close };
  watcher.observe(page.parentNode, { childList: true });
  stream.open();
  return { close };
}
