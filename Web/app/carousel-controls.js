// A carousel's controls (carousel.js): Previous and Next photo (44 px, over the photo's sides,
// `aria-disabled` at the ends so that the focus stays on them), a dot per photo (a button named
// "Photo 2 of 4", `aria-current` on the one shown, a 32 px target around a small dot), the
// "2 / 4" counter drawn on the photo, and the polite live region that says "Photo 2 of 4:
// Crispy edges" once the carousel has come to rest on another photo.
import { element } from "./dom.js";
import { chevron } from "./photo-icons.js";
import { slideLabel } from "./photo-text.js";
import { stepIndex } from "./carousel-geometry.js";

/** How long the carousel rests on a photo before the live region names it (a swipe or End
 * passes over others, which nobody needs to hear). */
const SAY_AFTER_MS = 250;

/**
 * What the controls ask of their carousel.
 * @typedef {{go: (index: number) => void, announcement: (index: number) => string}} CarouselHost
 */

/**
 * The controls of a carousel of `count` photos: `nodes` go in its region; `draw(index)` shows
 * which photo is in the middle; a button, a dot or a key calls the host's `go(index)`.
 */
export class CarouselControls {
  /** The controls' nodes, in the tab order they go in after the slides. */
  nodes;
  /** @type {CarouselHost} */
  #host;
  #count;
  #index = 0;
  #previous;
  #next;
  #dots;
  #counter;
  #live;
  #sayTimer = 0;

  /**
   * @param {number} count the number of photos
   * @param {CarouselHost} host
   */
  constructor(count, host) {
    this.#count = count;
    this.#host = host;
    this.#previous = this.#step("Previous photo", "carousel-previous", chevron("left"), -1);
    this.#next = this.#step("Next photo", "carousel-next", chevron("right"), 1);
    this.#dots = Array.from({ length: count }, (_, index) => {
      const dot = element("button", { type: "button", className: "carousel-dot" });
      dot.setAttribute("aria-label", slideLabel(index, count));
      dot.addEventListener("click", () => host.go(index));
      return dot;
    });
    const dots = element("div", { className: "carousel-dots" }, ...this.#dots);
    dots.setAttribute("role", "group");
    dots.setAttribute("aria-label", "Choose a photo");
    this.#counter = element("span", { className: "carousel-counter" });
    this.#counter.setAttribute("aria-hidden", "true");
    this.#live = element("p", { className: "visually-hidden carousel-live" });
    this.#live.setAttribute("aria-live", "polite");
    this.#live.setAttribute("aria-atomic", "true");
    this.nodes = [this.#previous, this.#next, this.#counter, dots, this.#live];
    this.draw(0, false);
  }

  /** A Previous or Next button, `step` photos away from the one shown. */
  #step(name, className, icon, step) {
    const button = element("button", { type: "button", className: `carousel-step ${className}` },
      icon);
    button.setAttribute("aria-label", name);
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") return;
      this.#host.go(stepIndex(this.#index, step, this.#count));
    });
    return button;
  }

  /** Shows photo `index` as the one shown; `say`: name it in the live region once at rest. */
  draw(index, say = true) {
    const changed = index !== this.#index;
    this.#index = index;
    this.#previous.setAttribute("aria-disabled", String(index === 0));
    this.#next.setAttribute("aria-disabled", String(index === this.#count - 1));
    this.#dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    this.#counter.textContent = `${index + 1} / ${this.#count}`;
    if (!say || !changed) return;
    clearTimeout(this.#sayTimer);
    this.#sayTimer = setTimeout(() => {
      this.#live.textContent = this.#host.announcement(this.#index);
    }, SAY_AFTER_MS);
  }

  /** The photo whose dot `node` is, or -1 when it is no dot. */
  dotIndex(node) {
    return this.#dots.indexOf(node);
  }

  /** Moves the keyboard focus to the dot of photo `index`. */
  focusDot(index) {
    this.#dots[index]?.focus();
  }

  /** Stops a pending announcement. */
  destroy() {
    clearTimeout(this.#sayTimer);
  }
}
