// "Skip to the posts": the page's first focusable element (Web/index.html), shown when focused,
// moves the focus past the header to the list (main#feed), whose next Tab is the first post.
// Handled here, not followed: the router takes same-page links, and a #feed fragment would
// stay in the URL.

const link = document.getElementById("skip-link");
const list = document.getElementById("feed");

link?.addEventListener("click", (event) => {
  event.preventDefault();
  list.setAttribute("tabindex", "-1");  // focusable by script, not a Tab stop of its own
  list.focus();
});
