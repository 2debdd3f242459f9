// A list's own controls, for its owner: Rename (inline, in place of its heading), Share (the
// link shown with Copy link and Stop sharing), Delete (confirmed), and the note of one entry
// (a small modal dialog). Each talks to the server and tells the page through `host`:
// {list, setList(list), say(text), alert(text), deleted()}.
import { api } from "./api.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { sentence } from "./messages.js";
import { NAME_LIMIT, nameProblem, noteProblem, sharedPath } from "./pocket-text.js";

/** The heading's Rename form, shown in place of `heading` until saved or cancelled. */
export function renameForm(heading, host) {
  const input = element("input", { id: "rename-list", name: "name", autocomplete: "off" });
  const [field, error] = labelledField(input, "List name", `1 to ${NAME_LIMIT} characters.`);
  const save = element("button", { type: "submit" }, "Save name");
  const cancel = element("button", { type: "button" }, "Cancel");
  const form = element("form", { className: "rename-list", hidden: true }, field, save, cancel);
  form.setAttribute("aria-label", "Rename the list");
  const done = (focus) => {
    form.hidden = true;
    heading.parentElement.hidden = false;
    focus.focus();
  };
  const open = () => {
    input.value = host.list.name;
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    heading.parentElement.hidden = true;
    form.hidden = false;
    input.focus();
    input.select();
  };
  cancel.addEventListener("click", () => done(heading.parentElement.querySelector(".rename")));
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    done(heading.parentElement.querySelector(".rename"));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    // The one way the app shows a field's error (dom.js).
    const refuse = (message) =>
      showFieldErrors({ name: input }, { name: error }, { name: message });
    const problem = nameProblem(name);
    if (problem) return refuse(problem);
    try {
      host.setList(await api("PATCH", `/api/lists/${host.list.id}`, { name }));
      host.say(`Renamed to ${name}.`);
      done(heading);
    } catch (failure) {
      refuse(sentence(failure.message));
    }
  });
  return { form, open };
}

/** The Share panel: the link, Copy link and Stop sharing; `draw()` follows the list. */
export function sharePanel(host) {
  const intro = element("p", {}, "Anyone with this link can see the list, not change it:");
  const link = element("input", { id: "share-link", readOnly: true, className: "share-link" });
  link.setAttribute("aria-label", "Link to this list");
  const copy = element("button", { type: "button" }, "Copy link");
  const stop = element("button", { type: "button", className: "danger" }, "Stop sharing");
  const panel = element("div", { className: "share-panel", id: "share-panel", hidden: true }, intro,
    element("div", { className: "share-row" }, link, copy, stop));
  copy.addEventListener("click", async () => {
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      host.say("Link copied.");
    } catch {
      host.say("The link is selected: copy it with your keyboard or menu.");
    }
  });
  stop.addEventListener("click", async () => {
    try {
      host.setList(await api("DELETE", `/api/lists/${host.list.id}/share`));
      host.say("The link no longer opens the list.");
      host.focusShare();
    } catch (failure) {
      host.alert(`Could not stop sharing: ${sentence(failure.message)}`);
    }
  });
  const draw = (open) => {
    const { shared, shareToken } = host.list;
    panel.hidden = !open || !shared || !shareToken;
    link.value = shareToken ? new URL(sharedPath(shareToken), location.origin).href : "";
  };
  return { panel, draw, focus: () => copy.focus() };
}

/** Share: makes the link (the panel shows it, Copy link has the focus). */
export async function share(host, panel) {
  try {
    host.showShare = true;
    host.setList(await api("PUT", `/api/lists/${host.list.id}/share`));
    host.say("Shared: anyone with the link can see this list.");
    panel.focus();
  } catch (failure) {
    host.alert(`Could not share the list: ${sentence(failure.message)}`);
  }
}

/** Delete, once confirmed. */
export async function deleteList(host) {
  const { name, entryCount } = host.list;
  const places = entryCount === 1 ? "its 1 place" : `its ${entryCount} places`;
  if (!confirm(`Delete ${name} and ${places}? The posts and restaurants stay on LOTs.`)) return;
  host.deleting = true;  // its own `list` event must not read it again
  try {
    await api("DELETE", `/api/lists/${host.list.id}`);
    host.deleted();
  } catch (failure) {
    host.deleting = false;
    host.alert(`Could not delete ${name}: ${sentence(failure.message)}`);
  }
}

/**
 * The note of `entry` (named `name`) in a modal dialog; resolves to the new note once saved,
 * or null when cancelled. The focus goes back to `opener`.
 */
export function editNote(listId, entry, name, opener) {
  return new Promise((resolve) => {
    const dialog = element("dialog", { className: "save-dialog note-dialog" });
    const heading = element("h2", { id: "note-title" }, `Note for ${name}`);
    dialog.setAttribute("aria-labelledby", heading.id);
    const input = element("textarea", { id: "entry-note", name: "note", rows: 4,
      value: entry.note ?? "" });
    const [field, error] = labelledField(input, "Note", "What to order, with whom, when…");
    const save = element("button", { type: "submit" }, "Save note");
    const cancel = element("button", { type: "button" }, "Cancel");
    const form = element("form", {}, heading, field,
      element("div", { className: "dialog-buttons" }, save, cancel));
    dialog.append(form);
    let result = null;
    cancel.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
      resolve(result);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const note = input.value.trim();
      error.textContent = noteProblem(note);
      if (error.textContent) return input.focus();
      try {
        await api("PATCH", `/api/lists/${listId}/entries/${entry.id}`, { note });
        result = note;
        dialog.close();
      } catch (failure) {
        error.textContent = `Could not save the note: ${sentence(failure.message)}`;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}
