// "Download your data" without the page: how the status of a person's archive
// (GET /api/me/export) reads, its size and until when it can be had in words, and how long the
// page waits before asking again while the archive is built (1 s, 2 s, 4 s … at most 10 s).
import { momentText } from "./comment-text.js";
import { dayOf } from "./format.js";

/**
 * An archive's status as the server says it; none (a 404) is null.
 * @typedef {{state: "building" | "ready" | "failed", requestedAt: string, readyAt?: string,
 *   expiresAt?: string, bytes?: number, url?: string}} ExportStatus
 */

/**
 * What the section shows for a status: its status line (`said`), a failure's message (`alert`),
 * the button's words (null: no button), whether it waits on a build (`building`), and a ready
 * archive's `link` ({href, text}) and `until` ({iso, text}).
 * @typedef {{state: "none" | "building" | "ready" | "failed", said: string, alert: string,
 *   button: string | null, building: boolean, link?: {href: string, text: string},
 *   until?: {iso: string, text: string}}} ExportView
 */

export const PREPARE = "Prepare my data";
export const PREPARING = "Preparing your archive…";
/** The button beside a ready archive: the server hands the same one out again within the hour
 * after it was made, and builds a new one after that. */
export const FRESH = "Prepare a fresh copy";
export const STILL_FRESH = "Your archive was prepared less than an hour ago: a fresh copy can be "
  + "prepared an hour after it.";
export const FAILED = "Your archive could not be prepared.";
/** Where a ready archive is, when its status names no address. */
export const ARCHIVE = "/api/me/export/archive";
const FIRST_WAIT = 1000;
const LONGEST_WAIT = 10_000;

/** How long to wait before asking for the `attempt`th time (0, 1, …) while the archive is
 * built, in milliseconds: 1 s doubling, at most 10 s. */
export function pollDelay(attempt) {
  const n = Math.max(0, Math.floor(Number(attempt) || 0));
  return Math.min(FIRST_WAIT * 2 ** Math.min(n, 16), LONGEST_WAIT);
}

/** A size in bytes as a person reads it: "512 bytes", "38 KB", "2.4 MB", "1.1 GB" (powers of
 * 1000, as the files app shows them). */
export function sizeText(bytes, locale = undefined) {
  const n = Math.max(0, Number(bytes) || 0);
  if (n < 1000) return n === 1 ? "1 byte" : `${n} bytes`;
  const [unit, scale] = n < 1e6 ? ["KB", 1e3] : n < 1e9 ? ["MB", 1e6] : ["GB", 1e9];
  const value = n / scale;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 1 : 0 });
  return `${number.format(value)} ${unit}`;
}

/** Until when an archive can be had, in the reader's time zone: its time today ("16:04"),
 * else its day too ("Sat 21 Nov, 16:04"). */
export function untilText(iso, now = new Date(), locale = undefined) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return String(iso ?? "");
  if (dayOf(moment) !== dayOf(now)) return momentText(iso, now, locale);
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(moment);
}

/** Whether a status is a ready archive whose time is up by `now` (the server then has none). */
function expired(status, now) {
  const end = Date.parse(status?.expiresAt ?? "");
  return status?.state === "ready" && Number.isFinite(end) && end <= now.getTime();
}

/**
 * What the section shows for `status` (null: there is no archive) at `now`.
 * @param {ExportStatus | null} status
 * @returns {ExportView}
 */
export function exportView(status, now = new Date(), locale = undefined) {
  const none = { state: "none", said: "", alert: "", button: PREPARE, building: false };
  if (!status || expired(status, now)) return none;
  if (status.state === "building") {
    return { state: "building", said: PREPARING, alert: "", button: PREPARE, building: true };
  }
  if (status.state === "ready") {
    const size = Number.isFinite(status.bytes) ? ` (${sizeText(status.bytes, locale)})` : "";
    const view = { state: "ready", said: "Your archive is ready.", alert: "", button: FRESH,
      building: false, link: { href: status.url || ARCHIVE, text: `Download your data${size}` } };
    if (status.expiresAt) {
      view.until = { iso: status.expiresAt, text: untilText(status.expiresAt, now, locale) };
    }
    return view;
  }
  return { state: "failed", said: "", alert: `${FAILED} Try again.`, button: "Try again",
    building: false };
}
