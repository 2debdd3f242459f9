// The words under a list (the footer's status line): how many posts are loaded, and whether
// that is all of them — never a loaded count that reads as the total.

/**
 * The footer's words for `count` posts loaded, `finished` when the list has no next page;
 * empty for an empty list (its notice says so, in the list's place).
 */
export function countText(count, finished) {
  if (count === 0) return "";
  const posts = count === 1 ? "1 post" : `${count} posts`;
  return finished ? `${posts} in all` : `${posts} loaded · scroll for more`;
}
