// One photo of the Post form's list: a card (a fieldset named "Photo 2 of 3") with its
// preview (named by its description as typed, else "Photo 2 of 3, not yet described"), its
// file's name and size, its Description (the photo's alternative text, counted down near
// 1,000 characters), Move earlier, Move later and Remove, its state while it is sent
// ("Sending", "Sent") and the paragraph for what is wrong with it. A file the browser cannot
// draw (HEIC outside Safari, or not a photo at all) shows no broken image: a note says so, and
// the server's check decides when it is sent.
import { characterCounter } from "./char-counter.js";
import { LIMITS } from "./compose-rules.js";
import { element, labelledField } from "./dom.js";
import { describedPreview } from "./preview-alt.js";
import { STATE_TEXT } from "./upload-progress.js";

/** A file's size in words, never broken across lines: "820 KB", "2.4 MB". */
export function sizeText(bytes) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}\u00a0MB`;
}

/**
 * @typedef {object} PhotoCard
 * @property {HTMLLIElement} node the list item
 * @property {HTMLFieldSetElement} group named "Photo N of M"; the focus for its photo's error
 * @property {HTMLTextAreaElement} description
 * @property {HTMLButtonElement} earlier Move earlier
 * @property {HTMLButtonElement} later Move later
 * @property {HTMLButtonElement} remove
 * @property {HTMLParagraphElement} error what is wrong with the photo itself
 * @property {(position: number, count: number, locked?: boolean) => void} number says where
 *   it is, 1-based; its buttons are marked unavailable at the ends, or all while `locked`
 * @property {(state?: import("./upload-progress.js").PhotoState) => void} showState
 * @property {() => void} dispose lets the preview's memory go
 */

/** The card of `file`; `serial` makes its ids (unique in the page, kept through moves).
 * @returns {PhotoCard} */
export function photoCard(file, serial) {
  const id = `compose-photo-${serial}`;
  const preview = URL.createObjectURL(file);
  const image = element("img", { className: "preview", src: preview });
  const thumb = element("div", { className: "photo-thumb" }, image);
  const note = element("p", { className: "compose-note", id: `${id}-note` });
  image.addEventListener("error", () => {
    if (image.hidden) return;
    image.hidden = true;
    thumb.classList.add("none");
    note.textContent = "No preview: this browser cannot show this file. It is checked when "
      + "you post.";
  });
  const description = element("textarea", { id: `${id}-description`, name: "description",
    rows: 2 });
  const [field, descriptionError] = labelledField(description, "",
    "What is in the photo, for people who cannot see it");
  descriptionError.before(characterCounter(description, LIMITS.description));
  const placeImage = describedPreview(image, description);
  const label = field.querySelector("label");
  const error = element("p", { className: "field-error photo-error", id: `${id}-error` });
  const state = element("p", { className: "photo-state", id: `${id}-state` });
  const button = (className, text) => element("button", { type: "button", className }, text);
  const earlier = button("move-earlier", "Move earlier");
  const later = button("move-later", "Move later");
  const remove = button("remove-photo", "Remove");
  const legend = element("legend", {});
  const group = element("fieldset", { className: "photo-card", id, tabIndex: -1 }, legend,
    element("div", { className: "photo-layout" }, thumb,
      element("div", { className: "photo-body" },
        element("p", { className: "photo-name" }, `${file.name} · ${sizeText(file.size)}`),
        note, error, state, field),
      element("div", { className: "photo-buttons" }, earlier, later, remove)));
  group.setAttribute("aria-describedby", `${error.id} ${note.id} ${state.id}`);
  return {
    node: element("li", {}, group), group, description, earlier, later, remove, error,
    number(position, count, locked = false) {
      legend.textContent = `Photo ${position} of ${count}`;
      label.textContent = `Description of photo ${position}`;
      placeImage(position, count);
      earlier.setAttribute("aria-disabled", String(locked || position === 1));
      later.setAttribute("aria-disabled", String(locked || position === count));
      remove.setAttribute("aria-disabled", String(locked));
    },
    showState(value) {
      state.textContent = value ? STATE_TEXT[value] : "";
      state.dataset.state = value ?? "";
    },
    dispose() {
      URL.revokeObjectURL(preview);
    },
  };
}
