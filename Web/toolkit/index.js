// The toolkit's public surface: pages import from here only, never from a file inside the
// toolkit, so that the files behind it can change.

export { ELEMENT_KINDS, KIND, LIVE_OPERATION, MOVEMENT_DIRECTION, OPTIONS, ROW } from "./abi.js";
export { loadEngine, Engine } from "./engine.js";
export { EngineLayout } from "./engine-layout.js";
export { EngineMovement } from "./engine-movement.js";
export { EngineLiveList } from "./live-list.js";
export { CollectionView } from "./collection-view.js";
export { DragReorder } from "./drag-reorder.js";
export { applyPlan, planUpdates, shapeOf } from "./engine-updates.js";
export { VelocityTracker } from "./velocity.js";
export { appliedFrame, applyAttributes, forgetAttributes } from "./cell-style.js";
export { rowOf } from "./row.js";
export { indexPathOf } from "./cell-state.js";
