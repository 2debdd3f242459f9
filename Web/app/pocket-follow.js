// A pocket page's own change stream (event-stream.js): a list's page carries no sequence, so
// the stream starts at the present; each event goes to `onEvent`, and whatever may have been
// missed (a gap in the chain, a reset, a reconnection before any event) to `onGap`, which
// reads the page again.
import { EventStream } from "./event-stream.js";

/** Follows the stream until `signal` aborts; returns the stream. */
export function follow({ signal, onEvent, onGap }) {
  let last = null;
  let opened = false;
  const stream = new EventStream(() => last);
  stream.onEvent = (event) => {
    if (event.kind === "reset") {
      last = event.seq;
      return onGap();
    }
    const gap = last !== null && event.previous !== last;
    last = event.seq;
    if (gap) return onGap();
    onEvent(event);
  };
  // Back after a cut with no event to resume from: it started at the present again.
  stream.onOpen = () => {
    if (opened && last === null) onGap();
    opened = true;
  };
  stream.open();
  signal.addEventListener("abort", () => stream.close());
  return stream;
}
