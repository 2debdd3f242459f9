// The comments under a post, on its page: "Comments (N)" (the post's count, kept live), the
// newest page of them oldest first as a list (`<ol>`: a screen reader says how many and where
// it is), "Show earlier comments" above it (the page before, put above the others while the
// reader's place and focus stay), each comment drawn by comment-item.js, then the form
// (comment-form.js) or, for a visitor, "Sign in to comment". New comments from the stream join
// the end (one's own, sent here, once: by its id) and are said politely ("New comment from
// @mina"); deleted ones (by their writer, the post's author or a moderator: an `uncomment`
// from anyone) leave, and the focus that was in one goes to the next (or the form). Someone
// signed in may report another's comment (comment-report.js).
import { api } from "./api.js";
import { element } from "./dom.js";
import { commentForm, signInToComment } from "./comment-form.js";
import { commentItem } from "./comment-item.js";
import { CommentList } from "./comment-list.js";
import { canReport } from "./comment-report-text.js";
import { canDelete, commentsHeading, newCommentText } from "./comment-text.js";
import { explain } from "./messages.js";

/** Comments per page. */
const PAGE = 20;

/**
 * @typedef {object} CommentSection
 * @property {HTMLElement} node
 * @property {() => Promise<number | null>} load reads the newest page (again, after a gap in
 *   the stream): resolves to the sequence it was read at, or null when it could not be
 * @property {(event: object) => void} comment a `comment` event about the post
 * @property {(event: object) => void} uncomment an `uncomment` event about the post
 * @property {() => void} draw says the post's count again (the page changed `post`)
 */

/**
 * The comments of `post` (the page's own object, whose `commentCount` the page keeps) for
 * `user` (null for a visitor); `scroller` is what scrolls the page.
 * @returns {CommentSection}
 */
export function commentSection(post, { user, scroller }) {
  const heading = element("h3", { id: "comments-title", tabIndex: -1 });
  const earlier = element("button", { type: "button", className: "comments-earlier",
    hidden: true }, "Show earlier comments");
  const list = element("ol", { className: "comment-list", id: "comment-list" });
  list.setAttribute("aria-labelledby", heading.id);
  const empty = element("p", { className: "comments-empty", hidden: true }, "No comments yet.");
  const alert = element("p", { className: "comments-alert", role: "alert" });
  const news = element("p", { className: "visually-hidden", id: "comments-news" });
  news.setAttribute("aria-live", "polite");
  const form = user ? commentForm(post, { sent: (comment) => add([comment], "mine") }) : null;
  const node = element("section", { className: "comments", id: "comments" }, heading, earlier,
    list, empty, alert, form?.node ?? signInToComment(post), news);
  node.setAttribute("aria-labelledby", heading.id);
  node.setAttribute("aria-busy", "true");

  const shown = new CommentList();
  let cursor = null;
  let loading = false;
  let loaded = false;

  /** Says `text` politely (again, even when it is what was said last). */
  const say = (text) => {
    news.textContent = news.textContent === text ? `${text}\u00a0` : text;
  };
  const draw = () => {
    heading.textContent = commentsHeading(post.commentCount ?? shown.length);
    list.hidden = shown.length === 0;
    empty.hidden = !loaded || shown.length > 0 || cursor !== null;
  };
  const itemOf = (comment) => commentItem(comment, {
    deletable: canDelete(comment, post, user),
    reportable: canReport(comment, user),
    onDelete: async ({ id }) => {
      await api("DELETE", `/api/comments/${id}`);
      remove(id, true);
    },
  });

  /** Shows `comments` where they go by id; `how` is "page", "live" (from the stream) or
   * "mine" (sent here: counted, unless the stream brought it first). */
  function add(comments, how) {
    const added = shown.add(comments);
    for (const { comment, index } of added) {
      list.insertBefore(itemOf(comment), list.children[index] ?? null);
      if (how === "mine") post.commentCount = (post.commentCount ?? shown.length - 1) + 1;
    }
    const others = added.filter(({ comment }) => comment.author.id !== user?.id);
    if (how === "live" && others.length) {
      say(newCommentText(others.at(-1).comment.author.username));
    }
    if (how === "mine" && added.length) say("Your comment is posted.");
    draw();
  }

  /** Takes comment `id` away (`mine`: deleted here, so counted here); the focus that was in
   * it goes to the next comment, else the form. */
  function remove(id, mine) {
    const item = list.querySelector(`[data-comment="${Number(id)}"]`);
    if (shown.remove(id) < 0) return;
    if (mine) post.commentCount = Math.max(0, (post.commentCount ?? 1) - 1);
    const focused = item?.contains(document.activeElement);
    const next = item?.nextElementSibling;
    item?.remove();
    draw();
    if (focused) (next ?? form?.field ?? heading).focus();
    if (mine) say("Comment deleted.");
  }

  earlier.addEventListener("click", async () => {
    if (loading || !cursor) return;
    loading = true;
    earlier.setAttribute("aria-disabled", "true");
    alert.textContent = "";
    let page;
    try {
      page = await api("GET", `/api/posts/${post.id}/comments?${new URLSearchParams({
        before: cursor, limit: String(PAGE) })}`);
    } catch (failure) {
      alert.textContent = `Earlier comments could not be loaded. ${explain(failure)}`;
      return;
    } finally {
      loading = false;
      earlier.removeAttribute("aria-disabled");
    }
    // The button stays where it is, the earlier comments under it: the reader's place. Once
    // there are no more, the first of them takes its place, and the focus.
    const top = earlier.getBoundingClientRect().top;
    const fresh = shown.prepend(page.items);
    const nodes = fresh.map(itemOf);
    list.prepend(...nodes);
    cursor = page.earlierCursor ?? null;
    earlier.hidden = cursor === null;
    draw();
    const anchor = cursor !== null ? earlier : nodes[0] ?? list.firstElementChild ?? heading;
    scroller.scrollTop += anchor.getBoundingClientRect().top - top;
    if (cursor === null) anchor.focus({ preventScroll: true });
    say(fresh.length === 1 ? "1 earlier comment shown."
      : `${fresh.length} earlier comments shown.`);
  });

  draw();
  return {
    node,
    draw,
    async load() {
      try {
        const page = await api("GET", `/api/posts/${post.id}/comments?limit=${PAGE}`);
        if (shown.length === 0) cursor = page.earlierCursor ?? null;
        earlier.hidden = cursor === null;
        loaded = true;
        add(page.items, "page");
        alert.textContent = "";
        return page.sequence ?? null;
      } catch (failure) {
        alert.textContent = `Comments could not be loaded. ${explain(failure)}`;
        return null;
      } finally {
        node.setAttribute("aria-busy", "false");
      }
    },
    comment(event) {
      if (event.comment) add([event.comment], "live");
      else draw();
    },
    uncomment(event) {
      remove(event.commentID, false);
      draw();
    },
  };
}
