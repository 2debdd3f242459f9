// The server's change stream (`/api/stream`), as one list follows it: opened from the sequence
// the list was read at, resumed after a cut from the last event applied (`?since=`), reconnecting
// with exponential backoff and jitter (our own, not EventSource's fixed retry). The browser's own
// word counts too: going offline cuts the stream at once (an open connection can linger for
// minutes after the network is gone, still saying "Live"), and coming back online reconnects at
// once instead of waiting out the backoff. One stream per shown list: a tab has one open at a
// time, well under the browser's per-origin limit. A connection that goes silent without closing
// (a half-open socket, a proxy that stopped forwarding) is noticed too: the server sends a
// `heartbeat` event as the stream opens, naming its interval, and after each interval without
// an event; hearing nothing for two intervals, the stream says it is reconnecting and does.

const MAX_DELAY_MS = 30_000;
/** The server's heartbeat interval until its first heartbeat names it (ms). */
const HEARTBEAT_MS = 15_000;

/**
 * Where the app hears of its reader's pocket lists changing (`list` events, from whichever
 * stream a tab has open): a "list" CustomEvent whose detail is the event. Several streams may
 * bring the same event: a listener keys on `detail.seq`.
 */
export const listEvents = new EventTarget();

/**
 * Every event of every stream the tab has open, for what follows the stream beside the lists
 * (the header's bell, the notifications page): an "event" CustomEvent whose detail is the event,
 * and an "open" CustomEvent (detail `{resumed}`) when a stream connects. Several streams may
 * bring the same event: a listener keys on `detail.seq` or does not mind a repeat.
 */
export const streamEvents = new EventTarget();

/** The streams opened and not closed for good (one paused to reload counts). */
const followed = new Set();

/** Whether any stream is followed in this tab: a page that needs one opens its own if not. */
export function followingStream() {
  return followed.size > 0;
}

export class EventStream {
  /** Called with each event, parsed. */
  onEvent = () => {};
  /** Called with "live", "offline", "reconnecting" (the connection went silent) or
   * "connecting", the retry delay in ms and, when live, whether it is back after a cut (what
   * it missed meanwhile may include its session's end). */
  onStatus = () => {};
  /** Called when a connection opens (after a cut too). */
  onOpen = () => {};

  #since;
  #source = null;
  #retries = 0;
  #retryTimer = 0;
  #cut = false;
  #closed = false;
  #heartbeat = HEARTBEAT_MS;
  #silence = 0;

  /** `since()` answers the sequence of the last event applied, read at every (re)connection;
   * null starts at the present (a pocket list, whose page carries no sequence). */
  constructor(since) {
    this.#since = since;
    addEventListener("offline", this.#wentOffline);
    addEventListener("online", this.#cameOnline);
  }

  #wentOffline = () => {
    const source = this.#source;
    if (source && source.readyState !== EventSource.CLOSED) source.onerror();
  };

  #cameOnline = () => {
    if (this.#closed || !this.#retryTimer) return;  // open, or paused by its list
    this.#retries = 0;
    this.open();
  };

  /** Opens the stream (again, after `pause`). */
  open() {
    if (this.#closed) return;
    followed.add(this);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = 0;
    this.#source?.close();
    this.onStatus("connecting", 0);
    const since = this.#since();
    const source = new EventSource(since == null ? "/api/stream" : `/api/stream?since=${since}`);
    this.#source = source;
    this.#heard(source);
    source.addEventListener("heartbeat", (message) => {
      if (this.#source !== source) return;
      const interval = Number(JSON.parse(message.data).interval);
      if (interval > 0) this.#heartbeat = interval;
      this.#heard(source);
    });
    source.onopen = () => {
      this.#heard(source);
      this.#retries = 0;
      const resumed = this.#cut;
      this.#cut = false;
      this.onStatus("live", 0, resumed);
      this.onOpen();
      streamEvents.dispatchEvent(new CustomEvent("open", { detail: { resumed } }));
    };
    source.onmessage = (message) => {
      if (this.#source !== source) return;
      this.#heard(source);
      const event = JSON.parse(message.data);
      if (event.kind === "list") listEvents.dispatchEvent(new CustomEvent("list", { detail: event }));
      this.onEvent(event);
      streamEvents.dispatchEvent(new CustomEvent("event", { detail: event }));
    };
    source.onerror = () => this.#retry(source, "offline");
  }

  /** Something came on `source`: it is alive for two more heartbeats. */
  #heard(source) {
    clearTimeout(this.#silence);
    this.#silence = setTimeout(() => this.#retry(source, "reconnecting"), 2 * this.#heartbeat);
  }

  /** Ends `source` (cut, or silent: `state`) and opens a new one after a backoff. */
  #retry(source, state) {
    source.close();
    if (this.#source !== source || this.#closed) return;
    clearTimeout(this.#silence);
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** this.#retries) * (0.5 + Math.random() / 2);
    this.#retries += 1;
    this.#cut = true;
    this.onStatus(state, delay);
    this.#retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Stops listening until `open` (a list reloading itself). */
  pause() {
    clearTimeout(this.#silence);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = 0;
    this.#source?.close();
    this.#source = null;
  }

  /** Closes the stream for good. */
  close() {
    this.#closed = true;
    followed.delete(this);
    removeEventListener("offline", this.#wentOffline);
    removeEventListener("online", this.#cameOnline);
    this.pause();
  }
}
