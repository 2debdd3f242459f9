// The Post form's rules, as the server checks them (its limits, in its words), so that a post
// it would refuse is never sent: 1 to 10 photos, each a JPEG, PNG, WebP or HEIC of at most
// 10 MB, each with a description of at most 1,000 characters; caption, restaurant, area, meal
// date. Also which of a person's chosen files join the photo list, and why the others do not.
import { characterCount } from "./char-counter.js";
import { dayOf } from "./format.js";

/** The types a photo may have (a browser that does not know HEIC says nothing: allowed). */
export const TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];
/** What the file chooser offers. */
export const ACCEPT = `${TYPES.join(",")},.heic`;
/** The most photos a post has, and the most bytes each may have. */
export const MAX_PHOTOS = 10;
export const MAX_BYTES = 10 * 1024 * 1024;
/** The most characters of each text field (the server counts graphemes, and bytes ≤ 4×). */
export const LIMITS = { caption: 500, restaurant: 100, area: 60, description: 1000 };

/** Whether `text` fits `limit` characters (and at least `least`) as the server counts them. */
function fits(text, limit, least = 0) {
  const count = characterCount(text);
  return count >= least && count <= limit
    && new TextEncoder().encode(text.trim()).length <= 4 * limit;
}

/** The problem with one photo's file, as the server would see it, or undefined. */
export function photoProblem(photo) {
  if (!photo) return "Choose a photo.";
  if (photo.size > MAX_BYTES) return "Photo is larger than 10 MB.";
  if (photo.type && !TYPES.includes(photo.type)) {
    return "Photo must be a JPEG, PNG, WebP or HEIC image.";
  }
  return undefined;
}

/** The problem with one photo's description, or undefined. */
export function descriptionProblem(description = "") {
  return fits(description, LIMITS.description) ? undefined
    : "Description must be 0 to 1,000 characters long.";
}

/** The problem with a meal date, as the server would see it; `today` is the reader's. */
export function mealDateProblem(mealDate, today = dayOf()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(mealDate);
  const day = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  if (!match) return "Meal date must be a date written YYYY-MM-DD.";
  if (day.getUTCMonth() !== +match[2] - 1 || +match[1] < 2000 || +match[1] > 2100) {
    return "Meal date is not a real day between 2000 and 2100.";
  }
  if (mealDate > today) return "The meal date cannot be in the future.";
  return undefined;
}

/**
 * @typedef {object} Problems What is wrong with a post, by the form's field: `photo` (the list
 *   as a whole: none, or too many), `photos` and `descriptions` (by the photo's 1-based
 *   position: `{2: "Photo is larger than 10 MB."}`), `caption`, `restaurant`, `area`,
 *   `mealDate`. A field without a problem is absent; `{}` when the post may be sent.
 */

/**
 * The problem with each field of a post as the server would see it (its rules, in its words).
 * `photos` are the files in the post's order and `descriptions` theirs (missing ones are
 * empty); a single `photo` (File or null) stands for a list of one.
 * @returns {Problems}
 */
export function problems({ photos, photo, descriptions = [], caption, restaurant, area = "",
  mealDate }) {
  const files = photos ?? (photo ? [photo] : []);
  const found = {};
  if (files.length === 0) found.photo = photoProblem(null);
  if (files.length > MAX_PHOTOS) found.photo = `A post has at most ${MAX_PHOTOS} photos.`;
  const byPhoto = (check, values) => {
    const said = {};
    values.forEach((value, index) => {
      const problem = check(value);
      if (problem) said[index + 1] = problem;
    });
    return Object.keys(said).length ? said : undefined;
  };
  found.photos = byPhoto(photoProblem, files);
  found.descriptions = byPhoto(descriptionProblem, files.map((_, i) => descriptions[i] ?? ""));
  if (!fits(caption, LIMITS.caption)) found.caption = "Caption must be 0 to 500 characters long.";
  if (!fits(restaurant, LIMITS.restaurant, 1)) {
    found.restaurant = "Restaurant must be 1 to 100 characters long.";
  }
  if (!fits(area, LIMITS.area)) found.area = "Area must be 0 to 60 characters long.";
  found.mealDate = mealDateProblem(mealDate);
  for (const name of Object.keys(found)) if (!found[name]) delete found[name];
  return found;
}

/**
 * Which of the `chosen` files join a list that has `present` photos: those the server would
 * take, up to ten in all, in the order chosen. `refused` says in words why each other one did
 * not ("“menu.txt” was not added: photo must be …"), or is empty.
 * @param {File[]} chosen
 * @returns {{added: File[], refused: string}}
 */
export function admit(chosen, present) {
  const added = [];
  const said = [];
  const over = [];
  for (const file of chosen) {
    const problem = photoProblem(file);
    if (problem) said.push(`“${file.name}” was not added: ${lower(problem)}`);
    else if (present + added.length >= MAX_PHOTOS) over.push(file);
    else added.push(file);
  }
  if (over.length === 1) {
    said.push(`A post has at most ${MAX_PHOTOS} photos: “${over[0].name}” was not added.`);
  } else if (over.length > 1) {
    said.push(`A post has at most ${MAX_PHOTOS} photos: ${over.length} were not added.`);
  }
  return { added, refused: said.join(" ") };
}

/** A sentence's first letter in lower case, after a colon. */
function lower(text) {
  return text[0].toLowerCase() + text.slice(1);
}

/** The server's message about one photo ("Photo 2: photo must be …", "Photo 2 of 3: …"), as
 * its card says it: without the position, which moving the photo would make wrong. */
export function besidePhoto(message) {
  const text = String(message ?? "").replace(/^photo \d+( of \d+)?:\s*/i, "");
  return text && text[0].toUpperCase() + text.slice(1);
}
