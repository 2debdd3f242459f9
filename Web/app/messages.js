// What the server says, as a person reads it: its messages are lower-case phrases ("username or
// password is incorrect", "mealDate must be …"), shown here as sentences; a limit's "retry in
// 5 s" becomes a countdown the form updates each second.

/** `message` as a sentence: a field's name in words, a capital first letter, a full stop. */
export function sentence(message) {
  const text = String(message ?? "").trim()
    // "mealDate must …" → "Meal date must …": the API's field names, in words.
    .replace(/^([a-z]+)([A-Z][a-z]+)\b/, (_, first, second) => `${first} ${second.toLowerCase()}`);
  if (!text) return "";
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * A rate limit's refusal (`too many sign-in requests: retry in 5 s`) with `seconds` left:
 * "Too many sign-in attempts. Try again in 4 s."
 */
export function retryMessage(message, seconds) {
  const action = /^too many (.+?) requests\b/.exec(String(message ?? ""))?.[1];
  const said = action ? `Too many ${action} attempts.`
    : sentence(String(message ?? "").replace(/:?\s*retry in \d+ s$/, ""));
  return `${said} Try again in ${seconds} s.`;
}

/** How a failure reads beside a form: its message as a sentence, or a limit's countdown. */
export function explain(failure) {
  return failure?.retryAfter > 0 ? retryMessage(failure.message, Math.ceil(failure.retryAfter))
    : sentence(failure?.message);
}
