// Scroll velocity measured from recent offsets, in points per second: what UIKit hands to
// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`.

const WINDOW_MS = 100;

export class VelocityTracker {
  #samples = [];

  add(x, y, time = performance.now()) {
    const samples = this.#samples;
    samples.push({ x, y, time });
    while (samples.length > 2 && time - samples[0].time > WINDOW_MS) samples.shift();
  }

  reset() {
    this.#samples.length = 0;
  }

  /** {x, y} over the last ~100 ms; zero when there is too little to measure. */
  velocity(now = performance.now()) {
    const samples = this.#samples;
    if (samples.length < 2) return { x: 0, y: 0 };
    const last = samples[samples.length - 1];
    // A pause before release means the finger stopped: no fling.
    if (now - last.time > WINDOW_MS) return { x: 0, y: 0 };
    const first = samples[0];
    const dt = (last.time - first.time) / 1000;
    if (dt <= 0) return { x: 0, y: 0 };
    return { x: (last.x - first.x) / dt, y: (last.y - first.y) / dt };
  }
}
