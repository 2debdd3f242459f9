// The Post page (/post): choose a photo (a phone offers its camera), see it before sending,
// caption, restaurant and meal date (today unless changed). The checks the server makes run
// here first; an upload shows its progress; the server's error appears beside the field it
// names; a failed upload keeps the form and can be retried, and a retry never makes a second
// post (the same Idempotency-Key until one succeeds). Caption and restaurant count their
// characters down near their limits; the photo and the meal date are checked as they change.
// The restaurant is a type-ahead of those already on LOTs (restaurant-picker.js, loaded with
// this page): a picked one is sent by its id; a new name goes with its area, if given.
import { characterCount, characterCounter } from "./char-counter.js";
import { backBar, element, labelledField, showFieldErrors } from "./dom.js";
import { dayOf } from "./format.js";
import { guardSubmit } from "./form-guard.js";
import { explain } from "./messages.js";
import { restaurantPicker } from "./restaurant-picker.js";

const TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];
const MAX_BYTES = 10 * 1024 * 1024;
const LIMITS = { caption: 500, restaurant: 100, area: 60 };
/** The form's field a server's error names: a picked restaurant's id is the Restaurant field. */
const FIELDS = { restaurantId: "restaurant" };

/** The problem with the photo, as the server would see it. */
function photoProblem(photo) {
  if (!photo) return "Choose a photo.";
  if (photo.size > MAX_BYTES) return "Photo is larger than 10 MB.";
  if (photo.type && !TYPES.includes(photo.type)) {
    return "Photo must be a JPEG, PNG, WebP or HEIC image.";
  }
  return undefined;
}

/** The problem with a meal date, as the server would see it; `today` is the reader's. */
function mealDateProblem(mealDate, today = dayOf()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(mealDate);
  const day = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  if (!match) return "Meal date must be a date written YYYY-MM-DD.";
  if (day.getUTCMonth() !== +match[2] - 1 || +match[1] < 2000 || +match[1] > 2100) {
    return "Meal date is not a real day between 2000 and 2100.";
  }
  if (mealDate > today) return "The meal date cannot be in the future.";
  return undefined;
}

/** The problem with each field as the server would see it (its rules, in its words). */
export function problems({ photo, caption, restaurant, area = "", mealDate }) {
  const found = {};
  const bytes = (text) => new TextEncoder().encode(text).length;
  const fits = (text, name, least = 0) => {
    const count = characterCount(text);
    return count >= least && count <= LIMITS[name] && bytes(text.trim()) <= 4 * LIMITS[name];
  };
  found.photo = photoProblem(photo);
  if (!fits(caption, "caption")) found.caption = "Caption must be 0 to 500 characters long.";
  if (!fits(restaurant, "restaurant", 1)) {
    found.restaurant = "Restaurant must be 1 to 100 characters long.";
  }
  if (!fits(area, "area")) found.area = "Area must be 0 to 60 characters long.";
  found.mealDate = mealDateProblem(mealDate);
  for (const name of Object.keys(found)) if (!found[name]) delete found[name];
  return found;
}

/** Builds the page in `container`; `posted(post)` is called once the server has the post. */
export function showPostPage(container, { close, posted }) {
  let key = crypto.randomUUID();
  let preview = null;
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
  /** Says at once what is wrong with a field that changed (a photo, a date), or nothing. */
  const recheck = (name, problem) => {
    errors[name].textContent = problem ?? "";
    fields[name].setAttribute("aria-invalid", String(Boolean(problem)));
  };
  const photo = element("input", { type: "file", accept: TYPES.join(",") + ",.heic" });
  const image = element("img", { className: "preview", alt: "The chosen photo", hidden: true });
  // A file this browser cannot draw (HEIC outside Safari, or not a photo at all) shows no broken
  // image: a note says so, and the server's check decides when it is sent.
  const note = element("p", { className: "compose-note", id: "compose-photo-note" });
  image.addEventListener("error", () => {
    if (image.hidden) return;
    image.hidden = true;
    note.textContent = "No preview: this browser cannot show this file. It is checked when "
      + "you post.";
  });
  photo.addEventListener("change", () => {
    if (preview) URL.revokeObjectURL(preview);
    const file = photo.files[0];
    preview = file ? URL.createObjectURL(file) : null;
    note.textContent = "";
    image.hidden = !preview;
    if (preview) image.src = preview;
    recheck("photo", file && photoProblem(file));
  });
  const progress = element("progress", { max: 1, value: 0, hidden: true });
  progress.setAttribute("aria-label", "Upload");
  const status = element("p", { role: "status", className: "compose-status" });
  const submit = element("button", { type: "submit" }, "Post");
  form.append(
    element("h2", { id: "compose-title", tabIndex: -1 }, "New lunch"),
    field("photo", "Photo", photo), image, note,
    field("caption", "Caption", element("textarea", { rows: 3 })),
    field("restaurant", "Restaurant", element("input", { type: "text", required: true,
      autocomplete: "off" })),
    field("area", "Area (optional)", element("input", { type: "text", autocomplete: "off" }),
      "Neighbourhood or city"),
    field("mealDate", "Meal date", element("input", { type: "date", value: dayOf(),
      max: dayOf(), required: true })),
    progress, status, submit);
  photo.setAttribute("aria-describedby", `${errors.photo.id} ${note.id}`);
  // The Area goes with a new restaurant's name; a picked restaurant has its own.
  const areaField = fields.area.closest(".field");
  const showArea = () => {
    areaField.hidden = Boolean(picker.picked()) || !fields.restaurant.value.trim();
  };
  const picker = restaurantPicker(fields.restaurant, { onPick: showArea });
  fields.restaurant.closest(".combobox").after(...picker.note);
  fields.restaurant.addEventListener("input", showArea);
  showArea();
  container.replaceChildren(backBar(close), form);
  form.querySelector("h2").focus({ preventScroll: true });
  fields.mealDate.addEventListener("change", () => {
    recheck("mealDate", fields.mealDate.value && mealDateProblem(fields.mealDate.value));
  });

  const show = (found) => showFieldErrors(fields, errors, found);

  guardSubmit(form, async () => {
    const place = picker.picked();
    const values = { photo: photo.files[0] ?? null, caption: fields.caption.value,
      restaurant: fields.restaurant.value, area: areaField.hidden ? "" : fields.area.value,
      mealDate: fields.mealDate.value };
    const found = problems(values);
    show(found);
    status.textContent = "";
    if (Object.keys(found).length) return;
    const body = new FormData();
    body.append("caption", values.caption);
    // A picked restaurant by its id alone; a new one by its name and (if given) area.
    if (place) {
      body.append("restaurantId", String(place.id));
    } else {
      body.append("restaurant", values.restaurant);
      if (values.area.trim()) body.append("area", values.area);
    }
    body.append("mealDate", values.mealDate);
    body.append("photo", values.photo);
    progress.hidden = false;
    progress.value = 0;
    try {
      const post = await upload(body, key, (fraction) => { progress.value = fraction; });
      key = crypto.randomUUID();
      if (preview) URL.revokeObjectURL(preview);
      posted(post);
    } catch (failure) {
      const name = FIELDS[failure.field] ?? failure.field;
      // A picked restaurant the server does not know: the name typed is sent as a new one.
      if (failure.field === "restaurantId") {
        picker.drop("Post again to add it as a new restaurant.");
      }
      showArea();
      if (name && errors[name]) show({ [name]: explain(failure) });
      status.textContent = name && errors[name] ? ""
        : `The upload failed. ${explain(failure)} Your post is kept: send it again.`;
      submit.textContent = name && errors[name] ? "Post" : "Try again";
      return failure;
    } finally {
      progress.hidden = true;
    }
  }, { messages: [status] });
}

/** Sends the form with progress; resolves to the post, or rejects with `{message, field}` (and
 * a limit's `retryAfter`). */
function upload(body, key, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/posts");
    request.setRequestHeader("Idempotency-Key", key);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status === 201) return resolve(request.response);
      const detail = request.response?.error ?? {};
      reject(Object.assign(new Error(detail.message ?? `HTTP ${request.status}`), {
        field: detail.field, status: request.status,
        retryAfter: Number(request.getResponseHeader("Retry-After")) || undefined }));
    });
    request.addEventListener("error", () => reject(new Error("the server could not be reached")));
    request.addEventListener("timeout", () => reject(new Error("the server took too long")));
    request.timeout = 120000;
    request.send(body);
  });
}
