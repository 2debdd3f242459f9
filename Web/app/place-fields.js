// The place and day fields a post's forms share (the Post page and the author's edit): the
// Restaurant type-ahead with its Area, shown only beside a new restaurant's name (a picked
// restaurant has its own), and the Meal date, checked as it changes.
import { mealDateProblem } from "./compose-rules.js";
import { restaurantPicker } from "./restaurant-picker.js";

/**
 * Wires `fields.restaurant`, `fields.area` and `fields.mealDate` (inputs inside their
 * `.field`s, `errors.mealDate` the date's error paragraph). Returns the picker, `showArea()`
 * to call after the picker changed by other means, and `area()`: the Area's value, or "" while
 * it is hidden.
 */
export function placeFields(fields, errors) {
  const areaField = fields.area.closest(".field");
  const showArea = () => {
    areaField.hidden = Boolean(picker.picked()) || !fields.restaurant.value.trim();
  };
  const picker = restaurantPicker(fields.restaurant, { onPick: showArea });
  fields.restaurant.closest(".combobox").after(...picker.note);
  fields.restaurant.addEventListener("input", showArea);
  showArea();
  fields.mealDate.addEventListener("change", () => {
    const problem = fields.mealDate.value && mealDateProblem(fields.mealDate.value);
    errors.mealDate.textContent = problem ?? "";
    fields.mealDate.setAttribute("aria-invalid", String(Boolean(problem)));
  });
  return { picker, showArea, area: () => (areaField.hidden ? "" : fields.area.value) };
}
