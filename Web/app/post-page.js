// The Post page (/post): 1 to 10 photos (compose-photos.js: the file chooser, several at once,
// or LOTs's own camera), each with its description, in an order the author sets; caption,
// restaurant and meal date (today unless changed). The checks the server makes run here first
// (compose-rules.js); the upload shows its progress, overall and photo by photo; the server's
// error appears beside the field, the photo or the description it names; a failed upload
// keeps the form and can be retried, and a retry never makes a second post (the same
// Idempotency-Key until one succeeds). Caption, restaurant and descriptions count their
// characters down near their limits; the meal date is checked as it changes. The restaurant is
// a type-ahead of those already on LOTs (restaurant-picker.js, loaded with this page): a
// picked one is sent by its id; a new name goes with its area, if given.
import { characterCounter } from "./char-counter.js";
import { LIMITS, problems } from "./compose-rules.js";
import { photoSection } from "./compose-photos.js";
import { postBody, upload } from "./compose-upload.js";
import { backBar, element, labelledField, showFieldErrors, stylesheet } from "./dom.js";
import { dayOf } from "./format.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { placeFields } from "./place-fields.js";
import { photoStates } from "./upload-progress.js";

export { problems };

/** The form's field a server's error names: a picked restaurant's id is the Restaurant field. */
const FIELDS = { restaurantId: "restaurant" };

/** Builds the page in `container`; `posted(post)` is called once the server has the post. */
export function showPostPage(container, { close, posted }) {
  stylesheet("/app/compose.css");
  let key = crypto.randomUUID();
  const form = element("form", { className: "compose", noValidate: true });
  form.setAttribute("aria-labelledby", "compose-title");
  const fields = {};
  const errors = {};
  function field(name, label, input, hint) {
    input.id = `compose-${name}`;
    input.name = name;
    fields[name] = input;
    const [node, error] = labelledField(input, label, hint);
    errors[name] = error;
    if (LIMITS[name]) error.before(characterCounter(input, LIMITS[name]));
    return node;
  }
  const photos = photoSection();
  const progress = element("progress", { max: 1, value: 0, hidden: true });
  progress.setAttribute("aria-label", "Upload");
  const status = element("p", { role: "status", className: "compose-status" });
  const submit = element("button", { type: "submit" }, "Post");
  form.append(
    element("h2", { id: "compose-title", tabIndex: -1 }, "New lunch"),
    photos.node,
    field("caption", "Caption", element("textarea", { rows: 3 })),
    field("restaurant", "Restaurant", element("input", { type: "text", required: true,
      autocomplete: "off" })),
    field("area", "Area (optional)", element("input", { type: "text", autocomplete: "off" }),
      "Neighbourhood or city"),
    field("mealDate", "Meal date", element("input", { type: "date", value: dayOf(),
      max: dayOf(), required: true })),
    progress, status, submit);
  const { picker, showArea, area } = placeFields(fields, errors);
  container.replaceChildren(backBar(close), form);
  form.querySelector("h2").focus({ preventScroll: true });

  /** Says what is wrong, each beside its field, photo or description; focus on the first. */
  const show = (found) => {
    showFieldErrors(fields, errors, found);
    photos.showProblems(found)?.focus();
  };

  guardSubmit(form, async () => {
    const values = { photos: photos.files(), descriptions: photos.descriptions(),
      caption: fields.caption.value, place: picker.picked(),
      restaurant: fields.restaurant.value, area: area(),
      mealDate: fields.mealDate.value };
    const found = problems(values);
    show(found);
    status.textContent = "";
    if (Object.keys(found).length) return;
    const sizes = values.photos.map((photo) => photo.size);
    progress.hidden = false;
    progress.value = 0;
    photos.lock(true);
    // Until the browser says how far it is: the first photo on its way, the others waiting.
    photos.showStates(photoStates(sizes, 0, Infinity));
    try {
      const post = await upload(postBody(values), key, (loaded, total) => {
        progress.value = loaded / total;
        photos.showStates(photoStates(sizes, loaded, total));
        if (loaded >= total) status.textContent = "Sent. LOTs is preparing your photos…";
      });
      key = crypto.randomUUID();
      photos.dispose();
      posted(post);
    } catch (failure) {
      photos.showStates(null);
      const said = explain(failure);
      // A photo or a description the server refused: beside it, the focus there.
      const beside = photos.showRefusal(failure.field, failure.index, said);
      const name = FIELDS[failure.field] ?? failure.field;
      // A picked restaurant the server does not know: the name typed is sent as a new one.
      if (failure.field === "restaurantId") {
        picker.drop("Post again to add it as a new restaurant.");
      }
      showArea();
      const named = Boolean(beside) || Boolean(name && errors[name]);
      if (beside) beside.focus();
      else if (named) show({ [name]: said });
      status.textContent = named ? ""
        : `The upload failed. ${said} Your post is kept: send it again.`;
      submit.textContent = named ? "Post" : "Try again";
      return failure;
    } finally {
      progress.hidden = true;
      photos.lock(false);
    }
  }, { messages: [status] });
}
