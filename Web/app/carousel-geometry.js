// A post's carousel in numbers (carousel.js): how big its slides are for the width it has,
// how a photo fits in a slide, and which photo a key leads to. Pure: no DOM.

/** How much of each neighbour shows beside the photo in the middle (points, each side). */
export const PEEK = 32;
/** The gap between two slides. */
export const SPACING = 6;
/** The flattest and the tallest a slide gets, as height / width (Instagram's 1.91:1, 4:5). */
export const FLATTEST = 1 / 1.91;
export const TALLEST = 1.25;
/** Below this width no neighbour peeks: the slide takes the whole width. */
const NARROWEST_WITH_PEEKS = 280;
/** The lowest a slide gets, whatever the window's height. */
const LOWEST = 200;

/**
 * The size of every slide for a carousel `width` wide that may be `maxHeight` tall, showing
 * `photos` ({width, height}): as wide as leaves `PEEK` of each neighbour, as tall as the
 * tallest photo needs (between `FLATTEST` and `TALLEST` of its width), within `maxHeight`.
 * @returns {{width: number, height: number, peek: number}}
 */
export function slideSize(width, maxHeight, photos) {
  const whole = Math.max(0, Math.floor(width));
  const peek = whole >= NARROWEST_WITH_PEEKS ? PEEK : 0;
  const slide = whole - 2 * peek;
  const ratios = photos.map((p) => (p.width > 0 && p.height > 0 ? p.height / p.width : 1));
  const ratio = Math.min(TALLEST, Math.max(FLATTEST, ...ratios));
  const height = Math.round(Math.min(slide * ratio, Math.max(LOWEST, maxHeight)));
  return { width: slide, height: Math.max(0, height), peek };
}

/**
 * The size `photo` ({width, height}) is drawn at inside a slide `box` ({width, height}): as
 * large as fits whole, its proportions kept (never larger than the box).
 * @returns {{width: number, height: number}}
 */
export function fitPhoto(photo, box) {
  if (!(photo.width > 0 && photo.height > 0)) return { width: box.width, height: box.height };
  const scale = Math.min(box.width / photo.width, box.height / photo.height);
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

/** The photo `index + step` of `count`, kept within the first and the last. */
export function stepIndex(index, step, count) {
  return Math.min(Math.max(0, index + step), Math.max(0, count - 1));
}

/**
 * The photo a key leads to from photo `index` of `count`: ArrowLeft the previous, ArrowRight
 * the next (the ends stay where they are), Home the first, End the last; null for other keys.
 */
export function keyTarget(key, index, count) {
  switch (key) {
    case "ArrowLeft": return stepIndex(index, -1, count);
    case "ArrowRight": return stepIndex(index, 1, count);
    case "Home": return 0;
    case "End": return Math.max(0, count - 1);
    default: return null;
  }
}
