// On a demo server (`lots serve --demo`), one line under the header says so: whom to sign in
// as, who moderates, where the shared password is; and while the demo photos are still being
// drawn (the server answers at once, the posts arrive live), how far they are. Nothing on
// other servers (GET /api/demo answers 204). Hidden for good with its button.
import { element } from "./dom.js";

const HIDDEN_KEY = "lots.demo-banner.hidden";
const POLL_MS = 2000;

/** Fetches the demo's description; null on a server without demo content or unreachable. */
async function demoInfo() {
  try {
    const response = await fetch("/api/demo", { credentials: "same-origin" });
    return response.status === 200 ? await response.json() : null;
  } catch {
    return null;
  }
}

/** "ana (moderator), bruno, chen…": the first few names, the moderator marked. */
function accountsText(info) {
  const names = info.accounts.slice(0, 3).map((name) =>
    name === info.moderator ? `${name} (moderator)` : name);
  return names.join(", ") + (info.accounts.length > 3 ? "…" : "");
}

/** Shows the banner after `anchor` when the server is a demo; returns once it knows. */
export async function startDemoBanner(anchor) {
  const info = await demoInfo();
  if (!info) return;
  const progress = element("span", { className: "demo-progress" });
  const hide = element("button", { type: "button", className: "demo-hide" }, "Hide");
  hide.setAttribute("aria-label", "Hide the demo note");
  const banner = element("p", { id: "demo", className: "demo-banner" },
    element("strong", {}, "Demo: "),
    `sign in as ${accountsText(info)} with the password in demo-password.txt ` +
    "(the server's data folder). ",
    progress, hide);
  const status = element("p", { className: "visually-hidden", role: "status" });
  const hidden = localStorage.getItem(HIDDEN_KEY) === "1";
  banner.hidden = hidden;
  hide.addEventListener("click", () => {
    banner.hidden = true;
    localStorage.setItem(HIDDEN_KEY, "1");
    document.getElementById("feed")?.focus?.();
  });
  anchor.after(banner, status);
  let current = info;
  let announced = false;
  while (current.postsReady < current.postsTotal) {
    progress.textContent =
      `Preparing demo photos: ${current.postsReady} of ${current.postsTotal}… `;
    if (!announced) {
      status.textContent = "Preparing demo photos: they appear in the feed as they are ready.";
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = (await demoInfo()) ?? current;
  }
  if (announced) {
    progress.textContent = `All ${current.postsTotal} demo photos are ready. `;
    status.textContent = `All ${current.postsTotal} demo photos are ready.`;
  }
}
