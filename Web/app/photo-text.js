// A post's photos in words, wherever the app shows one: each photo's alternative text (its
// author's description, else "Carbonara at Pasta La Vista, photo by @jonas"; a restaurant's
// cover "Photo at Phở 24"; a photo being described "Photo 2 of 3, not yet described"), "3
// photos" on a cell's mark, and a carousel's "Photo 2 of 4". Also the photos in order and a
// photo's srcset. Pure: no DOM.

/**
 * One photo of a post, as the server sends it.
 * @typedef {{width: number, height: number, color: string, originalURL: string,
 *   displayURL: string, thumbnailURL: string, displayWidth: number, thumbnailWidth: number,
 *   description?: string}} Photo
 */

/**
 * A post's photos in its order: the cover (`photo`), then `morePhotos` (1 to 10 in all).
 * @param {{photo: Photo, morePhotos?: Photo[]}} post
 * @returns {Photo[]}
 */
export function photosOf(post) {
  return [post.photo, ...(Array.isArray(post.morePhotos) ? post.morePhotos : [])]
    .filter(Boolean);
}

/** The number of photos of `post`. */
export function photoCount(post) {
  return photosOf(post).length;
}

/** The author's description of `photo`, trimmed; "" when none was given. */
export function descriptionOf(photo) {
  return String(photo?.description ?? "").trim();
}

/**
 * The alternative text of one of `post`'s photos (the cover by default): its description, or
 * where there is none, what the post says of it: "Carbonara at Pasta La Vista, photo by
 * @jonas", "Lunch at Sushi Zen, photo by @ana" without a caption, "Carbonara at Pasta La
 * Vista" when the author is not known.
 */
export function photoAlt(post, photo = post.photo) {
  const described = descriptionOf(photo);
  if (described) return described;
  const dish = String(post.caption ?? "").trim() || "Lunch";
  const author = post.author?.username;
  return `${dish} at ${post.restaurant}${author ? `, photo by @${author}` : ""}`;
}

/**
 * The alternative text of a photo that stands for a restaurant (its cover on a saved
 * restaurant's card): its description, else "Photo at Phở 24".
 */
export function placePhotoAlt(photo, restaurant) {
  return descriptionOf(photo) || `Photo at ${restaurant}`;
}

/**
 * The alternative text of a photo's preview while its author describes it (the Post form, the
 * edit form), `position` 1-based: the description as typed, else "Photo 2 of 3, not yet
 * described".
 */
export function draftPhotoAlt(description, position, count) {
  return String(description ?? "").trim()
    || `${slideLabel(position - 1, count)}, not yet described`;
}

/** "1 photo", "3 photos". */
export function photosText(count) {
  return count === 1 ? "1 photo" : `${count} photos`;
}

/** A slide's name in a carousel: "Photo 2 of 4" for `index` 1 of 4. */
export function slideLabel(index, count) {
  return `Photo ${index + 1} of ${count}`;
}

/**
 * What a carousel says when it shows another photo: "Photo 2 of 4: Crispy edges", or "Photo 2
 * of 4" for a photo without a description (the post's own words are on the page already).
 */
export function slideAnnouncement(post, index) {
  const photos = photosOf(post);
  const described = descriptionOf(photos[index]);
  const label = slideLabel(index, photos.length);
  return described ? `${label}: ${described}` : label;
}

/** A photo's `srcset`: its thumbnail and display renditions by their widths. */
export function srcsetOf(photo) {
  return `${photo.thumbnailURL} ${photo.thumbnailWidth}w, `
    + `${photo.displayURL} ${photo.displayWidth}w`;
}
