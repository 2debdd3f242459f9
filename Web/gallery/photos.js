// Placeholder "photos" for the gallery: sizes from a fixed-seed generator and coloured tiles
// that show their index. No network images: the gallery is about geometry.

/**
 * `count` photo sizes with aspect ratios from 0.5 to 2, from the same 64-bit LCG as the Swift
 * benchmarks (Sources/Benchmarks/LayoutBenchmarks.swift), so browser and native lay out the
 * same items.
 */
export function photoSizes(count, firstId = 0) {
  const items = new Array(count);
  let state = 42n;
  const mask = (1n << 64n) - 1n;
  for (let i = 0; i < count; i++) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & mask;
    const ratio = 0.5 + Number(state >> 40n) / 2 ** 24 * 1.5;
    items[i] = { id: firstId + i, width: 1000, height: 1000 * ratio };
  }
  return items;
}

/** Splits items into `count` sections of nearly equal size. */
export function sectioned(items, count, headerHeight) {
  const sections = [];
  const per = Math.ceil(items.length / Math.max(1, count));
  for (let s = 0; s < Math.max(1, count); s++) {
    const section = { items: items.slice(s * per, (s + 1) * per) };
    if (headerHeight !== undefined) section.headerHeight = headerHeight;
    sections.push(section);
  }
  return sections;
}

/** A data source drawing coloured tiles: colour from the item's id, label from its index. */
export function tileDataSource(getSections) {
  return {
    createCell(identifier) {
      const cell = document.createElement("div");
      cell.className = identifier === "cell" ? "tile" : "section-header";
      cell.append(document.createElement("span"));
      return cell;
    },
    configureCell(cell, { section, item, kind }) {
      if (kind !== "cell") {
        cell.firstChild.textContent = `Section ${section + 1}`;
        return;
      }
      const data = getSections()[section].items[item];
      // The golden angle spreads neighbouring ids around the colour wheel.
      cell.style.backgroundColor = `hsl(${(data.id * 137.508) % 360} 65% 72%)`;
      cell.firstChild.textContent = String(item);
      cell.setAttribute("aria-label", `Photo ${item + 1}`);
    },
  };
}
