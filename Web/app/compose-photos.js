// The Post form's photos: 1 to 10, each a card (compose-photo-card.js) in the post's order.
// "Add photos" (the file chooser, several at once; a phone offers its camera) and "Take photo"
// (LOTs's own camera, camera.js, loaded when first pressed) add to the end; a file the server
// would refuse, or one past the tenth, is not added and the list says why in words. Move
// earlier / Move later keep the focus on the button pressed and say the photo's new place
// politely; Remove gives the focus to the next photo's Remove (or Add photos). What is wrong
// with a photo or its description, found here or by the server, appears on its card.
import { ACCEPT, MAX_PHOTOS, admit, besidePhoto } from "./compose-rules.js";
import { photoCard } from "./compose-photo-card.js";
import { element } from "./dom.js";

/**
 * @typedef {object} PhotoSection
 * @property {HTMLElement} node
 * @property {HTMLInputElement} input Add photos (id compose-photo)
 * @property {() => File[]} files in the post's order
 * @property {() => string[]} descriptions one per photo
 * @property {(found: import("./compose-rules.js").Problems) => HTMLElement | null} showProblems
 *   says (or clears) what is wrong with the list, each photo and each description; returns the
 *   first element at fault
 * @property {(field: string, index: number | undefined, message: string) => HTMLElement | null}
 *   showRefusal the server's refusal of a photo or a description, beside it (the list's own
 *   paragraph when it names no photo); null when it names neither
 * @property {(states: {state: string}[] | null) => void} showStates each photo's upload state
 * @property {(locked: boolean) => void} lock no adding, moving or removing while sending
 * @property {() => void} dispose
 */

/** The Photos part of the Post form. @returns {PhotoSection} */
export function photoSection() {
  /** @type {{file: File, card: import("./compose-photo-card.js").PhotoCard}[]} */
  const photos = [];
  let serial = 0;
  let locked = false;
  const list = element("ol", { className: "photo-list", id: "compose-photos" });
  list.setAttribute("aria-labelledby", "compose-photos-title");
  const input = element("input", { type: "file", id: "compose-photo", name: "photo",
    multiple: true, accept: ACCEPT, className: "visually-hidden" });
  const hint = element("p", { className: "hint", id: "compose-photo-hint" },
    `1 to ${MAX_PHOTOS} photos: JPEG, PNG, WebP or HEIC, each up to 10 MB.`);
  const error = element("p", { className: "field-error", id: "compose-photo-error" });
  const news = element("p", { className: "visually-hidden", id: "compose-photo-news" });
  news.setAttribute("aria-live", "polite");
  input.setAttribute("aria-describedby", `${hint.id} ${error.id}`);
  const take = element("button", { type: "button", className: "take-photo",
    id: "compose-take" }, "Take photo");
  const node = element("div", { className: "field photos" },
    element("h3", { id: "compose-photos-title" }, "Photos"), hint, list,
    element("div", { className: "photo-adders" }, input,
      element("label", { htmlFor: input.id, className: "add-photos" }, "Add photos"), take),
    error, news);

  /** Says `text` politely (again, even when it is what was said last). */
  const say = (text) => {
    news.textContent = news.textContent === text ? `${text}\u00a0` : text;
  };
  const renumber = () => {
    list.hidden = photos.length === 0;
    photos.forEach(({ card }, index) => card.number(index + 1, photos.length, locked));
  };
  const add = (files) => {
    if (locked) return;
    const { added, refused } = admit(files, photos.length);
    error.textContent = refused;
    input.setAttribute("aria-invalid", String(Boolean(refused)));
    for (const file of added) {
      const card = photoCard(file, ++serial);
      const photo = { file, card };
      photos.push(photo);
      list.append(card.node);
      card.earlier.addEventListener("click", () => move(photo, -1, card.earlier));
      card.later.addEventListener("click", () => move(photo, 1, card.later));
      card.remove.addEventListener("click", () => removePhoto(photo));
    }
    renumber();
    if (added.length === 1) say(`Photo ${photos.length} of ${photos.length} added.`);
    else if (added.length > 1) say(`${added.length} photos added: ${photos.length} in all.`);
  };
  const move = (photo, step, button) => {
    if (locked) return;
    const from = photos.indexOf(photo);
    const to = from + step;
    if (to < 0 || to >= photos.length) {
      say(step < 0 ? "This photo is already the first." : "This photo is already the last.");
      return;
    }
    // The other card moves, so the one holding the focus never leaves the document.
    const other = photos[to];
    if (step < 0) photo.card.node.after(other.card.node);
    else photo.card.node.before(other.card.node);
    photos[to] = photo;
    photos[from] = other;
    renumber();
    if (document.activeElement !== button) button.focus();
    say(`Photo moved to position ${to + 1} of ${photos.length}.`);
  };
  const removePhoto = (photo) => {
    if (locked) return;
    const index = photos.indexOf(photo);
    photos.splice(index, 1);
    photo.card.node.remove();
    photo.card.dispose();
    renumber();
    const next = photos[index] ?? photos[index - 1];
    if (next) next.card.remove.focus();
    else input.focus();
    say(photos.length ? `Photo removed: ${photos.length} left.` : "Photo removed: none left.");
  };
  input.addEventListener("change", () => {
    add([...input.files]);
    input.value = "";  // the same file may be chosen again
  });
  take.addEventListener("click", async () => {
    if (locked) return;
    if (photos.length >= MAX_PHOTOS) {
      error.textContent = `A post has at most ${MAX_PHOTOS} photos: remove one to take another.`;
      return;
    }
    const { openCamera } = await import("./camera.js");
    openCamera({ opener: take, within: node, onPhoto: (file) => add([file]),
      onChoose: () => input.click() });
  });
  renumber();

  return {
    node, input,
    files: () => photos.map((photo) => photo.file),
    descriptions: () => photos.map((photo) => photo.card.description.value),
    showProblems(found) {
      error.textContent = found.photo ?? "";
      input.setAttribute("aria-invalid", String(Boolean(found.photo)));
      let first = found.photo ? input : null;
      photos.forEach(({ card }, index) => {
        const photoSaid = found.photos?.[index + 1];
        const descriptionSaid = found.descriptions?.[index + 1];
        card.error.textContent = photoSaid ?? "";
        document.getElementById(`${card.description.id}-error`).textContent =
          descriptionSaid ?? "";
        card.description.setAttribute("aria-invalid", String(Boolean(descriptionSaid)));
        first ??= (photoSaid && card.group) || (descriptionSaid && card.description) || null;
      });
      return first;
    },
    showRefusal(field, index, message) {
      const card = photos[index - 1]?.card;
      if (field === "photo" && card) {
        card.error.textContent = besidePhoto(message);
        return card.group;
      }
      if (field === "description" && card) {
        document.getElementById(`${card.description.id}-error`).textContent =
          besidePhoto(message);
        card.description.setAttribute("aria-invalid", "true");
        return card.description;
      }
      if (field !== "photo" && field !== "description") return null;
      error.textContent = message;
      input.setAttribute("aria-invalid", "true");
      return input;
    },
    showStates(states) {
      photos.forEach(({ card }, index) => card.showState(states?.[index]?.state));
    },
    lock(value) {
      locked = value;
      input.disabled = value;
      take.setAttribute("aria-disabled", String(value));
      renumber();
    },
    dispose() {
      for (const { card } of photos) card.dispose();
    },
  };
}
