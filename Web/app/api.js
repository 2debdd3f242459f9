// The app's one way to call the LOTs API: JSON in and out, same-origin credentials (the
// session cookie), and a failure as an Error carrying the server's message.

/**
 * Sends `method path` with `body` as JSON (if any); resolves to the parsed response (null when
 * empty), or rejects with an Error carrying the server's message (else the HTTP status) and
 * the response's `status`.
 */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method, credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new Error(`${method} ${path}: the server's answer is not JSON`);
  }
  if (!response.ok) {
    throw Object.assign(new Error(json?.error?.message ?? `HTTP ${response.status}`),
      { status: response.status });
  }
  return json;
}

/** One page of a cursor-paged feed: `{items, nextCursor, sequence}`. */
export function fetchPage(path, cursor, limit) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return api("GET", `${path}?${query}`);
}
