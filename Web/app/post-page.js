// The Post page (/post): choose a photo (a phone offers its camera), see it before sending,
// caption, restaurant and meal date (today unless changed). The checks the server makes run
// here first; an upload shows its progress; the server's error appears beside the field it
// names; a failed upload keeps the form and can be retried, and a retry never makes a second
// post (the same Idempotency-Key until one succeeds).
import { backBar, element, labelledField, showFieldErrors } from "./dom.js";
import { guardSubmit } from "./form-guard.js";

const TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];
const MAX_BYTES = 10 * 1024 * 1024;

/** Today in the reader's own time zone, YYYY-MM-DD. */
function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The problem with each field as the server would see it (its rules, in its words). */
export function problems({ photo, caption, restaurant, mealDate }) {
  const found = {};
  if (!photo) found.photo = "choose a photo";
  else if (photo.size > MAX_BYTES) found.photo = "photo is larger than 10 MB";
  else if (photo.type && !TYPES.includes(photo.type)) {
    found.photo = "photo must be a JPEG, PNG, WebP or HEIC image";
  }
  const length = (text) => [...text.normalize("NFC")].length;
  const bytes = (text) => new TextEncoder().encode(text).length;
  if (length(caption.trim()) > 500 || bytes(caption.trim()) > 2000) {
    found.caption = "caption must be 0 to 500 characters long";
  }
  const name = restaurant.trim();
  if (length(name) < 1) found.restaurant = "restaurant must be 1 to 100 characters long";
  else if (length(name) > 100 || bytes(name) > 400) {
    found.restaurant = "restaurant must be 1 to 100 characters long";
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(mealDate);
  const day = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  if (!match) found.mealDate = "mealDate must be a date written YYYY-MM-DD";
  else if (day.getUTCMonth() !== +match[2] - 1 || +match[1] < 2000 || +match[1] > 2100) {
    found.mealDate = "mealDate is not a real day between 2000 and 2100";
  }
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
  function field(name, label, input) {
    input.id = `compose-${name}`;
    input.name = name;
    fields[name] = input;
    const [node, error] = labelledField(input, label);
    errors[name] = error;
    return node;
  }
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
  });
  const progress = element("progress", { max: 1, value: 0, hidden: true });
  progress.setAttribute("aria-label", "Upload");
  const status = element("p", { role: "status", className: "compose-status" });
  const submit = element("button", { type: "submit" }, "Post");
  form.append(
    element("h2", { id: "compose-title", tabIndex: -1 }, "New lunch"),
    field("photo", "Photo", photo), image, note,
    field("caption", "Caption", element("textarea", { maxLength: 500, rows: 3 })),
    field("restaurant", "Restaurant", element("input", { type: "text", maxLength: 100,
      required: true, autocomplete: "off" })),
    field("mealDate", "Meal date", element("input", { type: "date", value: today(),
      required: true })),
    progress, status, submit);
  photo.setAttribute("aria-describedby", `${errors.photo.id} ${note.id}`);
  container.replaceChildren(backBar(close), form);
  form.querySelector("h2").focus({ preventScroll: true });

  const show = (found) => showFieldErrors(fields, errors, found);

  guardSubmit(form, async () => {
    const values = { photo: photo.files[0] ?? null, caption: fields.caption.value,
      restaurant: fields.restaurant.value, mealDate: fields.mealDate.value };
    const found = problems(values);
    show(found);
    status.textContent = "";
    if (Object.keys(found).length) return;
    const body = new FormData();
    body.append("caption", values.caption);
    body.append("restaurant", values.restaurant);
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
      if (failure.field && errors[failure.field]) show({ [failure.field]: failure.message });
      status.textContent = failure.field ? ""
        : `The upload failed: ${failure.message}. Your post is kept: send it again.`;
      submit.textContent = failure.field ? "Post" : "Try again";
    } finally {
      progress.hidden = true;
    }
  });
}

/** Sends the form with progress; resolves to the post, or rejects with `{message, field}`. */
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
      reject(Object.assign(new Error(detail.message ?? `HTTP ${request.status}`),
        { field: detail.field, status: request.status }));
    });
    request.addEventListener("error", () => reject(new Error("the server could not be reached")));
    request.addEventListener("timeout", () => reject(new Error("the server took too long")));
    request.timeout = 120000;
    request.send(body);
  });
}
