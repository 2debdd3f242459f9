// Editing one's own post, from its page (detail.js's Edit, loaded when first pressed): a modal
// dialog (the page behind inert, the focus kept inside) with Caption (counted down near 500),
// Restaurant (the Post form's type-ahead, restaurant-picker.js: a picked restaurant goes by
// its id, a new name with its Area), Meal date, and the photos (post-edit-photos.js:
// descriptions, order, Remove). Save sends PATCH with only what changed (post-edit-text.js);
// what the server refuses is said beside the field, photo or description it names, the focus
// there. Cancel or Escape closes it and gives the focus back to Edit, as Save does.
import { api } from "./api.js";
import { characterCounter } from "./char-counter.js";
import { LIMITS } from "./compose-rules.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { dayOf } from "./format.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { editPhotos } from "./post-edit-photos.js";
import { changedFields, editProblems, editValuesOf, fieldOf, refusalIndex }
  from "./post-edit-text.js";
import { placeFields } from "./place-fields.js";

/**
 * Opens the edit form of `post` in `within` (the post's page).
 * @param {object} post the server's JSON, as the page shows it
 * @param {{within: Element, opener: HTMLElement, saved: (post: object) => void,
 *   unchanged: () => void}} options `saved(post)` gets the server's post once it has the
 *   edit; `unchanged()` is called when Save had nothing to send
 * @returns {HTMLDialogElement}
 */
export function editPost(post, { within, opener, saved, unchanged }) {
  // What was changed is what differs from the post as the form opened with it: another tab's
  // edit arriving meanwhile is not undone by fields left as they were.
  const base = structuredClone(post);
  const start = editValuesOf(base);
  const fields = {};
  const errors = {};
  const field = (name, label, input, hint) => {
    Object.assign(input, { id: `edit-${name}`, name });
    fields[name] = input;
    const [node, error] = labelledField(input, label, hint);
    errors[name] = error;
    if (LIMITS[name]) error.before(characterCounter(input, LIMITS[name]));
    return node;
  };
  const heading = element("h2", { id: "edit-title" }, "Edit post");
  const photos = editPhotos(base);
  const status = element("p", { className: "field-error edit-status", role: "alert" });
  const save = element("button", { type: "submit", className: "edit-save" }, "Save");
  const cancel = element("button", { type: "button", className: "edit-cancel" }, "Cancel");
  const form = element("form", { className: "compose edit-form", noValidate: true }, heading,
    field("caption", "Caption", element("textarea", { rows: 3, value: start.caption })),
    field("restaurant", "Restaurant", element("input", { type: "text", autocomplete: "off",
      value: start.restaurant })),
    field("area", "Area (optional)", element("input", { type: "text", autocomplete: "off",
      value: start.area }), "Neighbourhood or city"),
    field("mealDate", "Meal date", element("input", { type: "date", value: start.mealDate,
      max: dayOf() })),
    photos.node, status, element("div", { className: "edit-buttons" }, save, cancel));
  const dialog = element("dialog", { className: "post-edit", id: "post-edit" }, form);
  dialog.setAttribute("aria-labelledby", heading.id);

  const { picker, showArea, area } = placeFields(fields, errors);

  // Closing gives the focus back in the same task (not a task later, in `close`).
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (opener.isConnected) opener.focus();
  };
  cancel.addEventListener("click", finish);
  // Escape closes the form, not the page (overlay.js leaves a handled Escape alone); the
  // restaurant's open list of suggestions takes its Escape first.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    finish();
  });
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    finish();
  });
  dialog.addEventListener("close", finish);

  const values = () => ({
    caption: fields.caption.value, place: picker.picked(), restaurant: fields.restaurant.value,
    area: area(), mealDate: fields.mealDate.value,
    photos: photos.values(),
  });
  /** Says what is wrong, each beside its field or description; the focus on the first. */
  const show = (found) => {
    const { descriptions, ...rest } = found;
    showFieldErrors(fields, errors, rest);
    const first = photos.showProblems(descriptions);
    if (first && !Object.keys(rest).length) first.focus();
  };

  guardSubmit(form, async () => {
    status.textContent = "";
    const now = values();
    const found = editProblems(now);
    show(found);
    if (Object.keys(found).length) return undefined;
    const body = changedFields(base, now);
    if (!Object.keys(body).length) {
      finish();
      unchanged();
      return undefined;
    }
    try {
      const fresh = await api("PATCH", `/api/posts/${post.id}`, body, { waitWhenLimited: false });
      finish();
      saved(fresh);
      return undefined;
    } catch (failure) {
      const said = explain(failure);
      const beside = photos.showRefusal(failure.field, refusalIndex(failure), said);
      const name = fieldOf(failure.field);
      // A picked restaurant the server does not know: the name typed goes as a new one.
      if (failure.field === "restaurantId") {
        picker.drop("Save again to add it as a new restaurant.");
        showArea();
      }
      if (beside) beside.focus();
      else if (name && errors[name]) show({ [name]: said });
      else status.textContent = failure.status === 403 ? "Only its author can edit a post."
        : `Not saved. ${said}`;
      return failure;
    }
  }, { messages: [status] });

  within.append(dialog);
  dialog.showModal();
  fields.caption.focus();
  return dialog;
}
