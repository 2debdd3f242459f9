// A pocket list's heading: its name (Rename in place, for a named list), "12 places · Shared",
// the Waterfall / Grid switch (the reader's choice, kept for every list), and the owner's
// Share (then "Shared link", showing or hiding the link) and Delete list.
import { element } from "./dom.js";
import { rememberListLayout } from "./first-screen.js";
import { onRetitle, titleWhileShown } from "./pocket.js";
import { placesText } from "./pocket-text.js";
import { deleteList, renameForm, share, sharePanel } from "./pocket-tools.js";
import { navigate } from "./router.js";
import { say } from "./save-action.js";
import { listTitle } from "./titles.js";

const LAYOUT_KEY = "lots.listLayout";

/**
 * The heading, count and the owner's controls of the list `state.list` (`owner`: its owner
 * sees Rename, Share and Delete); `alert` takes refusals. Returns {node, heading, draw,
 * layouts, host}.
 */
export function listHeader({ state, owner, alert }) {
  const heading = element("h2", { id: "pocket-title", tabIndex: -1 });
  const meta = element("p", { className: "pocket-meta" });
  const status = element("p", { className: "pocket-status", role: "status" });
  const titleRow = element("div", { className: "pocket-title-row" }, heading);
  const node = element("div", { className: "pocket-head" }, titleRow, meta);
  const host = {
    showShare: false,
    get list() { return state.list; },
    setList(list) {
      state.list = { ...state.list, ...list };
      if (!state.list.shared) host.showShare = false;
      draw();
    },
    say(text) { status.textContent = text; },
    alert(text) { alert.textContent = text; },
    focusShare() { shareButton?.focus(); },
    set deleting(value) { state.deleting = value; },
    deleted() {
      say(`Deleted ${state.list.name}.`);
      navigate("/lists", { replace: true });
    },
  };
  let shareButton = null;
  let rename = null;
  const panel = owner ? sharePanel(host) : null;
  const layouts = layoutSwitch();
  const tools = element("div", { className: "pocket-tools" }, layouts.node);
  if (owner) {
    rename = renameForm(heading, host);
    const renameButton = element("button", { type: "button", className: "rename" }, "Rename");
    renameButton.addEventListener("click", rename.open);
    titleRow.append(renameButton);
    node.append(rename.form);
    shareButton = element("button", { type: "button", className: "share" }, "Share");
    shareButton.setAttribute("aria-controls", "share-panel");
    // Shared: the button shows and hides the link (a phone keeps its room for the photos).
    shareButton.addEventListener("click", () => {
      if (!state.list.shared) return share(host, panel);
      host.showShare = !host.showShare;
      draw();
    });
    const remove = element("button", { type: "button", className: "delete danger" },
      "Delete list");
    remove.addEventListener("click", () => deleteList(host));
    tools.append(shareButton, remove);
    node.append(tools, panel.panel, element("p", { className: "hint", id: "reorder-hint" },
      "To reorder, drag a photo, or focus it and press Space, then the arrow keys, then "
      + "Space to drop (Escape cancels)."));
  } else {
    node.append(tools, element("p", { className: "hint" },
      "A list shared with you: you can look, not change it."));
  }
  node.append(status);
  const draw = () => {
    const { list } = state;
    heading.textContent = list.name;
    titleWhileShown(listTitle(list));
    meta.textContent = placesText(list.entryCount) + (owner && list.shared ? " · Shared" : "");
    const named = list.kind !== "wantToTry";
    titleRow.querySelector(".rename")?.toggleAttribute("hidden", !named);
    node.querySelector(".delete")?.toggleAttribute("hidden", !named);
    if (shareButton) {
      shareButton.textContent = list.shared ? "Shared link" : "Share";
      if (list.shared) shareButton.setAttribute("aria-expanded", String(host.showShare));
      else shareButton.removeAttribute("aria-expanded");
    }
    panel?.draw(host.showShare);
    if (state.view) state.view.content.setAttribute("aria-label", list.name);
  };
  onRetitle(() => { document.title = listTitle(state.list); });
  return { node, heading, draw, layouts, host };
}

/** "Waterfall / Grid": two toggle buttons; the choice is kept for every list. */
function layoutSwitch() {
  const kinds = [["waterfall", "Waterfall"], ["grid", "Grid"]];
  const buttons = kinds.map(([kind, label]) => {
    const button = element("button", { type: "button", className: "layout-choice" }, label);
    button.dataset.kind = kind;
    button.addEventListener("click", () => choose(kind));
    return button;
  });
  const node = element("div", { className: "layout-switch", role: "group" }, ...buttons);
  node.setAttribute("aria-label", "Layout");
  let onChoose = () => {};
  const draw = () => {
    for (const button of buttons) {
      button.setAttribute("aria-pressed", String(button.dataset.kind === chosenLayout()));
    }
  };
  const choose = (kind) => {
    localStorage.setItem(LAYOUT_KEY, kind);
    rememberListLayout(kind);
    draw();
    onChoose(kind);
  };
  rememberListLayout(chosenLayout());
  draw();
  return { node, set onChoose(callback) { onChoose = callback; } };
}


/** The reader's choice of layout for lists: "waterfall" (the default) or "grid". */
export function chosenLayout() {
  return localStorage.getItem(LAYOUT_KEY) === "grid" ? "grid" : "waterfall";
}
