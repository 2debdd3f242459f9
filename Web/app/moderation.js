// The moderators' review page: the queue of reported posts with their reports, a decision on
// each (restore or remove, with a note for the audit trail), and the audit trail itself.
import { element } from "./dom.js";
import { api } from "./api.js";
import { explain } from "./messages.js";
import { photoAlt } from "./photo-text.js";

const main = document.getElementById("review");
const gate = document.getElementById("gate");
const queue = document.getElementById("queue");
const decided = document.getElementById("decided");
const logBody = document.querySelector("#log tbody");
const older = document.getElementById("older");
let nextLog = null;

const when = (iso) => new Date(iso).toLocaleString();
const weight = (value) => value.toFixed(2);

function reportLine(report) {
  return element("li", {},
    element("b", {}, `@${report.reporter.username}`),
    ` (weight ${weight(report.weight)}, ${when(report.createdAt)}): `, report.reason);
}

function caseItem(item) {
  const { post } = item;
  const id = `case-${post.id}`;
  const state = element("span", { className: "state" },
    item.state === "pending" ? "Hidden pending review" : item.state === "removed" ? "Removed" : "Shown");
  state.dataset.state = item.state;
  const note = element("textarea", { id: `${id}-note`, maxLength: 500 });
  const error = element("p", { className: "error", role: "alert" });
  const buttons = ["restore", "remove"].map((action) => {
    const button = element("button", { type: "button", className: action },
      action === "restore" ? "Restore" : "Remove");
    button.setAttribute("aria-describedby", `${id}-title`);
    button.addEventListener("click", () => decide(item, action, note, error, buttons));
    return button;
  });
  const photo = element("img", {
    src: post.photo.thumbnailURL, width: 128, height: 128, loading: "lazy",
    alt: photoAlt(post),
  });
  return element("li", { className: "case", id },
    photo,
    element("div", {},
      element("h3", { id: `${id}-title` },
        `${post.restaurant} by @${post.author.username}`, state),
      element("p", {}, post.caption || "(no caption)",
        ` · score ${weight(item.score)} · ${item.reports.length} open report`
          + (item.reports.length === 1 ? "" : "s")),
      element("ul", { ariaLabel: "Reports" }, ...item.reports.map(reportLine)),
      element("label", { htmlFor: note.id }, "Note for the audit trail"),
      note,
      element("div", { className: "actions" }, ...buttons),
      error));
}

async function decide(item, action, note, error, buttons) {
  buttons.forEach((button) => { button.disabled = true; });
  error.textContent = "";
  try {
    await api("POST", `/api/moderation/posts/${item.post.id}/decision`,
      { action, note: note.value });
    const row = document.getElementById(`case-${item.post.id}`);
    const next = row.nextElementSibling ?? row.previousElementSibling;
    row.remove();
    decided.textContent = `${action === "restore" ? "Restored" : "Removed"} the post from `
      + `${item.post.restaurant} by @${item.post.author.username}.`;
    (next?.querySelector("button") ?? document.getElementById("queue-title")).focus();
    await loadLog(true);
  } catch (failure) {
    error.textContent = explain(failure);
    buttons.forEach((button) => { button.disabled = false; });
  }
}

async function loadQueue() {
  const { items, total } = await api("GET", "/api/moderation/queue");
  document.getElementById("queue-count").textContent = `(${total})`;
  queue.replaceChildren(...items.map(caseItem));
  if (items.length === 0) queue.append(element("li", {}, "Nothing waits for review."));
}

async function loadLog(fromStart) {
  const page = await api("GET", "/api/moderation/log"
    + (fromStart || nextLog === null ? "" : `?before=${nextLog}`));
  if (fromStart) logBody.replaceChildren();
  for (const entry of page.entries) {
    const action = { hide: "Hidden by reports", restore: "Restored", remove: "Removed" }[entry.action];
    logBody.append(element("tr", {},
      element("td", {}, when(entry.createdAt)), element("td", {}, action),
      element("td", {}, `#${entry.postID}`),
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
