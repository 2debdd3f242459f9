// The Bounty detail, animated as the seed app does it in UIKit: the name and bounty labels
// start off-screen to the right, scaled 3×, rotated 180° and transparent, and spring to
// identity over 1 s with damping 0.6; the image flips in from the left over 0.3 s
// (UIView.transition .transitionFlipFromLeft). prefers-reduced-motion shows it at once.
import { formatBounty, portrait } from "./characters.js";
import { springEasing } from "./spring.js";

const SPRING = springEasing(0.6);

export class BountyDetail {
  constructor(element) {
    this.element = element;
    this.image = element.querySelector(".detail-image");
    this.name = element.querySelector(".detail-name");
    this.bounty = element.querySelector(".detail-bounty");
    this.opener = null;
    element.querySelector(".close").addEventListener("click", () => this.close());
    element.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
    });
  }

  /** Shows a character; resolves when every animation has finished. */
  async open(character, opener) {
    this.opener = opener;
    this.image.replaceChildren(portrait(character));
    this.name.textContent = character.name;
    this.bounty.textContent = formatBounty(character.bounty);
    this.element.hidden = false;
    this.element.querySelector(".close").focus({ preventScroll: true });
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const animations = [this.flipIn(), this.springIn(this.name), this.springIn(this.bounty)];
    await Promise.all(animations.map((a) => a.finished.catch(() => {})));
  }

  close() {
    for (const animation of this.element.getAnimations({ subtree: true })) animation.cancel();
    this.element.hidden = true;
    this.opener?.focus({ preventScroll: true });
  }

  flipIn() {
    return this.image.animate([
      { transform: "perspective(1000px) rotateY(-180deg)" },
      { transform: "perspective(1000px) rotateY(0deg)" },
    ], { duration: 300, easing: "ease-in-out" });
  }

  springIn(label) {
    // Far enough right that the label's left edge starts beyond the viewport's right edge,
    // even scaled 3× about its centre.
    const box = label.getBoundingClientRect();
    const offscreen = window.innerWidth - box.left + box.width * 1.5;
    return label.animate([
      { transform: `translateX(${offscreen}px) scale(3) rotate(180deg)`, opacity: 0 },
      { transform: "none", opacity: 1 },
    ], { duration: 1000, easing: SPRING });
  }
}
