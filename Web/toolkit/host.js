// What a CollectionView's helpers (keyboard navigation, batch animation, resize anchoring,
// snapping, spatial search) may use of it: a declared interface, handed to each helper, instead
// of the view's own fields. The view builds one (`CollectionView`'s `#host`).

/**
 * @typedef {{section: number, item: number, kind?: "cell"|"header"|"footer"}} IndexPath
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 * @typedef {import("./changeset.js").NormalisedChangeset} NormalisedChangeset
 * @typedef {import("./row.js").Rows} Rows
 */

/**
 * @typedef {object} CollectionViewHost
 * @property {import("./engine-layout.js").EngineLayout|null} layout  the layout shown
 * @property {Rect} bounds  the visible rect in content coordinates
 * @property {{width: number, height: number}} contentSize
 * @property {HTMLElement} scroller  the scrolling element
 * @property {HTMLElement} content  the element holding the cells
 * @property {{items: object[]}[]} sections  the data shown
 * @property {IndexPath|null} focused  the focused item
 * @property {boolean} tracksCentre  the item nearest the centre is the focused one
 * @property {boolean} dragScroll  mouse drags scroll the content
 * @property {() => {rows: Rows, count: number}} rows  the last frame's query rows (a copy)
 * @property {() => Iterable<HTMLElement>} cells  the cells in the DOM for the last frame
 * @property {(section: number, item: number, kind?: string) => HTMLElement|null} cellFor
 * @property {(indexPath: IndexPath, reason: string) => void} setFocused
 * @property {(offset: {x: number, y: number}, animated: boolean) => void} scrollTo
 * @property {() => void} render  lays out and places the cells now
 * @property {(event: Event) => boolean} dispatchEvent
 * @property {(cells: Map<number, HTMLElement>) => void} replaceCells  re-keyed cells after a
 *   batch update (keys from index-path.js `keyOf`)
 * @property {(cell: HTMLElement) => void} recycle  parks a cell in the reuse pool
 * @property {(cell: HTMLElement, indexPath: IndexPath) => void} configure  gives a cell its
 *   index path and content
 * @property {(sections: object[], changeset: NormalisedChangeset) => void} update  shows new
 *   sections, updating the layout incrementally where it can
 */

export {};
