// What the app's stream code needs of a browser, in node: the window's online/offline events
// (addEventListener on the global scope) and an EventSource the test drives by hand.

const window = new EventTarget();
globalThis.addEventListener ??= window.addEventListener.bind(window);
globalThis.removeEventListener ??= window.removeEventListener.bind(window);
globalThis.dispatchEvent ??= window.dispatchEvent.bind(window);

/** An EventSource that opens on the next microtask; `send` delivers an event, `fail` a cut. */
export class FakeSource {
  static CLOSED = 2;
  static last = null;
  static opened = 0;
  readyState = 0;
  constructor(url) {
    this.url = url;
    FakeSource.last = this;
    FakeSource.opened += 1;
    queueMicrotask(() => {
      if (this.readyState === FakeSource.CLOSED) return;
      this.readyState = 1;
      this.onopen?.();
    });
  }
  listeners = new Map();
  addEventListener(name, listener) { this.listeners.set(name, listener); }
  close() { this.closed = true; this.readyState = FakeSource.CLOSED; }
  send(event) { this.onmessage({ data: JSON.stringify(event) }); }
  /** A `heartbeat` event naming `interval` (ms). */
  beat(interval) { this.listeners.get("heartbeat")?.({ data: JSON.stringify({ interval }) }); }
  fail() { this.onerror?.(); }
}
globalThis.EventSource = FakeSource;
