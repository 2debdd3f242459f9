// The Bounty list of the seed app: wanted posters sorted by bounty, highest first, in the
// 2-column grid (height = width × 10/7 + 65, spacings 10). Selecting one opens its detail.
import { CollectionView, loadEngine } from "../toolkit/index.js";
import { byBounty, formatBounty, portrait } from "./characters.js";
import { BountyDetail } from "./bounty-detail.js";

export const BOUNTY_LAYOUT = { kind: "grid", columnCount: 2, aspectRatio: 10 / 7, extraHeight: 65,
  minimumInteritemSpacing: 10, minimumLineSpacing: 10,
  sectionInset: { top: 10, left: 10, bottom: 10, right: 10 } };

const characters = byBounty();
const engine = await loadEngine();
const view = new CollectionView(document.getElementById("list"), {
  createCell() {
    const cell = document.createElement("div");
    cell.className = "poster";
    const part = (tag, className) => Object.assign(document.createElement(tag), { className });
    const caption = part("div", "caption");
    caption.append(part("strong", "name"), part("span", "bounty"));
    cell.append(part("div", "portrait"), caption);
    return cell;
  },
  configureCell(cell, { item }) {
    const c = characters[item];
    cell.querySelector(".portrait").replaceChildren(portrait(c));
    cell.querySelector(".name").textContent = c.name;
    cell.querySelector(".bounty").textContent = formatBounty(c.bounty);
    cell.setAttribute("aria-label", `${c.name}, bounty ${c.bounty.toLocaleString("en-US")}`);
  },
}, { label: "Wanted posters" });
const items = characters.map(() => ({ width: 7, height: 10 }));
const layout = engine.layout(BOUNTY_LAYOUT);
view.setLayout(layout, [{ items }]);

const detail = new BountyDetail(document.getElementById("detail"));
view.addEventListener("select", (event) => {
  const opener = view.cellFor(0, event.detail.item);
  detail.open(characters[event.detail.item], opener);
});

window.bounty = { engine, view, layout, characters, detail };
document.documentElement.dataset.ready = "true";
