// An entry of a pocket list in its cell: a post as every list shows it (post-cell.js: photo,
// restaurant, dish, Like, Save) or a restaurant as a card (its cover photo or a plain tile,
// "Phở 24 · Mitte" linking to its page); then the entry's note and, for the list's owner, Edit
// note and Remove. The parts are made once per cell and drawn again in place, so a redraw never
// takes the focus from a button.
import { element } from "./dom.js";
import { placePhotoAlt } from "./photo-text.js";
import { areaSuffix, placeLabel, placePath } from "./place-text.js";
import { paintPost } from "./post-cell.js";
import { entryName } from "./pocket-text.js";

/** Each cell's entry parts, made once: {extra, note, edit, remove}. */
const parts = new WeakMap();
/** Each restaurant cell's own parts: {tile, caption, link, name, area, kind}. */
const placeParts = new WeakMap();
/** What each cell shows and what its buttons do: {entry, actions}. */
const shows = new WeakMap();

/**
 * @typedef {{editNote: (entry: object, button: HTMLElement) => void,
 *   remove: (entry: object, button: HTMLElement) => void, like: (post: object) => void,
 *   owner: boolean, listName: string}} EntryActions
 */

/** The reuse identifier of an entry's cell: posts and restaurants never share cells. */
export const cellKind = (entry) => (entry.post ? "post" : "place");

/** Shows `entry` in `cell`. @param {EntryActions} actions */
export function paintEntry(cell, entry, actions) {
  shows.set(cell, { entry, actions });
  if (entry.post) {
    paintPost(cell, entry.post, { withCaption: true, like: actions.like });
  } else {
    paintPlace(cell, entry);
  }
  const own = extraParts(cell);
  own.note.textContent = entry.note ?? "";
  own.note.hidden = !entry.note;
  own.actions.hidden = !actions.owner;
  const name = entryName(entry);
  own.edit.textContent = entry.note ? "Edit note" : "Add note";
  own.edit.setAttribute("aria-label", `${entry.note ? "Edit" : "Add"} note for ${name}`);
  own.remove.setAttribute("aria-label", `Remove ${name} from ${actions.listName}`);
  const label = cell.getAttribute("aria-label");
  if (entry.note) cell.setAttribute("aria-label", `${label}. Note: ${entry.note}`);
}

function extraParts(cell) {
  let own = parts.get(cell);
  if (own) return own;
  const act = (name) => () => {
    const { entry, actions } = shows.get(cell);
    actions[name](entry, name === "editNote" ? own.edit : own.remove);
  };
  const edit = element("button", { type: "button", className: "entry-edit" }, "Edit note");
  edit.addEventListener("click", act("editNote"));
  const remove = element("button", { type: "button", className: "entry-remove" }, "Remove");
  remove.addEventListener("click", act("remove"));
  own = { extra: element("div", { className: "entry-extra" }),
    note: element("p", { className: "entry-note" }),
    actions: element("div", { className: "entry-actions" }, edit, remove), edit, remove };
  own.extra.append(own.note, own.actions);
  cell.append(own.extra);
  parts.set(cell, own);
  return own;
}

/**
 * A restaurant's card: its cover (named by its description, else "Photo at Phở 24") or a tile
 * with its initial, and its name as a link.
 */
function paintPlace(cell, entry) {
  const restaurant = entry.restaurant ?? { name: "Restaurant", area: "" };
  cell.classList.add("post", "place-entry");
  let own = placeParts.get(cell);
  if (!own) {
    own = { name: element("b", { className: "restaurant" }),
      area: element("span", { className: "area" }),
      kind: element("span", { className: "meta" }, "Restaurant") };
    own.link = element("a", { className: "place" }, own.name, own.area);
    own.caption = element("div", { className: "caption" }, own.link, own.kind);
    cell.append(own.caption);
    placeParts.set(cell, own);
  }
  const cover = entry.cover;
  const previous = cell.querySelector(".place-cover");
  let tile = previous;
  if (previous?.dataset.cover !== (cover?.thumbnailURL ?? "")) {
    tile = cover
      ? element("img", { className: "place-cover", decoding: "async", loading: "lazy",
        src: cover.thumbnailURL })
      : element("span", { className: "place-cover place-tile" }, [...restaurant.name][0] ?? "");
    tile.dataset.cover = cover?.thumbnailURL ?? "";
    // The initial only repeats the name beside it; a photo is named.
    if (cover) tile.addEventListener("load", () => tile.classList.add("loaded"), { once: true });
    else tile.setAttribute("aria-hidden", "true");
    if (previous) previous.replaceWith(tile);
    else cell.prepend(tile);
  }
  if (cover) tile.alt = placePhotoAlt(cover, restaurant.name);
  cell.style.background = cover?.color ?? "";
  own.name.textContent = restaurant.name;
  own.area.textContent = areaSuffix(restaurant.area);
  own.link.href = placePath(restaurant.id);
  own.link.setAttribute("aria-label", placeLabel(restaurant.name, restaurant.area));
  cell.setAttribute("aria-label", `${placeLabel(restaurant.name, restaurant.area)}, restaurant`);
}
