// The "Save to…" dialog: every list of the reader as a checkbox (ticked where the thing is
// saved; a tick saves it there, an untick takes it out), a New list field that makes a list
// and saves into it, and the entry's Note (kept in each list it is saved in). A real modal
// dialog (`showModal`: the rest of the page inert, the focus kept inside, Escape closes) that
// gives the focus back to the button that opened it (or, if its cell was recycled meanwhile, to
// the Save button now showing the same thing). Each change is sent at once; a refusal
// puts its box back and says why, beside it.
import { api } from "./api.js";
import { element, labelledField, showFieldErrors } from "./dom.js";
import { sentence } from "./messages.js";
import { query } from "./save-action.js";
import { saveButtonFor } from "./save-button.js";
import { ensureLists, recordList, recordNote, recordRemove, recordSave, refreshSaved, savedIn }
  from "./saved.js";
import { NAME_LIMIT, nameProblem, noteProblem, placesText } from "./pocket-text.js";

let open = null;

/** Shows the dialog for `target` ({postId} or {restaurantId}), named `label`. */
export async function showSaveDialog(target, label, opener) {
  open?.close();
  const dialog = element("dialog", { className: "save-dialog" });
  const heading = element("h2", { id: "save-title" }, "Save to…");
  dialog.setAttribute("aria-labelledby", heading.id);
  dialog.setAttribute("aria-describedby", "save-what");
  const what = element("p", { id: "save-what", className: "save-what" }, label);
  const alert = element("p", { className: "field-error", role: "alert" });
  const status = element("p", { className: "save-status", role: "status" });
  const boxes = element("fieldset", { className: "save-lists" },
    element("legend", {}, "Your lists"));
  boxes.setAttribute("aria-busy", "true");
  const done = element("button", { type: "button", className: "save-done" }, "Done");
  dialog.append(heading, what, boxes, alert, newListForm(), noteForm(), status, done);
  document.body.append(dialog);
  open = dialog;
  // Closing, the focus goes back in the same task: the browser sends `close` a task later,
  // and a screen reader (or a test) reading the focus in between would find the page's body.
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (open === dialog) open = null;
    saveButtonFor(target, opener)?.focus({ preventScroll: true });
  };
  done.addEventListener("click", finish);
  dialog.addEventListener("cancel", (event) => {  // Escape
    event.preventDefault();
    finish();
  });
  dialog.addEventListener("close", finish);  // closeSaveDialog, or a cancel not to be stopped
  dialog.showModal();

  /** Where it is saved: listId → entryId (the server's word, then this dialog's changes). */
  const saved = new Map();
  let lists = [];
  try {
    const [mine, where] = await Promise.all([ensureLists(),
      api("GET", `/api/me/saved?${query(target)}`)]);
    lists = mine;
    for (const { listId, entryId } of where.items) saved.set(listId, entryId);
  } catch (failure) {
    alert.textContent = `Could not load your lists: ${sentence(failure.message)}`;
  }
  boxes.setAttribute("aria-busy", "false");
  for (const list of lists) boxes.append(checkbox(list));
  const noteField = dialog.querySelector("#save-note");
  noteField.value = savedIn(target).find(({ note }) => note)?.note ?? "";
  (boxes.querySelector("input") ?? done).focus();

  function checkbox(list) {
    const input = element("input", { type: "checkbox", id: `save-list-${list.id}`,
      checked: saved.has(list.id) });
    // This dialog's count of the list: `list` may be the lists index's own object, which
    // recordSave and recordRemove keep as well, so it is not changed here.
    let places = list.entryCount;
    const count = element("span", { className: "save-count" }, placesText(places));
    const label = element("label", { htmlFor: input.id, className: "save-list" }, input,
      element("span", { className: "save-name" }, list.name), count);
    let sending = false;
    input.addEventListener("change", async () => {
      if (sending) return;
      sending = true;
      input.setAttribute("aria-busy", "true");
      alert.textContent = "";
      const want = input.checked;
      try {
        if (want) {
          const note = noteField.value.trim();
          const entry = await api("POST", `/api/lists/${list.id}/entries`,
            note ? { ...target, note } : target);
          saved.set(list.id, entry.id);
          recordSave(list.id, target, entry);
          places += 1;
          status.textContent = `Saved in ${list.name}.`;
        } else {
          await api("DELETE", `/api/lists/${list.id}/entries/${saved.get(list.id)}`);
          saved.delete(list.id);
          recordRemove(list.id, target);
          places = Math.max(0, places - 1);
          status.textContent = `Removed from ${list.name}.`;
        }
        count.textContent = placesText(places);
      } catch (failure) {
        input.checked = !want;
        alert.textContent = `Could not ${want ? "save it in" : "take it out of"} ${list.name}: `
          + sentence(failure.message);
        refreshSaved().catch(() => {});
      } finally {
        sending = false;
        input.removeAttribute("aria-busy");
      }
    });
    return label;
  }

  function newListForm() {
    const input = element("input", { id: "save-new-name", name: "name", autocomplete: "off",
      maxLength: NAME_LIMIT * 4 });
    const [field, error] = labelledField(input, "New list", `1 to ${NAME_LIMIT} characters.`);
    const create = element("button", { type: "submit" }, "Create");
    const form = element("form", { className: "save-new" }, field, create);
    form.setAttribute("aria-label", "Make a list");
    form.addEventListener("input", () => {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      const problem = nameProblem(name);
      const refuse = (message) =>
        showFieldErrors({ name: input }, { name: error }, { name: message });
      if (problem) return refuse(problem);
      create.setAttribute("aria-disabled", "true");
      try {
        const list = await api("POST", "/api/me/lists", { name });
        recordList(list);  // joins the index, which may be this dialog's `lists` itself
        if (!lists.includes(list)) lists.push(list);
        const node = checkbox(list);
        boxes.append(node);
        input.value = "";
        const box = node.querySelector("input");
        box.checked = true;
        box.dispatchEvent(new Event("change"));
        box.focus();
      } catch (failure) {
        refuse(sentence(failure.message));
      } finally {
        create.removeAttribute("aria-disabled");
      }
    });
    return form;
  }

  function noteForm() {
    const input = element("textarea", { id: "save-note", name: "note", rows: 2 });
    const [field, error] = labelledField(input, "Note",
      "Yours, in every list it is saved in (what to order, with whom…).");
    const keep = element("button", { type: "submit" }, "Save note");
    const form = element("form", { className: "save-note" }, field, keep);
    form.setAttribute("aria-label", "The note");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const note = input.value.trim();
      error.textContent = noteProblem(note);
      if (error.textContent) return input.focus();
      if (!saved.size) {
        error.textContent = "Tick a list first: the note goes with the place in it.";
        return;
      }
      try {
        for (const [listId, entryId] of saved) {
          await api("PATCH", `/api/lists/${listId}/entries/${entryId}`, { note });
          recordNote(listId, target, note);
        }
        status.textContent = "Note saved.";
      } catch (failure) {
        error.textContent = `Could not save the note: ${sentence(failure.message)}`;
      }
    });
    return form;
  }
}

/** Closes the dialog, if one is open (a route that leaves the page). */
export function closeSaveDialog() {
  open?.close();
}
