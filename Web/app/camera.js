// LOTs's own camera for the Post form (loaded when "Take photo" is first pressed): a modal
// dialog named "Camera" with a live viewfinder (getUserMedia), a Shutter that keeps the frame
// as a JPEG, then the still with Retake and Use photo; Switch camera (front and back) when the
// device has more than one. Closing it (Close, Escape, Use photo, leaving the page) stops every
// track of the stream, so the camera's light goes out, and gives the focus back to the button
// that opened it. A browser without a camera, or one that may not use it, says so in words and
// offers the file chooser instead (which, on a phone, offers the camera itself).
import { element } from "./dom.js";

const REFUSED = "LOTs may not use the camera: allow it in the browser's settings, or choose a "
  + "photo instead.";
const MISSING = "No camera was found on this device: choose a photo instead.";
/** Why the camera cannot be used, by the name of getUserMedia's refusal. */
const FAILURES = { NotAllowedError: REFUSED, SecurityError: REFUSED, NotFoundError: MISSING,
  OverconstrainedError: MISSING };

/** Why the camera could not start, in words, from getUserMedia's refusal (or nothing at all,
 * when the browser has no camera API here). */
export function cameraProblem(failure) {
  if (!failure) return "This browser cannot use a camera here: choose a photo instead.";
  return FAILURES[failure.name]
    ?? "The camera could not be started (another app may be using it): choose a photo instead.";
}

/** A taken photo's file name, by the local time it was taken: camera-20240501-123045.jpg. */
export function cameraFileName(date = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `camera-${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-`
    + `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}.jpg`;
}

/**
 * Opens the camera in a dialog placed in `within`. `onPhoto(file)` gets the photo taken (a
 * JPEG File); `onChoose()` opens the file chooser instead; `opener` gets the focus back.
 */
export function openCamera({ opener, within, onPhoto, onChoose }) {
  const button = (className, text) => element("button", { type: "button", className }, text);
  const title = element("h2", { id: "camera-title" }, "Camera");
  const close = button("camera-close", "Close");
  const video = element("video", { className: "viewfinder", muted: true, playsInline: true,
    autoplay: true });
  const still = element("canvas", { className: "still", hidden: true });
  still.setAttribute("role", "img");
  still.setAttribute("aria-label", "The photo taken");
  const status = element("p", { className: "camera-status", id: "camera-status",
    role: "status" });
  const switcher = button("camera-switch", "Switch camera");
  switcher.hidden = true;
  const shutter = button("shutter", element("span", { className: "visually-hidden" },
    "Shutter"));
  const retake = button("retake", "Retake");
  const use = button("use-photo", "Use photo");
  const choose = button("camera-choose", "Choose photos");
  choose.setAttribute("aria-describedby", status.id);
  const stage = element("div", { className: "camera-stage" }, video, still);
  const dialog = element("dialog", { className: "camera", id: "camera" },
    element("div", { className: "camera-head" }, title, close), stage, status,
    element("div", { className: "camera-buttons" }, switcher, shutter, retake, use, choose));
  dialog.setAttribute("aria-labelledby", title.id);

  let stream = null;
  let facing = "environment";
  let taken = null;
  let finished = false;
  const stop = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
  };
  /** Shows what the dialog is at: "starting", "live", "still" or "failed". */
  const view = (state) => {
    dialog.classList.toggle("failed", state === "failed");
    stage.hidden = state === "failed";
    video.hidden = state === "still";
    still.hidden = state !== "still";
    shutter.hidden = state === "still" || state === "failed";
    shutter.setAttribute("aria-disabled", String(state !== "live"));
    switcher.setAttribute("aria-disabled", String(state !== "live"));
    if (state === "still" || state === "failed") switcher.hidden = true;
    retake.hidden = use.hidden = state !== "still";
    choose.hidden = state !== "failed";
  };
  const fail = (message) => {
    stop();
    view("failed");
    status.textContent = message;
    choose.focus();
  };
  const start = async () => {
    stop();  // a phone may not open a second camera while the first is on
    view("starting");
    status.textContent = "Starting the camera…";
    if (!navigator.mediaDevices?.getUserMedia) return fail(cameraProblem(null));
    let next;
    try {
      next = await navigator.mediaDevices.getUserMedia({ video: { facingMode: facing },
        audio: false });
    } catch (failure) {
      if (!finished) fail(cameraProblem(failure));
      return;
    }
    if (finished) return next.getTracks().forEach((track) => track.stop());
    stream = next;
    video.srcObject = stream;
    await video.play().catch(() => {});
    const settings = stream.getVideoTracks()[0]?.getSettings?.() ?? {};
    video.classList.toggle("mirrored", settings.facingMode === "user");
    const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
    if (finished) return;
    switcher.hidden = devices.filter((device) => device.kind === "videoinput").length < 2;
    view("live");
    status.textContent = facing === "user" ? "The front camera is on." : "The camera is on.";
  };

  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    removeEventListener("popstate", finish);
    if (dialog.open) dialog.close();
    dialog.remove();
    opener.focus({ preventScroll: true });
  };
  close.addEventListener("click", finish);
  dialog.addEventListener("cancel", (event) => {  // Escape: closed in this task, focus back
    event.preventDefault();
    finish();
  });
  dialog.addEventListener("close", finish);
  addEventListener("popstate", finish);  // the page left under the dialog
  shutter.addEventListener("click", async () => {
    if (shutter.getAttribute("aria-disabled") === "true" || !video.videoWidth) return;
    still.width = video.videoWidth;
    still.height = video.videoHeight;
    still.getContext("2d").drawImage(video, 0, 0);
    view("still");
    status.textContent = "Photo taken: use it, or take another.";
    use.focus();
    taken = new Promise((done) => still.toBlob(done, "image/jpeg", 0.9));
  });
  retake.addEventListener("click", () => {
    taken = null;
    view("live");
    status.textContent = "The camera is on.";
    shutter.focus();
  });
  use.addEventListener("click", async () => {
    const blob = await taken;
    if (!blob || finished) return;
    finish();
    onPhoto(new File([blob], cameraFileName(), { type: "image/jpeg" }));
  });
  switcher.addEventListener("click", () => {
    if (switcher.getAttribute("aria-disabled") === "true") return;
    facing = facing === "user" ? "environment" : "user";
    start();
  });
  choose.addEventListener("click", () => {
    finish();
    onChoose();
  });

  within.append(dialog);
  view("starting");
  dialog.showModal();
  shutter.focus();
  start();
}
