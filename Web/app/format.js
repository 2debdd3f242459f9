// Dates as the reader writes them: a calendar day ("2026-11-26", a meal date: no time, no
// zone) in the reader's own language ("Thu 26 Nov", "Thu, Nov 26"), and the day a moment
// falls on in the reader's time zone (today, for the Post form).

const pad = (n) => String(n).padStart(2, "0");

/** The day `moment` (a Date; now if none) falls on in the reader's time zone, `YYYY-MM-DD`. */
export function dayOf(moment = new Date()) {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * A calendar day `YYYY-MM-DD` (a meal date) in the reader's locale: weekday, day and month,
 * and the year when it is not this year (`now`'s). The day is read as a local calendar day,
 * never as midnight UTC (which is the day before west of Greenwich). Text that is not such a
 * date is returned as it is.
 */
export function formatDay(text, now = new Date()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? "");
  if (!match) return text;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const options = { weekday: "short", day: "numeric", month: "short" };
  if (day.getFullYear() !== now.getFullYear()) options.year = "numeric";
  return new Intl.DateTimeFormat(undefined, options).format(day);
}
