// The Post form of several photos, checked without a browser: its rules for a list of photos
// and their descriptions (as the server's), which chosen files join the list and what is said
// of the others, a refusal's words beside its photo, the multipart body's order, each photo's
// state from the upload's bytes, and the camera's words and file names.
import assert from "node:assert/strict";
import test from "node:test";

import { cameraFileName, cameraProblem } from "../../Web/app/camera.js";
import { sizeText } from "../../Web/app/compose-photo-card.js";
import { MAX_BYTES, admit, besidePhoto } from "../../Web/app/compose-rules.js";
import { postBody } from "../../Web/app/compose-upload.js";
import { problems } from "../../Web/app/post-page.js";
import { STATE_TEXT, photoStates } from "../../Web/app/upload-progress.js";

const jpeg = (name = "lunch.jpg", size = 1000) => ({ name, size, type: "image/jpeg" });
const base = { caption: "", restaurant: "Phở 24", mealDate: "2024-05-01" };

test("a post has 1 to 10 photos", () => {
  assert.deepEqual(problems({ ...base, photos: [] }), { photo: "Choose a photo." });
  assert.deepEqual(problems({ ...base, photo: null }), { photo: "Choose a photo." },
    "a single photo, as the form had it, still reads as a list of one");
  assert.deepEqual(problems({ ...base, photo: jpeg() }), {});
  assert.deepEqual(problems({ ...base, photos: [jpeg()] }), {});
  const ten = Array.from({ length: 10 }, (_, i) => jpeg(`${i}.jpg`));
  assert.deepEqual(problems({ ...base, photos: ten }), {});
  assert.deepEqual(problems({ ...base, photos: [...ten, jpeg()] }),
    { photo: "A post has at most 10 photos." });
});

test("each photo is checked as the server would, by its place in the list", () => {
  const photos = [jpeg(), { name: "menu.txt", size: 10, type: "text/plain" },
    jpeg("big.jpg", MAX_BYTES + 1), { name: "lunch.heic", size: 10, type: "" },
    jpeg("edge.jpg", MAX_BYTES)];
  assert.deepEqual(problems({ ...base, photos }), { photos: {
    2: "Photo must be a JPEG, PNG, WebP or HEIC image.",
    3: "Photo is larger than 10 MB." } });
  for (const type of ["image/png", "image/webp", "image/heic", "image/heif"]) {
    assert.deepEqual(problems({ ...base, photos: [{ name: "a", size: 1, type }] }), {}, type);
  }
});

test("each description is 0 to 1,000 characters as the server counts them", () => {
  const photos = [jpeg(), jpeg(), jpeg(), jpeg()];
  const family = "👩\u200d👩\u200d👧\u200d👦";  // one character, 25 bytes
  const said = "Description must be 0 to 1,000 characters long.";
  assert.deepEqual(problems({ ...base, photos, descriptions: ["", "   ", "a".repeat(1000),
    "🍜".repeat(1000)] }), {}, "empty, blank, at the limit, graphemes not code units");
  assert.deepEqual(problems({ ...base, photos }), {}, "descriptions may be left out");
  assert.deepEqual(problems({ ...base, photos, descriptions: ["a".repeat(1001), "",
    `  ${"b".repeat(1000)}  `, family.repeat(200)] }), { descriptions: { 1: said, 4: said } },
  "counted trimmed; and at most 4 bytes a character, as the caption");
  assert.deepEqual(problems({ ...base, photos: [jpeg()], descriptions: ["line one\nline two"] }),
    {}, "line breaks are allowed");
  assert.deepEqual(problems({ ...base, photos: [], descriptions: ["a".repeat(2000)] }),
    { photo: "Choose a photo." }, "a description without its photo is not looked at");
});

test("problems of several fields come together, the rest as before", () => {
  assert.deepEqual(problems({ photos: [{ name: "x", size: 1, type: "text/html" }],
    descriptions: ["d".repeat(1001)], caption: "c".repeat(501), restaurant: "",
    mealDate: "2024-02-30" }), {
    photos: { 1: "Photo must be a JPEG, PNG, WebP or HEIC image." },
    descriptions: { 1: "Description must be 0 to 1,000 characters long." },
    caption: "Caption must be 0 to 500 characters long.",
    restaurant: "Restaurant must be 1 to 100 characters long.",
    mealDate: "Meal date is not a real day between 2000 and 2100." });
});

test("chosen files join the list in order, up to ten; the others are named and why", () => {
  const three = [jpeg("a.jpg"), jpeg("b.jpg"), jpeg("c.jpg")];
  assert.deepEqual(admit(three, 0), { added: three, refused: "" });
  assert.deepEqual(admit(three, 8), { added: three.slice(0, 2),
    refused: "A post has at most 10 photos: “c.jpg” was not added." });
  assert.deepEqual(admit(three, 9).refused,
    "A post has at most 10 photos: 2 were not added.");
  assert.deepEqual(admit([jpeg("d.jpg")], 10),
    { added: [], refused: "A post has at most 10 photos: “d.jpg” was not added." });
  const mixed = [jpeg("a.jpg"), { name: "menu.txt", size: 9, type: "text/plain" },
    jpeg("huge.jpg", MAX_BYTES + 1), jpeg("b.jpg")];
  assert.deepEqual(admit(mixed, 0), { added: [mixed[0], mixed[3]], refused:
    "“menu.txt” was not added: photo must be a JPEG, PNG, WebP or HEIC image. "
    + "“huge.jpg” was not added: photo is larger than 10 MB." });
  assert.deepEqual(admit([], 3), { added: [], refused: "" });
});

test("the server's refusal of a photo reads beside it without its position", () => {
  assert.equal(besidePhoto("Photo 2 of 3: photo must be a JPEG, PNG, WebP or HEIC image."),
    "Photo must be a JPEG, PNG, WebP or HEIC image.");
  assert.equal(besidePhoto("Photo 10 of 10: description must be 0 to 1,000 characters long."),
    "Description must be 0 to 1,000 characters long.");
  assert.equal(besidePhoto("Photo 2: photo must be a JPEG, PNG, WebP or HEIC image."),
    "Photo must be a JPEG, PNG, WebP or HEIC image.");
  assert.equal(besidePhoto("Photo is larger than 10 MB."), "Photo is larger than 10 MB.");
  assert.equal(besidePhoto("Photos must be 1 to 10"), "Photos must be 1 to 10");
  assert.equal(besidePhoto(undefined), "");
});

test("the body: text fields, then each photo followed by its description", async () => {
  const photos = [new File(["one"], "a.jpg", { type: "image/jpeg" }),
    new File(["two"], "b.png", { type: "image/png" }),
    new File(["three"], "", { type: "image/jpeg" })];
  const body = postBody({ photos, descriptions: ["Rice", "   ", "Tea\nhot"], caption: "Lunch",
    place: null, restaurant: "Phở 24", area: " Mitte ", mealDate: "2024-05-01" });
  const entries = [...body.entries()];
  assert.deepEqual(entries.map(([name]) => name), ["caption", "restaurant", "area", "mealDate",
    "photo", "description", "photo", "description", "photo", "description"]);
  assert.deepEqual(entries.filter(([name]) => name === "description").map(([, v]) => v),
    ["Rice", "", "Tea\nhot"], "one description a photo, empty when blank");
  const files = entries.filter(([name]) => name === "photo").map(([, file]) => file);
  assert.deepEqual(await Promise.all(files.map((file) => file.text())), ["one", "two", "three"]);
  assert.deepEqual(files.map((file) => file.name), ["a.jpg", "b.png", "photo-3.jpg"]);
  const picked = postBody({ photos: photos.slice(0, 1), descriptions: [""], caption: "",
    place: { id: 7 }, restaurant: "Phở 24", area: "Mitte", mealDate: "2024-05-01" });
  assert.deepEqual([...picked.keys()], ["caption", "restaurantId", "mealDate", "photo",
    "description"], "a picked restaurant by its id alone");
  assert.equal(picked.get("restaurantId"), "7");
  const noArea = postBody({ photos: [], descriptions: [], caption: "", place: null,
    restaurant: "X", area: "  ", mealDate: "2024-05-01" });
  assert.equal(noArea.has("area"), false);
});

test("each photo's state follows the bytes sent, in the body's order", () => {
  // 30 bytes besides the photos: 7.5 before, between and after each.
  const sizes = [100, 200, 300];
  const total = 630;
  const at = (loaded) => photoStates(sizes, loaded, total).map(({ state }) => state);
  assert.deepEqual(at(0), ["sending", "waiting", "waiting"]);
  assert.deepEqual(at(50), ["sending", "waiting", "waiting"]);
  assert.deepEqual(at(107.5), ["sent", "sending", "waiting"]);
  assert.deepEqual(at(315), ["sent", "sent", "sending"]);
  assert.deepEqual(at(622.5), ["sent", "sent", "sent"]);
  assert.deepEqual(at(630), ["sent", "sent", "sent"]);
  assert.deepEqual(photoStates(sizes, 57.5, total)[0], { state: "sending", fraction: 0.5 });
  assert.deepEqual(photoStates(sizes, 215, total)[1], { state: "sending", fraction: 0.5 });
  assert.deepEqual(photoStates([10], 0, 10), [{ state: "sending", fraction: 0 }],
    "no other bytes at all");
  assert.deepEqual(photoStates([10], 10, 10), [{ state: "sent", fraction: 1 }]);
  assert.deepEqual(photoStates([], 5, 10), []);
  assert.deepEqual(photoStates([100, 100], 150, 120).map(({ state }) => state),
    ["sent", "sent"], "a total below the photos' sizes: done once it is reached");
  assert.deepEqual([STATE_TEXT.waiting, STATE_TEXT.sending, STATE_TEXT.sent],
    ["Waiting", "Sending", "Sent"]);
});

test("the camera says in words why it cannot start, and names its photos by time", () => {
  const named = (name) => cameraProblem(Object.assign(new Error("x"), { name }));
  assert.equal(named("NotAllowedError"), "LOTs may not use the camera: allow it in the "
    + "browser's settings, or choose a photo instead.");
  assert.equal(named("NotFoundError"),
    "No camera was found on this device: choose a photo instead.");
  assert.equal(named("OverconstrainedError"), named("NotFoundError"));
  assert.equal(named("SecurityError"), named("NotAllowedError"));
  assert.match(named("NotReadableError"), /could not be started.*choose a photo instead\.$/);
  assert.equal(cameraProblem(null),
    "This browser cannot use a camera here: choose a photo instead.");
  assert.equal(cameraFileName(new Date(2024, 4, 1, 9, 3, 7)), "camera-20240501-090307.jpg");
  assert.equal(cameraFileName(new Date(2024, 11, 31, 23, 59, 59)), "camera-20241231-235959.jpg");
});

test("a file's size in words, its number and unit never on two lines", () => {
  const sizes = [1, 1023, 2048, 820 * 1024, 1024 * 1024, 2.44 * 1024 * 1024];
  assert.deepEqual(sizes.map(sizeText), ["1 KB", "1 KB", "2 KB", "820 KB", "1.0 MB", "2.4 MB"]
    .map((text) => text.replace(" ", "\u00a0")));
});
