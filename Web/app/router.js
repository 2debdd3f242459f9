// The app's URLs: which page a path shows, same-origin link clicks turned into history
// entries without a reload, and Back/Forward. The server answers every app path with the app.
import { queryOf } from "./search-query.js";

const ROUTES = [
  { name: "main", pattern: /^\/$/ },
  { name: "inspire", pattern: /^\/inspire$/ },
  { name: "detail", pattern: /^\/p\/([1-9][0-9]{0,17})$/ },
  { name: "place", pattern: /^\/r\/([1-9][0-9]{0,17})$/ },
  { name: "likes", pattern: /^\/likes$/ },
  { name: "post", pattern: /^\/post$/ },
  { name: "signin", pattern: /^\/signin$/ },
  { name: "signup", pattern: /^\/signup$/ },
  { name: "account", pattern: /^\/account$/ },
  { name: "lists", pattern: /^\/lists$/ },
  { name: "list", pattern: /^\/lists\/([1-9][0-9]{0,17})$/ },
  { name: "shared", pattern: /^\/s\/([A-Za-z0-9_-]{1,64})$/ },
  { name: "search", pattern: /^\/search$/ },
  { name: "notifications", pattern: /^\/notifications$/ },
  { name: "print", pattern: /^\/print$/ },
  { name: "printStore", pattern: /^\/print\/stores\/([1-9][0-9]{0,17})$/ },
  { name: "printOrderForm", pattern: /^\/print\/order$/ },
  { name: "printOrder", pattern: /^\/print\/orders\/([1-9][0-9]{0,17})$/ },
  { name: "printMe", pattern: /^\/print\/me$/ },
  { name: "printShop", pattern: /^\/print\/shop$/ },
  { name: "profile", pattern: /^\/u\/([A-Za-z0-9_.%-]{1,90})$/ },
];

/** The page a path (query aside, but a search's `q`) shows: `{name, params}`, or
 * `{name: "missing"}`. */
export function routeOf(pathAndQuery) {
  const [path, query = ""] = pathAndQuery.split(/\?(.*)/s);
  for (const { name, pattern } of ROUTES) {
    const match = pattern.exec(path);
    if (match && name === "search") return { name, params: [queryOf(query)] };
    if (match) return { name, params: match.slice(1) };
  }
  return { name: "missing", params: [] };
}

/**
 * Calls `show(route, {pushed})` for the current URL, for every link click to a known route
 * (a new history entry), and for Back/Forward (`pushed` false).
 */
export function startRouter(show) {
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey
      || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || routeOf(url.pathname).name === "missing") return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
  addEventListener("popstate",
    () => show(routeOf(location.pathname + location.search), { pushed: false }));
  navigate.show = show;
  show(routeOf(location.pathname + location.search), { pushed: false });
}

/** Goes to `path` (and query) as a new history entry (or replacing the current one). */
export function navigate(path, { replace = false } = {}) {
  if (path === location.pathname + location.search) return;
  history[replace ? "replaceState" : "pushState"]({ depth: (history.state?.depth ?? 0) + 1 },
    "", path);
  navigate.show?.(routeOf(path), { pushed: true });
}

/** Whether Back stays in the app (this tab navigated here from one of its pages). */
export function canGoBack() {
  return (history.state?.depth ?? 0) > 0;
}
