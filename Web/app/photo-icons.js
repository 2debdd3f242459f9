// Small drawings in the text's colour (currentColor), hidden from screen readers (the control
// or the text beside them is named): a carousel's arrows and a cell's "several photos" mark.

const SVG = "http://www.w3.org/2000/svg";

function drawing(className, ...paths) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const d of paths) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** A chevron pointing "left" or "right" (a Previous or Next photo button). */
export function chevron(direction) {
  return drawing("chevron", direction === "left" ? "M15 5 8 12l7 7" : "M9 5l7 7-7 7");
}

/** Two photos stacked: the mark of a post of several photos. */
export function stackedPhotos() {
  return drawing("stacked", "M8 3h11a2 2 0 0 1 2 2v11",
    "M5 7h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z");
}
