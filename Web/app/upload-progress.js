// Where an upload of several photos stands, photo by photo, from the one number the browser
// gives (bytes of the body sent so far, XMLHttpRequest's upload progress) and the photos'
// sizes in the body's order. The body's other bytes (the text fields, each part's headers,
// the descriptions) are taken as spread evenly over the gaps before, between and after the
// photos: a few hundred bytes beside photos of megabytes, so a photo reads "Sent" at most a
// part's headers early or late.

/** @typedef {"waiting" | "sending" | "sent"} PhotoState */

/** Each state in words, as a photo's card says it. */
export const STATE_TEXT = { waiting: "Waiting", sending: "Sending", sent: "Sent" };

/**
 * Each photo's state when `loaded` of the body's `total` bytes have been sent: the photos
 * whose bytes have all gone are "sent", the first of the others "sending" (with the share of
 * its own bytes gone, 0 to 1), the rest "waiting".
 * @param {number[]} sizes the photos' sizes in bytes, in the order they are in the body
 * @returns {{state: PhotoState, fraction: number}[]}
 */
export function photoStates(sizes, loaded, total) {
  const photoBytes = sizes.reduce((sum, size) => sum + size, 0);
  const gap = Math.max(0, total - photoBytes) / (sizes.length + 1);
  let start = gap;
  let sending = false;
  return sizes.map((size) => {
    const end = start + size;
    const fraction = size > 0 ? clamp((loaded - start) / size) : 1;
    start = end + gap;
    if (loaded >= total || loaded >= end) return { state: "sent", fraction: 1 };
    if (sending) return { state: "waiting", fraction: 0 };
    sending = true;
    return { state: "sending", fraction };
  });
}

/** `value` within 0…1. */
function clamp(value) {
  return Math.min(1, Math.max(0, value));
}
