// The edit form's photos: the post's own (none can be added), each a card (a fieldset named
// "Photo 2 of 3") with its thumbnail (named by its description as it stands, else "Photo 2 of
// 3, not yet described"), "Description of photo 2" (its alternative text, counted down near
// 1,000 characters), Move earlier, Move later and Remove. A move keeps the focus on the button
// pressed and says the photo's new place politely; Remove gives the focus to the next photo's
// Remove (or the previous one's) and is unavailable for the last photo left, with the reason
// in words beside it. What the server refuses about a photo or its description is said on its
// card.
import { characterCounter } from "./char-counter.js";
import { besidePhoto, LIMITS } from "./compose-rules.js";
import { element, labelledField } from "./dom.js";
import { photosOf } from "./photo-text.js";
import { LAST_PHOTO, movedText, removedText } from "./post-edit-text.js";
import { describedPreview } from "./preview-alt.js";

/**
 * @typedef {object} EditPhotos
 * @property {HTMLElement} node
 * @property {() => {originalURL: string, description: string}[]} values in the new order
 * @property {(descriptions?: Record<number, string>) => HTMLElement | null} showProblems says
 *   (or clears) what is wrong with each description, by the photo's 1-based place; returns
 *   the first field at fault
 * @property {(field: string, index: number | undefined, message: string) => HTMLElement | null}
 *   showRefusal the server's refusal of a photo or a description, on its card (the section's
 *   own paragraph when it names no photo); null when it is about neither
 */

/** The Photos part of the edit form of `post`. @returns {EditPhotos} */
export function editPhotos(post) {
  const list = element("ol", { className: "edit-photos", id: "edit-photos", tabIndex: -1 });
  list.setAttribute("aria-labelledby", "edit-photos-title");
  const error = element("p", { className: "field-error", id: "edit-photos-error" });
  const news = element("p", { className: "visually-hidden", id: "edit-photos-news" });
  news.setAttribute("aria-live", "polite");
  const node = element("div", { className: "field photos" },
    element("h3", { id: "edit-photos-title" }, "Photos"),
    element("p", { className: "hint" }, "Describe each photo for people who cannot see it."),
    list, error, news);
  const say = (text) => {
    news.textContent = news.textContent === text ? `${text}\u00a0` : text;
  };
  const cards = photosOf(post).map((photo, serial) => card(photo, serial));
  const renumber = () => cards.forEach((item, index) => item.number(index + 1, cards.length));

  const move = (item, step, button) => {
    const from = cards.indexOf(item);
    const to = from + step;
    if (to < 0 || to >= cards.length) return say(movedText(to, cards.length));
    // The other card moves, so the one holding the focus never leaves the document.
    const other = cards[to];
    if (step < 0) item.node.after(other.node);
    else item.node.before(other.node);
    cards[to] = item;
    cards[from] = other;
    renumber();
    if (document.activeElement !== button) button.focus();
    return say(movedText(to, cards.length));
  };
  const remove = (item) => {
    if (cards.length === 1) return say(LAST_PHOTO);
    const index = cards.indexOf(item);
    cards.splice(index, 1);
    item.node.remove();
    renumber();
    const next = cards[index] ?? cards[index - 1];
    (cards.length > 1 ? next.remove : next.description).focus();
    return say(removedText(cards.length));
  };
  for (const item of cards) {
    list.append(item.node);
    item.earlier.addEventListener("click", () => move(item, -1, item.earlier));
    item.later.addEventListener("click", () => move(item, 1, item.later));
    item.remove.addEventListener("click", () => remove(item));
  }
  renumber();

  const descriptionError = (item) => document.getElementById(`${item.description.id}-error`);
  return {
    node,
    values: () => cards.map((item) => ({ originalURL: item.photo.originalURL,
      description: item.description.value })),
    showProblems(descriptions = {}) {
      let first = null;
      cards.forEach((item, index) => {
        const said = descriptions[index + 1] ?? "";
        descriptionError(item).textContent = said;
        item.description.setAttribute("aria-invalid", String(Boolean(said)));
        first ??= said ? item.description : null;
      });
      return first;
    },
    showRefusal(field, index, message) {
      const item = cards[index - 1];
      if (field === "description" && item) {
        descriptionError(item).textContent = besidePhoto(message);
        item.description.setAttribute("aria-invalid", "true");
        return item.description;
      }
      if (field === "photos" && item) {
        item.error.textContent = besidePhoto(message);
        return item.group;
      }
      if (field !== "photos" && field !== "description") return null;
      error.textContent = message;
      return list;
    },
  };
}

/** One photo's card; `serial` makes its ids (kept through moves). */
function card(photo, serial) {
  const id = `edit-photo-${serial}`;
  const thumb = element("img", { className: "edit-thumb", src: photo.thumbnailURL,
    width: photo.width, height: photo.height, decoding: "async" });
  thumb.style.background = photo.color;
  const description = element("textarea", { id: `${id}-description`, rows: 2,
    value: photo.description ?? "" });
  const [field, descriptionError] = labelledField(description, "");
  descriptionError.before(characterCounter(description, LIMITS.description));
  const placeThumb = describedPreview(thumb, description);
  const label = field.querySelector("label");
  const error = element("p", { className: "field-error", id: `${id}-error` });
  const button = (className, text) => element("button", { type: "button", className }, text);
  const earlier = button("move-earlier", "Move earlier");
  const later = button("move-later", "Move later");
  const remove = button("remove-photo", "Remove");
  const reason = element("p", { className: "hint last-photo", id: `${id}-last` }, LAST_PHOTO);
  const legend = element("legend", {});
  const group = element("fieldset", { className: "edit-photo", id, tabIndex: -1 }, legend,
    element("div", { className: "edit-photo-layout" }, thumb,
      element("div", { className: "edit-photo-body" }, error, field)),
    element("div", { className: "edit-photo-buttons" }, earlier, later, remove), reason);
  group.setAttribute("aria-describedby", error.id);
  return {
    photo, node: element("li", {}, group), group, description, earlier, later, remove, error,
    /** Says where it is, 1-based; the buttons that cannot act are marked so. */
    number(position, count) {
      legend.textContent = `Photo ${position} of ${count}`;
      label.textContent = `Description of photo ${position}`;
      placeThumb(position, count);
      earlier.setAttribute("aria-disabled", String(position === 1));
      later.setAttribute("aria-disabled", String(position === count));
      remove.setAttribute("aria-disabled", String(count === 1));
      reason.hidden = count > 1;
      if (count === 1) remove.setAttribute("aria-describedby", reason.id);
      else remove.removeAttribute("aria-describedby");
    },
  };
}
