// The moderators' review page: the queue of reported posts and comments with their reports
// (moderation-case.js), a decision on each (restore or remove a post; keep or remove a
// comment; with a note for the audit trail), and the audit trail itself.
import { element } from "./dom.js";
import { api } from "./api.js";
import { explain } from "./messages.js";
import { caseId, caseItem, weight, when } from "./moderation-case.js";
import { decidedText, decisionPath, logAction, logSubject } from "./moderation-text.js";

const main = document.getElementById("review");
const gate = document.getElementById("gate");
const queue = document.getElementById("queue");
const decided = document.getElementById("decided");
const logBody = document.querySelector("#log tbody");
const older = document.getElementById("older");
let nextLog = null;
let total = 0;

const showTotal = () => {
  document.getElementById("queue-count").textContent = `(${total})`;
};

/** Sends the decision; the audit trail is read again, then the item leaves the queue (the
 * page changes at once, the trail saying the decision as it goes) and the focus goes to the
 * next one's first button (else the queue's heading). */
async function decide(item, action, { note, error, buttons }) {
  buttons.forEach((button) => { button.disabled = true; });
  error.textContent = "";
  try {
    await api("POST", decisionPath(item), { action, note: note.value });
    await loadLog(true).catch(() => {});  // taken all the same: the trail as it was
    const row = document.getElementById(caseId(item));
    const next = row.nextElementSibling ?? row.previousElementSibling;
    row.remove();
    total = Math.max(0, total - 1);
    showTotal();
    decided.textContent = decidedText(item, action);
    if (!queue.querySelector(".case")) queue.replaceChildren(nothingWaits());
    (next?.querySelector("button") ?? document.getElementById("queue-title")).focus();
  } catch (failure) {
    error.textContent = explain(failure);
    buttons.forEach((button) => { button.disabled = false; });
  }
}

const nothingWaits = () => element("li", {}, "Nothing waits for review.");

async function loadQueue() {
  const { items, total: count } = await api("GET", "/api/moderation/queue");
  total = count;
  showTotal();
  queue.replaceChildren(...items.map((item) => caseItem(item, decide)));
  if (items.length === 0) queue.append(nothingWaits());
}

async function loadLog(fromStart) {
  const page = await api("GET", "/api/moderation/log"
    + (fromStart || nextLog === null ? "" : `?before=${nextLog}`));
  if (fromStart) logBody.replaceChildren();
  for (const entry of page.entries) {
    logBody.append(element("tr", {},
      element("td", {}, when(entry.createdAt)), element("td", {}, logAction(entry)),
      element("td", {}, logSubject(entry)),
      element("td", {}, entry.moderator ? `@${entry.moderator.username}` : "reports"),
      element("td", {}, weight(entry.score)), element("td", {}, entry.note)));
  }
  if (logBody.childElementCount === 0) {
    logBody.append(element("tr", {}, element("td", { colSpan: 6 }, "No decisions yet.")));
  }
  nextLog = page.next ?? null;
  older.hidden = nextLog === null;
}

async function start() {
  older.addEventListener("click", () => loadLog(false));
  try {
    await loadQueue();
    await loadLog(true);
    document.querySelectorAll("main section").forEach((section) => { section.hidden = false; });
  } catch (failure) {
    gate.hidden = false;
    gate.textContent = failure.status === 401
      ? "Sign in on the home page with a moderator's account to review reports."
      : explain(failure);
    gate.append(" ", element("a", { href: "/" }, "Go to LOTs"));
  } finally {
    main.setAttribute("aria-busy", "false");
  }
}

start();
