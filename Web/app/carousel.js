// A post's photos on its page (detail.js), when it has more than one: a carousel laid out by
// the engine's carousel row (the gallery's "carousel" kind, not infinite: the photo in the
// middle snaps to the centre after a swipe, a mouse drag or a wheel, its neighbours peek in at
// its sides, dimmed), in the toolkit's CollectionView. Previous and Next, a dot per photo, the
// arrow keys, Home and End move one photo (smoothly, but at once with reduced motion); a
// click on a neighbour brings it to the middle. It is a region named "Photos of this post"
// (`aria-roledescription` carousel), each slide a group "Photo 2 of 4" (slide), each photo's
// alternative text its description; a polite live region names the photo it comes to rest on.
import { CollectionView } from "../toolkit/index.js";
import { element, stylesheet } from "./dom.js";
import { listEngine } from "./lists.js";
import { CarouselControls } from "./carousel-controls.js";
import { SPACING, fitPhoto, keyTarget, slideSize } from "./carousel-geometry.js";
import { photoAlt, photosOf, slideAnnouncement, slideLabel, srcsetOf } from "./photo-text.js";

/** The room the page keeps above and below the slides (its bar, the dots): a slide is never
 * taller than the window less this. */
const CHROME_HEIGHT = 140;
/** Whether two offsets are the same to half a pixel. */
const near = (a, b) => Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5;
/** The carousel on a post's page: one at a time (a new one frees the last one's layout). */
let current = null;

/**
 * A carousel of `post`'s photos, once its styles have loaded: put `element` in the page, then
 * call `start()`.
 * @param {object} post a post of two or more photos (the server's JSON)
 * @returns {Promise<PhotoCarousel>}
 */
export async function makeCarousel(post) {
  await stylesheet("/app/carousel.css");
  return new PhotoCarousel(post, listEngine());
}

/**
 * The carousel of one post's photos: its region (`element`), laid out by `start()` once in the
 * page, moved by `go(index)`; `destroy()` (also when it leaves the page) frees its layout.
 */
export class PhotoCarousel {
  /** The carousel's region. */
  element;
  #post;
  #photos;
  #engine;
  #host;
  #controls;
  /** @type {CollectionView | null} */
  #view = null;
  #slide = { width: 0, height: 0, peek: 0 };
  /** The photo shown (or being brought to the middle by a button or a key). */
  #index = 0;
  /** The photo a button or key scrolls to, until it arrives (the photos passed on the way
   * are not shown as current); null otherwise. */
  #target = null;
  /** Whether a relayout is under way (its focus changes are not the reader's). */
  #quiet = false;
  #abort = new AbortController();
  #watcher;

  constructor(post, engine) {
    this.#post = post;
    this.#photos = photosOf(post);
    this.#engine = engine;
    this.#host = element("div", { className: "carousel-viewport" });
    this.#controls = new CarouselControls(this.#photos.length, {
      go: (index) => this.go(index),
      announcement: (index) => slideAnnouncement(post, index),
    });
    this.element = element("section", { className: "carousel", id: "post-photos" },
      this.#host, ...this.#controls.nodes);
    this.element.setAttribute("aria-roledescription", "carousel");
    this.element.setAttribute("aria-label", "Photos of this post");
    this.element.addEventListener("keydown", (event) => this.#keydown(event),
      { signal: this.#abort.signal });
    // Leaving the page (its content replaced) frees the layout.
    this.#watcher = new ResizeObserver(() => {
      if (!this.element.isConnected) this.destroy();
    });
  }

  /** Lays the photos out at the width the carousel has in the page (it must be in it). */
  start() {
    if (current !== this) current?.destroy();
    current = this;
    const view = new CollectionView(this.#host, {
      createCell: () => element("div", { className: "carousel-slide" }),
      configureCell: (cell, indexPath) => this.#configure(cell, indexPath),
    }, { role: "none", tracksCentre: true, dragScroll: true });
    this.#view = view;
    // Rows of photos scroll sideways only: a vertical swipe over them scrolls the page.
    Object.assign(view.scroller.style, { overflowY: "hidden", overscrollBehaviorY: "auto" });
    const signal = this.#abort.signal;
    view.addEventListener("focuschange", ({ detail }) => this.#centred(detail.item), { signal });
    view.addEventListener("select", ({ detail }) => this.go(detail.item), { signal });
    // The reader takes over from a button's scroll: what comes to the middle is shown.
    for (const type of ["pointerdown", "touchstart", "wheel"]) {
      view.scroller.addEventListener(type, () => { this.#target = null; },
        { signal, passive: true });
    }
    view.scroller.addEventListener("scrollend", () => {
      if (this.#target === null) return;
      this.#target = null;
      if (view.focused) this.#show(view.focused.item);
    }, { signal });
    addEventListener("resize", () => this.#layout(), { signal });
    this.#watcher.observe(this.element);
    this.#layout();
  }

  /** The photo shown, from 0. */
  get index() {
    return this.#index;
  }

  /** Brings photo `index` to the middle (smoothly, unless the reader prefers less motion). */
  go(index) {
    const view = this.#view;
    const layout = view?.layout;
    if (!layout || !(index >= 0 && index < this.#photos.length)) return;
    const offset = layout.focusOffset(index, view.bounds);
    this.#show(index);
    this.#target = index;
    if (!near(offset, view.bounds)) view.scrollTo(offset, true);
    // There already (or at once, with reduced motion): nothing to wait for.
    if (near(offset, view.bounds)) this.#target = null;
  }

  /** The item nearest the middle changed (a scroll, a key on a slide, a click). */
  #centred(item) {
    if (this.#quiet) return;
    if (this.#target !== null) {
      if (item !== this.#target) return;
      this.#target = null;
    }
    this.#show(item);
  }

  #show(index) {
    if (index === this.#index) return;
    this.#index = index;
    this.#controls.draw(index);
  }

  /** Arrows, Home and End on the controls (the view answers them itself on a slide); on a
   * dot they go from that dot's photo, and the focus follows to the new photo's dot. */
  #keydown(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.(".cv-cell")) return;
    const dot = this.#controls.dotIndex(event.target);
    const target = keyTarget(event.key, dot >= 0 ? dot : this.#index, this.#photos.length);
    if (target === null) return;
    event.preventDefault();
    this.go(target);
    if (dot >= 0) this.#controls.focusDot(target);
  }

  /** A new layout for the carousel's width (first, and when the window changes). */
  #layout() {
    const view = this.#view;
    if (!this.element.isConnected || !view) return;
    const slide = slideSize(this.element.clientWidth, innerHeight - CHROME_HEIGHT, this.#photos);
    if (view.layout && slide.width === this.#slide.width && slide.height === this.#slide.height) {
      return;
    }
    this.#slide = slide;
    this.element.style.setProperty("--peek", `${slide.peek}px`);
    this.element.style.setProperty("--slide-height", `${slide.height}px`);
    this.#host.style.height = `${slide.height}px`;
    const previous = view.layout;
    const index = this.#index;
    this.#quiet = true;
    view.setLayout(this.#engine.layout({
      kind: "carousel", itemSize: { width: slide.width, height: slide.height },
      interitemSpacing: SPACING, sectionInsetTop: 0, sectionInsetBottom: 0,
      minimumSectionInsetLeft: 0, minimumSectionInsetRight: 0, centerFirstItem: true,
      isInfiniteScrollEnabled: false, scalingOffset: slide.width, minimumScaleFactor: 0.96,
      sideItemAlpha: 0.55,
    }), [{ items: this.#photos.map(({ width, height }) => ({ width, height })) }]);
    previous?.destroy();
    view.scrollTo(view.layout.focusOffset(index, view.bounds), false);
    this.#quiet = false;
  }

  /** Draws photo `item` in a slide (a recycled slide gets a new image for another photo). */
  #configure(cell, { item }) {
    const photo = this.#photos[item];
    if (!photo) return;
    cell.setAttribute("role", "group");
    cell.setAttribute("aria-roledescription", "slide");
    cell.setAttribute("aria-label", slideLabel(item, this.#photos.length));
    // A group has no place in a set: the slide's name says it.
    cell.removeAttribute("aria-setsize");
    cell.removeAttribute("aria-posinset");
    let image = cell.querySelector("img");
    if (image?.dataset.photo !== String(item)) {
      const fresh = element("img", { alt: photoAlt(this.#post, photo), decoding: "async",
        draggable: false, width: photo.width, height: photo.height });
      fresh.dataset.photo = String(item);
      fresh.style.background = photo.color;
      if (image) image.replaceWith(fresh);
      else cell.append(fresh);
      image = fresh;
    }
    const size = fitPhoto(photo, this.#slide);
    image.style.width = `${size.width}px`;
    image.style.height = `${size.height}px`;
    // sizes before srcset and src: the browser picks the rendition once.
    image.sizes = `${size.width}px`;
    image.srcset = srcsetOf(photo);
    if (!image.getAttribute("src")) image.src = photo.displayURL;
  }

  /** Stops listening and frees the layout. */
  destroy() {
    this.#abort.abort();
    this.#watcher.disconnect();
    this.#controls.destroy();
    const view = this.#view;
    this.#view = null;
    view?.destroy();
    view?.layout?.destroy();
    if (current === this) current = null;
  }
}
