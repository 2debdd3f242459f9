// How much room a text field has left, shown once it nears its limit ("12 characters left",
// "3 characters too many") and read out politely, instead of a maxlength that cuts pasted text
// without a word. Characters are counted as the server counts them: what a reader sees as one
// (a grapheme: an emoji with its skin tone is one), of the trimmed, NFC-normalised text.
import { element } from "./dom.js";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The characters of `text` as the server counts them. */
export function characterCount(text) {
  let count = 0;
  for (const _ of graphemes.segment(text.trim().normalize("NFC"))) count += 1;
  return count;
}

/** The counter's words for `count` characters of `limit`; empty while far from it. */
export function roomLeft(count, limit, near = 0.8) {
  const left = limit - count;
  const plural = (n) => (Math.abs(n) === 1 ? "character" : "characters");
  if (count < limit * near) return "";
  return left >= 0 ? `${left} ${plural(left)} left` : `${-left} ${plural(left)} too many`;
}

/**
 * A counter for `input` (which has its id) of at most `limit` characters, updated as it is
 * edited: the node, to be placed beside the field, and named by the input's
 * aria-describedby.
 */
export function characterCounter(input, limit) {
  const counter = element("p", { className: "counter", id: `${input.id}-counter` });
  counter.setAttribute("aria-live", "polite");
  const update = () => {
    const count = characterCount(input.value);
    counter.textContent = roomLeft(count, limit);
    counter.classList.toggle("over", count > limit);
  };
  input.addEventListener("input", update);
  const described = input.getAttribute("aria-describedby");
  input.setAttribute("aria-describedby", described ? `${described} ${counter.id}` : counter.id);
  update();
  return counter;
}
