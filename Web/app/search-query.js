// A search as an address, and back: /search?q=… is the results of what was typed (the header's
// box sends it there; a deep link, Back and Forward bring it back), and the list of its posts
// (GET /api/search/posts, a feed page). Loaded with Main: small and pure (tested in node).

/** The longest query the server answers (`q` of /api/search), in characters. */
export const SEARCH_LIMIT = 200;

/** The results page of `typed`: "/search?q=pho%2024" ("/search" for a blank text). */
export function searchPath(typed) {
  const query = String(typed ?? "").trim();
  return query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
}

/** The query an address's search part (`location.search`, "?q=pho") asks: "" when none. */
export function queryOf(search) {
  return new URLSearchParams(String(search ?? "")).get("q") ?? "";
}

/** The list (lists.js's spec) of the posts matching `query`, laid out as `layout`. */
export function searchSpec(query, layout) {
  return {
    name: `search?${query}`, live: false, layout,
    path: `/api/search/posts?${new URLSearchParams({ q: query })}`,
    label: query ? `Posts matching “${query}”` : "Posts",
    empty: query ? `No posts match “${query}”. Try fewer words, or the start of a word: `
      + "“pho” finds Phở." : "Type what you are looking for in the search box.",
    // A query the server refuses (400) is explained above the list (search-page.js).
    refused: (failure) => (failure.status === 400 ? "" : null),
  };
}
