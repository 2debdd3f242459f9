// Editing a post, checked without a browser: the form's first values are the post's, the PATCH
// body carries only what changed (a picked restaurant by id, a typed one by name and area, the
// photos all together in their new order when any moved, went or was described anew), what
// would be refused before sending, which photo a refusal names, the words said about moves,
// and when the page must draw the photos again.
import assert from "node:assert/strict";
import test from "node:test";

import {
  LAST_PHOTO, changedFields, editProblems, editValuesOf, fieldOf, movedText, photosKey,
  refusalIndex, removedText,
} from "../../Web/app/post-edit-text.js";

const photo = (n, description = "") => ({
  width: 800, height: 600, color: "#a0522d", originalURL: `/images/o${n}.jpg`,
  displayURL: `/d${n}`, thumbnailURL: `/t${n}`, displayWidth: 1080, thumbnailWidth: 400,
  description,
});
const post = (photos = [photo(1, "Bowl"), photo(2, ""), photo(3, "Bill")]) => ({
  id: 7, caption: "Pho with everything", restaurant: "Pho Real", restaurantId: 3,
  area: "Mitte", mealDate: "2026-11-21", author: { id: 1, username: "ana" },
  photo: photos[0], morePhotos: photos.slice(1),
});
const unchanged = (p) => editValuesOf(p);

test("the form starts with the post as it is, and saving it unchanged sends nothing", () => {
  const p = post();
  const values = editValuesOf(p);
  assert.deepEqual(values, {
    caption: "Pho with everything", place: null, restaurant: "Pho Real", area: "Mitte",
    mealDate: "2026-11-21",
    photos: [{ originalURL: "/images/o1.jpg", description: "Bowl" },
      { originalURL: "/images/o2.jpg", description: "" },
      { originalURL: "/images/o3.jpg", description: "Bill" }],
  });
  assert.deepEqual(changedFields(p, values), {});
  // A post of one photo, without morePhotos (an older server), a caption of null.
  const single = { ...post([photo(1)]), caption: null, morePhotos: undefined };
  assert.deepEqual(changedFields(single, editValuesOf(single)), {});
});

test("only the caption that changed is sent, as typed; spaces around it are no change", () => {
  const p = post();
  assert.deepEqual(changedFields(p, { ...unchanged(p), caption: "Pho, extra herbs\nand lime" }),
    { caption: "Pho, extra herbs\nand lime" });
  assert.deepEqual(changedFields(p, { ...unchanged(p), caption: "  Pho with everything \n" }),
    {});
  assert.deepEqual(changedFields(p, { ...unchanged(p), caption: "" }), { caption: "" });
  // Composed and decomposed accents are the same text.
  const accented = { ...p, caption: "Phở" };
  assert.deepEqual(changedFields(accented, { ...unchanged(accented),
    caption: "Pho\u031b\u0309" }), {});
});

test("a picked restaurant goes by its id, unless it is the post's own", () => {
  const p = post();
  assert.deepEqual(changedFields(p, { ...unchanged(p), place: { id: 12 }, restaurant: "Phở 24" }),
    { restaurantId: 12 });
  assert.deepEqual(changedFields(p, { ...unchanged(p), place: { id: 3 } }), {});
});

test("a typed restaurant goes by its name, with its area when one is given", () => {
  const p = post();
  assert.deepEqual(changedFields(p, { ...unchanged(p), restaurant: "Phở 24", area: "Kreuzberg" }),
    { restaurant: "Phở 24", area: "Kreuzberg" });
  assert.deepEqual(changedFields(p, { ...unchanged(p), restaurant: "Phở 24", area: "  " }),
    { restaurant: "Phở 24" });
  // The same name in another area is another restaurant.
  assert.deepEqual(changedFields(p, { ...unchanged(p), area: "Neukölln" }),
    { restaurant: "Pho Real", area: "Neukölln" });
  assert.deepEqual(changedFields(p, { ...unchanged(p), area: "" }), { restaurant: "Pho Real" });
  assert.deepEqual(changedFields(p, { ...unchanged(p), restaurant: " Pho Real " }), {});
});

test("a new meal date is sent", () => {
  const p = post();
  assert.deepEqual(changedFields(p, { ...unchanged(p), mealDate: "2026-11-20" }),
    { mealDate: "2026-11-20" });
});

test("the photos go all together, in the new order, when one moved, went or was described", () => {
  const p = post();
  const [a, b, c] = unchanged(p).photos;
  assert.deepEqual(changedFields(p, { ...unchanged(p), photos: [b, a, c] }).photos, [b, a, c]);
  assert.deepEqual(changedFields(p, { ...unchanged(p), photos: [a, c] }), { photos: [a, c] });
  const described = { ...b, description: "Herbs and lime" };
  assert.deepEqual(changedFields(p, { ...unchanged(p), photos: [a, described, c] }),
    { photos: [a, described, c] });
  // A description with spaces around it is the same description.
  assert.deepEqual(changedFields(p, { ...unchanged(p),
    photos: [{ ...a, description: " Bowl " }, b, c] }), {});
  // Everything at once.
  assert.deepEqual(Object.keys(changedFields(p, { caption: "New", place: { id: 9 },
    restaurant: "X", area: "", mealDate: "2026-01-02", photos: [c] })).sort(),
  ["caption", "mealDate", "photos", "restaurantId"]);
});

test("what the server would refuse is said before sending, descriptions by photo", () => {
  const p = post();
  assert.deepEqual(editProblems(unchanged(p)), {});
  const long = "a".repeat(1001);
  const found = editProblems({ ...unchanged(p), caption: "c".repeat(501), restaurant: " ",
    mealDate: "2099-01-01",
    photos: [{ originalURL: "/o1", description: "" },
      { originalURL: "/o2", description: long }] });
  assert.equal(found.caption, "Caption must be 0 to 500 characters long.");
  assert.equal(found.restaurant, "Restaurant must be 1 to 100 characters long.");
  assert.equal(found.mealDate, "The meal date cannot be in the future.");
  assert.deepEqual(found.descriptions, { 2: "Description must be 0 to 1,000 characters long." });
  assert.equal(found.photo, undefined);
  assert.equal(found.photos, undefined);
  // A picked restaurant's area is its own: a long area typed before is not checked.
  assert.deepEqual(editProblems({ ...unchanged(p), place: { id: 2 }, area: "x".repeat(61) }), {});
  assert.equal(editProblems({ ...unchanged(p), area: "x".repeat(61) }).area,
    "Area must be 0 to 60 characters long.");
});

test("a refusal names its photo by index, else by its message; its field in the form", () => {
  assert.equal(refusalIndex({ index: 2, message: "x" }), 2);
  assert.equal(refusalIndex({ message: "Photo 3 of 4: description must be …" }), 3);
  assert.equal(refusalIndex({ message: "photo 1: it is not a photo of this post" }), 1);
  assert.equal(refusalIndex({ message: "caption must be …" }), undefined);
  assert.equal(refusalIndex({ index: 0, message: "" }), undefined);
  assert.equal(refusalIndex(undefined), undefined);
  assert.equal(fieldOf("restaurantId"), "restaurant");
  assert.equal(fieldOf("caption"), "caption");
});

test("moves and removals are said in words", () => {
  assert.equal(movedText(1, 3), "Photo moved to position 2 of 3.");
  assert.equal(movedText(-1, 3), "This photo is already the first.");
  assert.equal(movedText(3, 3), "This photo is already the last.");
  assert.equal(removedText(2), "Photo removed: 2 left.");
  assert.match(LAST_PHOTO, /at least one photo/);
});

test("the photos are drawn again when their order, number or words change, not otherwise", () => {
  const p = post();
  const key = photosKey(p);
  assert.equal(photosKey({ ...p, likeCount: 4 }), key);
  assert.notEqual(photosKey(post([photo(2), photo(1, "Bowl"), photo(3, "Bill")])), key);
  assert.notEqual(photosKey(post([photo(1, "Bowl"), photo(3, "Bill")])), key);
  assert.notEqual(photosKey(post([photo(1, "Soup"), photo(2), photo(3, "Bill")])), key);
  // Photo 2 has no description: the caption names it, so a new caption redraws it.
  assert.notEqual(photosKey({ ...p, caption: "Soup" }), key);
  assert.equal(photosKey({ ...post([photo(1, "a")]), caption: "Soup" }),
    photosKey(post([photo(1, "a")])));
});
