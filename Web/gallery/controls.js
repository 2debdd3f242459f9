// Live controls generated from an option list ({name, type, min, max, step, value, choices}).

/** Fills `form` with one control per option; calls `onChange(values)` on every edit. */
export function buildControls(form, options, onChange) {
  form.replaceChildren();
  const values = {};
  for (const option of options) {
    values[option.name] = option.value;
    const label = document.createElement("label");
    label.className = "control";
    const name = document.createElement("span");
    name.textContent = option.name;
    const input = inputFor(option);
    input.name = option.name;
    input.dataset.option = option.name;
    const shown = document.createElement("output");
    const show = () => { shown.textContent = option.type === "number" ? input.value : ""; };
    show();
    input.addEventListener("input", () => {
      values[option.name] = readValue(option, input);
      show();
      onChange({ ...values });
    });
    label.append(name, input, shown);
    form.append(label);
  }
  return { ...values };
}

function inputFor(option) {
  if (option.type === "select") {
    const select = document.createElement("select");
    for (const choice of option.choices) select.append(new Option(choice, choice));
    select.value = option.value;
    return select;
  }
  const input = document.createElement("input");
  if (option.type === "bool") {
    input.type = "checkbox";
    input.checked = option.value;
  } else {
    input.type = "range";
    Object.assign(input, { min: option.min, max: option.max, step: option.step });
    input.value = option.value;
  }
  return input;
}

function readValue(option, input) {
  if (option.type === "bool") return input.checked;
  if (option.type === "number") return Number(input.value);
  return input.value;
}
