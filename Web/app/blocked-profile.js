// The profile of someone the reader blocked: their posts are hidden from the reader, so the
// list is empty, and says why, with the way back (Unblock).
import { api } from "./api.js";
import { element } from "./dom.js";

/**
 * One entry of `GET /api/me/blocks` (newest first).
 * @typedef {{username: string, blockedAt: string}} Block
 */

/**
 * Whether the signed-in reader blocked `username`. False when it cannot be told (signed out,
 * offline, a server without the list): the profile then shows as any other.
 * @returns {Promise<boolean>}
 */
export async function hasBlocked(username) {
  try {
    /** @type {{users: Block[]}} */
    const blocks = await api("GET", "/api/me/blocks");
    const name = username.toLowerCase();
    return blocks.users.some((block) => block.username.toLowerCase() === name);
  } catch {
    return false;
  }
}

/**
 * The notice's nodes: "You blocked @name. …" and an Unblock button, which unblocks and then
 * calls `unblocked()` (the page shows the profile again), or says why it could not.
 * @returns {Node[]}
 */
export function blockedNotice(username, unblocked) {
  const text = element("p", {}, `You blocked @${username}. Their posts are hidden from you.`);
  const error = element("p", { className: "field-error", role: "alert" });
  const button = element("button", { type: "button", className: "unblock" },
    `Unblock @${username}`);
  button.addEventListener("click", async () => {
    error.textContent = "";
    try {
      await api("DELETE", `/api/users/${encodeURIComponent(username)}/block`);
      unblocked();
    } catch (failure) {
      error.textContent = `Unblock failed: ${failure.message}`;
    }
  });
  return [text, button, error];
}
