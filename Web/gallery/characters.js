// The Bounty list of the seed app, and a wanted-poster portrait per character drawn as SVG
// nodes (no external assets, no markup parsed): hair, skin and one signature accessory each.

export const CHARACTERS = [
  { name: "brook", bounty: 33_000_000, hair: "#111", skin: "#f4f1ea", hat: "#222", shirt: "#333" },
  { name: "chopper", bounty: 50, hair: "#8b5a2b", skin: "#c68642", hat: "#e5677e", shirt: "#7a4b2a" },
  { name: "franky", bounty: 44_000_000, hair: "#2f7de1", skin: "#e8b58c", hat: null, shirt: "#e03a3a" },
  { name: "luffy", bounty: 300_000_000, hair: "#1a1a1a", skin: "#f1c27d", hat: "#e8c95a", shirt: "#c8102e" },
  { name: "nami", bounty: 16_000_000, hair: "#f08a24", skin: "#f5cba7", hat: null, shirt: "#2e86c1" },
  { name: "robin", bounty: 80_000_000, hair: "#202030", skin: "#e0b08a", hat: null, shirt: "#6c3483" },
  { name: "sanji", bounty: 77_000_000, hair: "#f4d03f", skin: "#f5cba7", hat: null, shirt: "#1c2833" },
  { name: "zoro", bounty: 120_000_000, hair: "#3fa34d", skin: "#d8a878", hat: null, shirt: "#f2f3f4" },
];

/** The seed's order: highest bounty first. */
export function byBounty() {
  return [...CHARACTERS].sort((a, b) => b.bounty - a.bounty);
}

export const formatBounty = (bounty) => `฿ ${bounty.toLocaleString("en-US")}`;

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (set as attributes, never parsed as markup). */
function svg(tag, attributes, children = []) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** An SVG portrait (viewBox 70 × 100, the poster's 10/7 photo area), built as DOM nodes. */
export function portrait(c) {
  const headwear = c.hat
    ? [
      svg("ellipse", { cx: 35, cy: 31, rx: 26, ry: 6, fill: c.hat }),
      svg("path", { d: "M20 31 Q22 12 35 12 Q48 12 50 31 Z", fill: c.hat }),
      svg("rect", { x: 21, y: 26, width: 28, height: 4, fill: "#a93226" }),
    ]
    : [svg("path", { d: "M18 44 Q16 18 35 16 Q54 18 52 44 Q48 30 35 28 Q22 30 18 44 Z",
      fill: c.hair })];
  const title = svg("text", { x: 35, y: 11, "text-anchor": "middle", "font-size": 9,
    "font-weight": 700, "font-family": "Georgia, serif", fill: "#4a3520" });
  title.textContent = "WANTED";
  return svg("svg", { viewBox: "0 0 70 100", role: "img", "aria-label": `Portrait of ${c.name}` }, [
    svg("rect", { width: 70, height: 100, fill: "#e9dcc0" }),
    title,
    svg("path", { d: "M8 100 Q10 72 35 70 Q60 72 62 100 Z", fill: c.shirt }),
    svg("rect", { x: 30, y: 58, width: 10, height: 14, fill: c.skin }),
    svg("ellipse", { cx: 35, cy: 46, rx: 15, ry: 17, fill: c.skin }),
    svg("circle", { cx: 29, cy: 45, r: 1.8, fill: "#222" }),
    svg("circle", { cx: 41, cy: 45, r: 1.8, fill: "#222" }),
    svg("path", { d: "M29 54 Q35 59 41 54", stroke: "#7b3f20", "stroke-width": 1.6,
      fill: "none" }),
    ...headwear,
    svg("rect", { x: 1, y: 1, width: 68, height: 98, fill: "none", stroke: "#4a3520",
      "stroke-width": 2 }),
  ]);
}
