// "Print this photo" on a post's page: the photo's original fetched as a file, uploaded to
// Booster (POST /api/print/files) and handed to the order form, which opens with it.
import { uploadPrintFile } from "./print-kit.js";
import { navigate } from "./router.js";

const PENDING = "booster-pending-files";

/** Uploads `photo` (a post's photo: its `originalURL`) as `name` and opens the order form with it. */
export async function printPhoto(photo, name) {
  const response = await fetch(photo.originalURL, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`the photo cannot be loaded (HTTP ${response.status})`);
  const blob = await response.blob();
  const extension = blob.type === "image/png" ? "png" : "jpg";
  const uploaded = await uploadPrintFile(blob, `${name}.${extension}`);
  sessionStorage.setItem(PENDING, JSON.stringify([uploaded]));
  navigate("/print/order");
}

/** The files uploaded for the order form before it opened (taken: read once). */
export function takePendingFiles() {
  const text = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  try {
    return text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
}
