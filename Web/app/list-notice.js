// What a list says in its own place when it shows no posts: "No posts yet.", a list that could
// not load, a blocked person's profile. An ARIA feed must hold articles (axe's
// aria-required-children fails an empty one, as on a fresh install), so while the list is empty
// it is a plain region, named as the feed was, and a feed again when posts come.

/** Each view's notice element, made when first needed. */
const notices = new WeakMap();

/**
 * Shows `view`'s list as holding `count` posts: with none, `message` (text, or nodes: a
 * notice with a button; null: none) above it, in the scroller; with some, the feed alone.
 * @param {{content: HTMLElement, scroller: HTMLElement}} view a CollectionView
 * @param {number} count
 * @param {string | Node[] | null} message
 */
export function showEmptiness(view, count, message) {
  if (!view.content) return;  // a list that needs an account, not shown
  view.content.setAttribute("role", count > 0 ? "feed" : "region");
  let notice = notices.get(view);
  if (count > 0 || message === null) {
    if (notice) notice.hidden = true;
    return;
  }
  if (!notice) {
    notice = Object.assign(document.createElement("div"), { className: "list-notice" });
    notices.set(view, notice);
    view.scroller.prepend(notice);
  }
  notice.hidden = false;
  if (typeof message === "string") notice.textContent = message;
  else notice.replaceChildren(...message);
}
