// A photo's preview named by the description its author is typing (the Post form's cards and
// the edit form's): its `alt` is the description as it stands, else "Photo 2 of 3, not yet
// described", kept current as the field is edited and as the photo moves.
import { draftPhotoAlt } from "./photo-text.js";

/**
 * Keeps `image`'s alternative text in step with `description` (its textarea); returns what
 * says where the photo now is, 1-based, to be called whenever its card is numbered.
 * @param {HTMLImageElement} image
 * @param {HTMLTextAreaElement} description
 * @returns {(position: number, count: number) => void}
 */
export function describedPreview(image, description) {
  let place = [1, 1];
  const draw = () => { image.alt = draftPhotoAlt(description.value, ...place); };
  description.addEventListener("input", draw);
  draw();
  return (position, count) => {
    place = [position, count];
    draw();
  };
}
