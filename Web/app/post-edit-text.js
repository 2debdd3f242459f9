// Editing a post, without the DOM: the form's first values (the post as it is), what the
// server would refuse (compose-rules.js's rules, the Post form's), the PATCH body (only the
// fields that changed), where a refusal goes (a field, a photo, its description) and the words
// around it. Pure.
import { problems } from "./compose-rules.js";
import { descriptionOf, photoAlt, photosOf } from "./photo-text.js";

/**
 * What the edit form holds.
 * @typedef {object} EditValues
 * @property {string} caption
 * @property {{id: number} | null} place a restaurant picked from the suggestions, or null
 * @property {string} restaurant the name in the field
 * @property {string} area a new restaurant's area ("" when hidden)
 * @property {string} mealDate YYYY-MM-DD
 * @property {{originalURL: string, description: string}[]} photos in their new order
 */

/** Why the last photo has no Remove. */
export const LAST_PHOTO = "A post keeps at least one photo: this one cannot be removed.";

/** The same text as the server keeps it: trimmed, composed. */
const kept = (text) => String(text ?? "").trim().normalize("NFC");

/** The form's values for `post` as it is. @returns {EditValues} */
export function editValuesOf(post) {
  return {
    caption: post.caption ?? "", place: null, restaurant: post.restaurant ?? "",
    area: post.area ?? "", mealDate: post.mealDate ?? "",
    photos: photosOf(post).map((photo) => ({ originalURL: photo.originalURL,
      description: photo.description ?? "" })),
  };
}

/**
 * The PATCH body for `values` against `post`: only what changed. A picked restaurant goes by
 * its id (unless it is the post's); a name typed (or an area) that differs from the post's
 * goes as a new restaurant's name with its area; the photos go all together, in their new
 * order with their descriptions, when any was moved, removed or described anew. `{}` when
 * nothing changed.
 * @param {object} post the server's JSON
 * @param {EditValues} values
 */
export function changedFields(post, values) {
  const body = {};
  if (kept(values.caption) !== kept(post.caption)) body.caption = values.caption;
  if (values.place) {
    if (values.place.id !== post.restaurantId) body.restaurantId = values.place.id;
  } else if (kept(values.restaurant) !== kept(post.restaurant)
    || kept(values.area) !== kept(post.area)) {
    body.restaurant = values.restaurant;
    if (kept(values.area)) body.area = values.area;
  }
  if (values.mealDate !== post.mealDate) body.mealDate = values.mealDate;
  const before = photosOf(post);
  const moved = values.photos.length !== before.length || values.photos.some((photo, index) =>
    photo.originalURL !== before[index].originalURL
    || kept(photo.description) !== descriptionOf(before[index]));
  if (moved) {
    body.photos = values.photos.map(({ originalURL, description }) =>
      ({ originalURL, description }));
  }
  return body;
}

/**
 * What the server would refuse in `values`, by field (compose-rules.js `Problems`: caption,
 * restaurant, area, mealDate, and `descriptions` by the photo's 1-based place); `{}` when
 * they may be sent (a meal date after the reader's today is refused too).
 * @param {EditValues} values
 */
export function editProblems(values) {
  const found = problems({
    // The photos are the post's own, already taken: only their number and descriptions count.
    photos: values.photos.map(() => ({ size: 0, type: "" })),
    descriptions: values.photos.map((photo) => photo.description),
    caption: values.caption, restaurant: values.restaurant,
    area: values.place ? "" : values.area, mealDate: values.mealDate,
  });
  delete found.photo;
  delete found.photos;
  return found;
}

/** The 1-based photo a refusal names: its `index`, else the place its message starts with
 * ("Photo 2 of 3: …"); undefined when it names none. */
export function refusalIndex(failure) {
  const index = Number(failure?.index);
  if (Number.isInteger(index) && index > 0) return index;
  const said = /^photo (\d+)( of \d+)?:/i.exec(String(failure?.message ?? ""));
  return said ? Number(said[1]) : undefined;
}

/** The form's field a refusal's `field` names: a picked restaurant's id is Restaurant. */
export function fieldOf(field) {
  return field === "restaurantId" ? "restaurant" : field;
}

/**
 * The words a moved photo's live region says: "Photo moved to position 2 of 3.", or at an end
 * "This photo is already the first." / "… the last.".
 */
export function movedText(to, count) {
  if (to < 0) return "This photo is already the first.";
  if (to >= count) return "This photo is already the last.";
  return `Photo moved to position ${to + 1} of ${count}.`;
}

/** After a Remove: "Photo removed: 2 left." */
export function removedText(left) {
  return `Photo removed: ${left} left.`;
}

/** A post's photos as a key: which, in what order, and their alternative texts (a photo
 * without a description is named by the caption and restaurant): a redraw when it changes. */
export function photosKey(post) {
  return JSON.stringify(photosOf(post).map((photo) => [photo.originalURL,
    photoAlt(post, photo)]));
}
