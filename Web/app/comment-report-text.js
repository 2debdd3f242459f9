// A comment's report in words: its button's name ("Report comment by @ben"), what is wrong
// with a reason before it is sent (empty, too long), why the server did not take one (its
// refusals as a person reads them) and what is said once it has. Pure: no DOM.
import { characterCount } from "./char-counter.js";
import { retryMessage, sentence } from "./messages.js";

/** The most characters of a report's reason, as the server counts them. */
export const REASON_LIMIT = 500;

/** What the live region says once a report is taken. */
export const REPORTED = "Reported. A moderator will look at it.";

/** A comment's Report button's name: "Report comment by @ben" (its text, "Report", first). */
export function reportLabel(username) {
  return `Report comment by @${username}`;
}

/** Whether `user` may report `comment`: signed in, and it is not theirs. */
export function canReport(comment, user) {
  return Boolean(user) && comment?.author?.id !== user.id;
}

/** What is wrong with a reason before it is sent, as the server would see it, or "". */
export function reasonProblem(text) {
  const value = String(text ?? "");
  const count = characterCount(value);
  if (count === 0) return "Say why this comment should be reviewed.";
  if (count > REASON_LIMIT) {
    return `A reason has at most 500 characters: this one has ${count.toLocaleString("en")}.`;
  }
  return "";
}

/**
 * Why a report was not taken, in words, from api.js's failure (its `status`, the server's
 * message, a limit's `retryAfter`): the comment gone or out of sight (404), its writer
 * blocking the reader (403), one's own comment or a reason refused (400: the server's words,
 * "reason" for its field), signed out (401), too many reports (429), no network (0).
 */
export function reportRefusal(failure) {
  switch (failure?.status) {
    case 404: return "This comment is no longer there: nothing to report.";
    case 403: return "Its writer has blocked you: you cannot report their comments.";
    case 401: return "You are signed out. Sign in to report a comment.";
    case 429:
      return failure.retryAfter > 0
        ? retryMessage(failure.message, Math.ceil(failure.retryAfter))
        : "Too many reports at once. Try again in a minute.";
    case 0: return "The server cannot be reached. Your reason is kept: send it again.";
    default:
      return sentence(String(failure?.message ?? "the report was not sent"));
  }
}
