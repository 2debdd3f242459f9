// Booster's map: Debian's Leaflet (copied beside the bundle by scripts/build-web), loaded only
// when a page shows a map. No basemap unless the server names a tile URL (GET /api/print/map):
// the campus outlines and main streets come from a static GeoJSON file (Web/print/). Stores
// are `L.marker`s with a unique title and alt, so that each is reachable by keyboard; a
// marker opens a small card (name, distance, queue, a link to the store).
import { api } from "./api.js";
import { element, stylesheet } from "./dom.js";
import { distanceText } from "./print-text.js";

let leaflet = null;

/** Loads Leaflet once (its script defines `window.L`); resolves to `L`. */
export function loadLeaflet() {
  const styled = stylesheet("/dist/leaflet/leaflet.css");
  leaflet ??= Promise.all([styled, new Promise((resolve, reject) => {
    if (window.L) return resolve();
    const script = element("script", { src: "/dist/leaflet/leaflet.js" });
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener("error", () => reject(new Error("the map cannot be loaded")),
      { once: true });
    document.head.append(script);
  })]).then(() => window.L);
  return leaflet;
}

/** The queue of `shop` in words: "No queue", "2 orders (30 pages) ahead". */
export function queueText(shop) {
  if (!shop.queueOrders) return "No queue";
  const orders = shop.queueOrders === 1 ? "1 order" : `${shop.queueOrders} orders`;
  return `${orders} (${shop.queuePages} pages) in the queue`;
}

function card(shop) {
  return element("div", { className: "map-card" },
    element("strong", {}, shop.name),
    element("span", {}, [distanceText(shop.distance), queueText(shop)].filter(Boolean)
      .join(" · ")),
    element("a", { href: `/print/stores/${shop.id}` }, `Go to ${shop.name}`));
}

/**
 * Draws a map of `college` and its `shops` in `container`; resolves to a function that takes it
 * away. `container` should already be in the document (Leaflet measures it).
 */
export async function showMap(container, college, shops) {
  const [L, settings, shapes] = await Promise.all([loadLeaflet(),
    api("GET", "/api/print/map").catch(() => ({})),
    fetch("/print/berlin.geojson").then((r) => r.json()).catch(() => null)]);
  if (!container.isConnected) return () => {};
  const map = L.map(container, { keyboard: true, attributionControl: false,
    zoomSnap: 0.5 });
  // A view first: vector layers added to a map without one fail (Leaflet 1.7).
  // Framed on the college and the shops within a walk of it (all, if none is).
  const near = shops.filter((shop) => shop.distance != null && shop.distance <= 2500);
  const points = (near.length ? near : shops).map((shop) => [shop.latitude, shop.longitude]);
  if (college) points.push([college.latitude, college.longitude]);
  if (points.length) map.fitBounds(L.latLngBounds(points).pad(0.15), { maxZoom: 16 });
  else map.setView([52.515, 13.36], 13);
  if (settings?.tiles) L.tileLayer(settings.tiles, { maxZoom: 19 }).addTo(map);
  if (shapes) {
    L.geoJSON(shapes, { interactive: false, style: (feature) =>
      (feature.properties.kind === "campus" ? { className: "map-campus", weight: 2 }
        : { className: "map-street", weight: 4 }) }).addTo(map);
  }
  const icon = L.icon({ iconUrl: "/dist/leaflet/images/marker-icon.png",
    iconRetinaUrl: "/dist/leaflet/images/marker-icon-2x.png",
    shadowUrl: "/dist/leaflet/images/marker-shadow.png", iconSize: [25, 41],
    iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });
  for (const shop of shops) {
    L.marker([shop.latitude, shop.longitude],
      { icon, title: shop.name, alt: `${shop.name}, on the map`, keyboard: true })
      .bindPopup(() => card(shop)).addTo(map);
  }
  if (college) {
    L.circleMarker([college.latitude, college.longitude], { radius: 7, interactive: false,
      className: "map-college" }).addTo(map);
  }
  return () => map.remove();
}
