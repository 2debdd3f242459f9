// The layout gallery: every layout the engine knows, with live controls for its options, the
// item count (up to 100,000), sections, right-to-left, animated batch updates and, for the
// stack, swipe-to-delete, and for the vertical layouts, drag-and-drop reordering ("Reorder":
// pointer or Space, arrows, Space). `window.gallery` exposes the live objects to the browser
// tests.
import { CollectionView, DragReorder, loadEngine } from "../toolkit/index.js";
import { LAYOUTS, availableKinds, layoutOptions } from "./layouts.js";
import { buildControls } from "./controls.js";
import { photoSizes, sectioned, tileDataSource } from "./photos.js";
import { batchDemo } from "./batch-demo.js";
import { SwipeToDelete } from "./swipe-to-delete.js";

const $ = (id) => document.getElementById(id);
const engine = await loadEngine();
const kinds = availableKinds(engine);
const state = { kind: "waterfall", values: {}, count: 1000, sectionCount: 1, rtl: false,
  sections: [], nextId: 0 };
const view = new CollectionView($("view"), tileDataSource(() => state.sections),
  { label: "Photos" });
const swipe = new SwipeToDelete(view, (changeset, sections) => {
  state.sections = sections;
  return view.performBatchUpdates(changeset, sections);
});

// The gallery keeps every drop: the page's own list is the new order.
const reorder = new DragReorder(view, { onMove: ({ sections }) => { state.sections = sections; } });

function rebuild() {
  const previous = view.layout;
  const spec = LAYOUTS[state.kind];
  $("reorder").disabled = !spec.reorders;
  reorder.enabled = $("reorder").checked && Boolean(spec.reorders);
  view.direction = state.rtl ? "rtl" : "ltr";
  view.tracksCentre = spec.scrollDriven;
  view.dragScroll = spec.scrollDriven || Boolean(spec.dragScroll);
  swipe.enabled = Boolean(spec.swipeToDelete);
  $("view").dataset.kind = state.kind;
  view.setLayout(engine.layout(layoutOptions(state.kind, state.values)), state.sections);
  previous?.destroy();
}

function regenerate() {
  state.nextId = state.count;
  state.sections = sectioned(photoSizes(state.count), state.sectionCount);
  rebuild();
}

function setKind(kind) {
  state.kind = kind;
  $("kind").value = kind;
  state.values = buildControls($("options"), LAYOUTS[kind].options, (values) => {
    state.values = values;
    rebuild();
  });
  rebuild();
}

function setCount(count) {
  state.count = Math.max(0, Math.min(100_000, Math.floor(count) || 0));
  $("count").value = state.count;
  regenerate();
}

for (const kind of kinds) $("kind").append(new Option(LAYOUTS[kind].title, kind));
const missing = Object.keys(LAYOUTS).filter((kind) => !kinds.includes(kind));
if (missing.length) $("missing").textContent = `Not in this engine build yet: ${missing.join(", ")}.`;
$("kind").addEventListener("change", () => setKind($("kind").value));
$("count").addEventListener("change", () => setCount(Number($("count").value)));
$("sections").addEventListener("change", () => {
  state.sectionCount = Math.max(1, Math.min(20, Number($("sections").value) || 1));
  regenerate();
});
$("reorder").addEventListener("change", () => {
  reorder.enabled = $("reorder").checked && Boolean(LAYOUTS[state.kind].reorders);
});
$("rtl").addEventListener("change", () => {
  state.rtl = $("rtl").checked;
  rebuild();
});
batchDemo(view, state, { insert: $("insert"), delete: $("delete"), move: $("move") });
view.addEventListener("render", () => {
  $("status").textContent = `${view.itemCount.toLocaleString("en")} items · ` +
    `${view.content.childElementCount} DOM cells · ${Math.round(view.contentSize.height)} px tall`;
});

const params = new URLSearchParams(location.search);
state.count = Number(params.get("count") ?? state.count);
$("count").value = state.count;
state.nextId = state.count;
state.sections = sectioned(photoSizes(state.count), state.sectionCount);
setKind(kinds.includes(params.get("kind")) ? params.get("kind") : "waterfall");
window.gallery = { engine, view, reorder, state, kinds, setKind, setCount, rebuild, ready: true };
document.documentElement.dataset.ready = "true";
