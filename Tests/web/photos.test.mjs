// A post's photos (posts of 1 to 10 photos), checked without a browser: each photo's
// alternative text (its description, else the post's words; a restaurant's cover's; a photo's
// being described), "3 photos", a carousel's slide
// names and announcements, srcset; the carousel's slide size, how a photo fits a slide, and
// which photo a key leads to.
import assert from "node:assert/strict";
import test from "node:test";

import {
  descriptionOf, draftPhotoAlt, photoAlt, photoCount, photosOf, photosText, placePhotoAlt,
  slideAnnouncement, slideLabel, srcsetOf,
} from "../../Web/app/photo-text.js";
import {
  FLATTEST, PEEK, TALLEST, fitPhoto, keyTarget, slideSize, stepIndex,
} from "../../Web/app/carousel-geometry.js";

const photo = (n, description = "") => ({
  width: 1080, height: 1440, color: "#a0522d", originalURL: `/o${n}`, displayURL: `/d${n}`,
  thumbnailURL: `/t${n}`, displayWidth: 1080, thumbnailWidth: 400, description,
});
const post = (photos, { caption = "Carbonara", restaurant = "Pasta La Vista" } = {}) => ({
  caption, restaurant, author: { id: 1, username: "jonas" },
  photo: photos[0], morePhotos: photos.slice(1),
});

test("a post's photos are its cover, then the others in order", () => {
  const photos = [photo(1), photo(2), photo(3)];
  assert.deepEqual(photosOf(post(photos)), photos);
  assert.equal(photoCount(post(photos)), 3);
  assert.deepEqual(photosOf({ photo: photos[0], morePhotos: [] }), [photos[0]]);
  // A post from a server without morePhotos: its one photo.
  assert.deepEqual(photosOf({ photo: photos[0] }), [photos[0]]);
  assert.equal(photoCount({ photo: photos[0], morePhotos: null }), 1);
});

test("a photo's alternative text is its description, else the post's words", () => {
  const described = photo(1, "  Crispy guanciale on a fork \n");
  assert.equal(descriptionOf(described), "Crispy guanciale on a fork");
  assert.equal(photoAlt(post([described])), "Crispy guanciale on a fork");
  assert.equal(photoAlt(post([photo(1)])), "Carbonara at Pasta La Vista, photo by @jonas");
  assert.equal(photoAlt(post([photo(1, "   ")], { caption: "" })),
    "Lunch at Pasta La Vista, photo by @jonas");
  // Another photo of the post: its own description, or the same words.
  const p = post([described, photo(2, "The bill"), photo(3)]);
  assert.equal(photoAlt(p, p.morePhotos[0]), "The bill");
  assert.equal(photoAlt(p, p.morePhotos[1]), "Carbonara at Pasta La Vista, photo by @jonas");
  assert.equal(descriptionOf({}), "");
  assert.equal(descriptionOf(undefined), "");
  // An author not known (a notification about someone else's post): the post's words alone.
  assert.equal(photoAlt({ ...post([photo(1)]), author: null }), "Carbonara at Pasta La Vista");
});

test("a restaurant's cover and a photo being described have words too", () => {
  assert.equal(placePhotoAlt(photo(1, " Steaming bowl "), "Phở 24"), "Steaming bowl");
  assert.equal(placePhotoAlt(photo(1), "Phở 24"), "Photo at Phở 24");
  assert.equal(draftPhotoAlt("  A red square ", 1, 3), "A red square");
  assert.equal(draftPhotoAlt("", 2, 3), "Photo 2 of 3, not yet described");
  assert.equal(draftPhotoAlt(" \n", 1, 1), "Photo 1 of 1, not yet described");
});

test("counts, slide names and what a carousel says", () => {
  assert.equal(photosText(1), "1 photo");
  assert.equal(photosText(4), "4 photos");
  assert.equal(slideLabel(0, 4), "Photo 1 of 4");
  assert.equal(slideLabel(3, 4), "Photo 4 of 4");
  const p = post([photo(1, "Steam"), photo(2), photo(3, "Dessert")]);
  assert.equal(slideAnnouncement(p, 0), "Photo 1 of 3: Steam");
  assert.equal(slideAnnouncement(p, 1), "Photo 2 of 3");
  assert.equal(slideAnnouncement(p, 2), "Photo 3 of 3: Dessert");
  assert.equal(srcsetOf(photo(7)), "/t7 400w, /d7 1080w");
});

test("a slide leaves a peek of each neighbour and follows the tallest photo", () => {
  const portrait = { width: 1080, height: 1440 };
  const landscape = { width: 1600, height: 900 };
  // A phone: 390 wide; the tallest photo (3:4) is capped at 4:5.
  assert.deepEqual(slideSize(390, 704, [landscape, portrait]),
    { width: 390 - 2 * PEEK, height: Math.round((390 - 2 * PEEK) * TALLEST), peek: PEEK });
  // Landscape photos only: as tall as the tallest of them.
  const wide = slideSize(390, 704, [landscape, { width: 1000, height: 500 }]);
  assert.equal(wide.height, Math.round(wide.width * 900 / 1600));
  // A panorama is not flatter than 1.91:1.
  assert.equal(slideSize(390, 704, [{ width: 4000, height: 500 }]).height,
    Math.round((390 - 2 * PEEK) * FLATTEST));
  // A low window caps the height, never below 200.
  assert.equal(slideSize(626, 500, [portrait]).height, 500);
  assert.equal(slideSize(626, 50, [portrait]).height, 200);
  // Too narrow for peeks: the whole width.
  assert.deepEqual(slideSize(200, 700, [{ width: 100, height: 100 }]),
    { width: 200, height: 200, peek: 0 });
  // Nonsense sizes count as square; no negative sizes.
  assert.equal(slideSize(390, 704, [{ width: 0, height: 0 }]).height, 390 - 2 * PEEK);
  assert.deepEqual(slideSize(-5, 700, []), { width: 0, height: 0, peek: 0 });
});

test("a photo fits its slide whole, its proportions kept", () => {
  assert.deepEqual(fitPhoto({ width: 1080, height: 1440 }, { width: 326, height: 408 }),
    { width: 306, height: 408 });
  assert.deepEqual(fitPhoto({ width: 1600, height: 900 }, { width: 326, height: 408 }),
    { width: 326, height: 183 });
  assert.deepEqual(fitPhoto({ width: 100, height: 100 }, { width: 300, height: 200 }),
    { width: 200, height: 200 });
  assert.deepEqual(fitPhoto({ width: 0, height: 10 }, { width: 300, height: 200 }),
    { width: 300, height: 200 });
});

test("arrows move one photo, stopping at the ends; Home and End go to them", () => {
  assert.equal(keyTarget("ArrowRight", 0, 4), 1);
  assert.equal(keyTarget("ArrowRight", 3, 4), 3);
  assert.equal(keyTarget("ArrowLeft", 2, 4), 1);
  assert.equal(keyTarget("ArrowLeft", 0, 4), 0);
  assert.equal(keyTarget("Home", 3, 4), 0);
  assert.equal(keyTarget("End", 0, 4), 3);
  assert.equal(keyTarget("End", 0, 1), 0);
  for (const key of ["ArrowUp", "ArrowDown", "Enter", " ", "PageDown", "a"]) {
    assert.equal(keyTarget(key, 1, 4), null, key);
  }
  assert.equal(stepIndex(0, -1, 10), 0);
  assert.equal(stepIndex(9, 1, 10), 9);
  assert.equal(stepIndex(4, 1, 10), 5);
  assert.equal(stepIndex(0, 1, 0), 0);
});
