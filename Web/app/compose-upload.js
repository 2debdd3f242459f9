// Sending a post: one multipart body (the text fields, then each photo followed by its
// description, in the post's order) by XMLHttpRequest, whose upload progress fetch cannot
// give. The Idempotency-Key is the caller's: the same one for every attempt at one post.

/** How long nothing may move (no byte sent, or no answer once all are) before giving up. */
const STALL_MS = 120000;

/**
 * @typedef {object} PostValues What the form sends.
 * @property {File[]} photos in the post's order
 * @property {string[]} descriptions one per photo (blank is sent empty)
 * @property {string} caption
 * @property {{id: number} | null} place a restaurant picked from the suggestions, or null
 * @property {string} restaurant a new restaurant's name (when none was picked)
 * @property {string} area its area (sent only when not blank)
 * @property {string} mealDate YYYY-MM-DD
 */

/** The body of a post: text fields first, then `photo` and its `description`, photo by photo.
 * @param {PostValues} values
 * @returns {FormData} */
export function postBody(values) {
  const body = new FormData();
  body.append("caption", values.caption);
  // A picked restaurant by its id alone; a new one by its name and (if given) area.
  if (values.place) {
    body.append("restaurantId", String(values.place.id));
  } else {
    body.append("restaurant", values.restaurant);
    if (values.area.trim()) body.append("area", values.area);
  }
  body.append("mealDate", values.mealDate);
  values.photos.forEach((photo, index) => {
    body.append("photo", photo, photo.name || `photo-${index + 1}.jpg`);
    body.append("description", values.descriptions[index]?.trim() ? values.descriptions[index]
      : "");
  });
  return body;
}

/**
 * Sends `body` with `key`; `onProgress(loaded, total)` as its bytes go. Resolves to the post,
 * or rejects with an Error whose `field` and `index` (1-based, for a photo or a description)
 * name what the server refused, with its `status` and a limit's `retryAfter`.
 */
export function upload(body, key, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/posts");
    request.setRequestHeader("Idempotency-Key", key);
    request.responseType = "json";
    // Too long is two minutes without a byte moving (or, once all are sent, without an
    // answer), not a time for the whole: ten photos on a slow line take longer than one.
    let stalled;
    const watch = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => {
        request.abort();
        reject(new Error("the server took too long"));
      }, STALL_MS);
    };
    request.upload.addEventListener("progress", (event) => {
      watch();
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.upload.addEventListener("load", watch);
    request.addEventListener("loadend", () => clearTimeout(stalled));
    request.addEventListener("load", () => {
      if (request.status === 201) return resolve(request.response);
      const detail = request.response?.error ?? {};
      reject(Object.assign(new Error(detail.message ?? `HTTP ${request.status}`), {
        field: detail.field, index: Number(detail.index) || undefined, status: request.status,
        retryAfter: Number(request.getResponseHeader("Retry-After")) || undefined }));
    });
    request.addEventListener("error", () => reject(new Error("the server could not be reached")));
    request.send(body);
    watch();
  });
}
