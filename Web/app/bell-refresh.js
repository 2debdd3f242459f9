// Reading something again when asked, at most once per burst and one request at a time: the
// bell's unread count and the notifications page, which many stream events in a row may ask
// for (one like, its comment, a save). Each `request()` waits `delay` ms for quiet (a
// debounce); a read asked for while one is on its way runs once after it, with the latest
// state; a failed read (offline) leaves what was shown. Pure: its clock is given.

/**
 * @typedef {{setTimeout: (run: () => void, ms: number) => any,
 *   clearTimeout: (timer: any) => void}} Clock
 */

export class Refresher {
  #read;
  #apply;
  #delay;
  #clock;
  #timer = null;
  #flight = null;
  #again = false;
  /** Counts `cancel()`s: an answer to a read begun before the last one is not applied. */
  #generation = 0;

  /**
   * `read()` resolves to the fresh value (or rejects: nothing changes); `apply(value)` shows
   * it. `delay` is the quiet wanted after the last request, in ms.
   * @param {() => Promise<any>} read
   * @param {(value: any) => void} apply
   * @param {{delay?: number, clock?: Clock}} [options]
   */
  constructor(read, apply, { delay = 300, clock = globalThis } = {}) {
    this.#read = read;
    this.#apply = apply;
    this.#delay = delay;
    this.#clock = clock;
  }

  /** Whether a read is on its way. */
  get busy() {
    return this.#flight !== null;
  }

  /** Asks for a read once things are quiet for `delay` ms. */
  request() {
    this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.now();
    }, this.#delay);
  }

  /** Reads now, or right after the read on its way. Resolves when the value is shown. */
  now() {
    this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#flight) {
      this.#again = true;
      return this.#flight;
    }
    const generation = this.#generation;
    this.#flight = (async () => {
      try {
        const value = await this.#read();
        if (generation === this.#generation) this.#apply(value);
      } catch {
        // Offline, or refused: the last value shown stays.
      }
    })().finally(() => {
      this.#flight = null;
      if (this.#again) {
        this.#again = false;
        this.now();
      }
    });
    return this.#flight;
  }

  /** Forgets what was asked: no read waits, and the answer to one on its way is dropped. */
  cancel() {
    this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#again = false;
    this.#generation += 1;
  }
}
