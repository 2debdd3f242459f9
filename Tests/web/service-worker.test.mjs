// The service worker (Web/sw.js) and sign-out (Web/app/offline.js forgetUser): nothing of the
// reader's is left in the cache after they sign out, not even a response of theirs that comes in
// while they do. The worker runs in a vm context, as the server serves it (two constants before
// the file's text), against a fake Cache API and a network the test answers by hand, so each
// race happens in the order the test says.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import test from "node:test";
import vm from "node:vm";

import { forgetUser } from "../../Web/app/offline.js";

const ORIGIN = "https://lots.test";
const USER_CACHE = "lots-user";
const source = await readFile(new URL("../../Web/sw.js", import.meta.url), "utf8");

/**
 * The Cache API as the spec has it: a Cache object stays bound to its entries, and deleting a
 * name drops the name only, so a write through a Cache opened before goes where no name reaches.
 * With `resurrect`, such a write makes the name again: what the worker does must not depend on
 * which a browser does. `holdPut` makes a write wait until the test lets it go.
 */
class FakeCaches {
  #named = new Map();
  #held = new Map();

  constructor({ resurrect = false } = {}) {
    this.resurrect = resurrect;
  }

  async open(name) {
    if (!this.#named.has(name)) this.#named.set(name, new Map());
    return new FakeCache(this, name, this.#named.get(name));
  }

  async delete(name) { return this.#named.delete(name); }
  async has(name) { return this.#named.has(name); }
  async keys() { return [...this.#named.keys()]; }

  async match(request, { cacheName } = {}) {
    return this.#named.get(cacheName)?.get(href(request))?.clone();
  }

  /** The paths cached under `name`, or null when there is no such cache. */
  paths(name) {
    const entries = this.#named.get(name);
    return entries ? [...entries.keys()].map((url) => new URL(url).pathname) : null;
  }

  /** Makes writes of `path` wait; the returned function lets them go. */
  holdPut(path) {
    let release;
    this.#held.set(href(path), new Promise((resolve) => { release = resolve; }));
    return release;
  }

  async written(name, entries, url, response) {
    await this.#held.get(url);
    if (this.resurrect && !this.#named.has(name)) this.#named.set(name, entries);
    entries.set(url, response);
  }
}

class FakeCache {
  #storage;
  #name;
  #entries;

  constructor(storage, name, entries) {
    this.#storage = storage;
    this.#name = name;
    this.#entries = entries;
  }

  async match(request) { return this.#entries.get(href(request))?.clone(); }
  async put(request, response) {
    await this.#storage.written(this.#name, this.#entries, href(request), response);
  }
  async keys() { return [...this.#entries.keys()].map((url) => new Request(url)); }
  async delete(request) { return this.#entries.delete(href(request)); }
  async addAll() {}
}

const href = (request) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;

/** A network whose requests wait until `answer(path)`; `asked` lists the paths fetched. */
function fakeNetwork() {
  const waiting = [];
  const asked = [];
  return {
    asked,
    fetch(request) {
      const path = new URL(request.url).pathname;
      asked.push(path);
      return new Promise((resolve) => waiting.push({ path, resolve }));
    },
    answer(path) {
      const index = waiting.findIndex((request) => request.path === path);
      assert.ok(index >= 0, `${path} was asked for`);
      waiting.splice(index, 1)[0].resolve(new Response(`the body of ${path}`, { status: 200 }));
    },
  };
}

/** Sw.js as the server serves it, in a context of its own; returns how to send it events. */
function startWorker(caches, network) {
  const listeners = new Map();
  const self = {
    addEventListener: (type, listener) => listeners.set(type, listener),
    skipWaiting() {},
    clients: { claim() {} },
  };
  const context = vm.createContext({
    self, caches, fetch: network.fetch, location: new URL(ORIGIN), URL, Request, Response,
    Headers, console,
  });
  vm.runInContext(`const VERSION = "test";\nconst SHELL = ["/"];\n${source}`, context,
    { filename: "sw.js" });
  return {
    /** A GET of `path` from the page; resolves to the worker's response. */
    fetch(path) {
      let answer = null;
      listeners.get("fetch")({
        request: new Request(ORIGIN + path),
        respondWith(response) { answer = response; },
      });
      assert.ok(answer, `the worker answers ${path}`);
      return Promise.resolve(answer);
    },
    /** A message from the page; resolves once the worker is done with it. */
    message(data, ports = []) {
      let done = Promise.resolve();
      listeners.get("message")?.({ data, ports, waitUntil(promise) { done = promise; } });
      return done;
    },
  };
}

/** The page's side: the same caches, and `worker` as the registration's active worker. */
function page(caches, worker) {
  globalThis.caches = caches;
  Object.defineProperty(globalThis, "navigator", {
    configurable: true, writable: true,
    value: {
      serviceWorker: {
        getRegistration: async () => ({ active: { postMessage: worker.message } }),
      },
    },
  });
}

/** Lets every callback already due run (promise reactions and the vm's alike). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

test("a feed page asked for before sign-out and answered after is not kept", async () => {
  const caches = new FakeCaches();
  const network = fakeNetwork();
  const worker = startWorker(caches, network);
  page(caches, worker);
  const me = worker.fetch("/api/me");

  await forgetUser();
  network.answer("/api/me");
  assert.equal((await me).status, 200, "the page still gets its answer");
  await settle();

  assert.equal(caches.paths(USER_CACHE), null, "no cache made again, no /api/me in it");
});

test("a photo asked for between the page's delete and the worker's is not kept", async () => {
  // Given the page has deleted the reader's cache, and a photo of their feed, still on
  // screen, reaches the worker before the page's message does,
  const caches = new FakeCaches();
  const network = fakeNetwork();
  const worker = startWorker(caches, network);
  await caches.delete(USER_CACHE);
  const photo = worker.fetch("/images/ab12.jpg");
  await settle();

  // when the message comes and then the photo,
  await worker.message("forget-user");
  network.answer("/images/ab12.jpg");
  assert.equal((await photo).status, 200);
  await settle();

  // then the photo is not in a cache made again.
  assert.equal(caches.paths(USER_CACHE), null);
});

for (const resurrect of [false, true]) {
  test(`sign-out waits for a photo write under way, then deletes (resurrect: ${resurrect})`,
    async () => {
      const caches = new FakeCaches({ resurrect });
      const network = fakeNetwork();
      const worker = startWorker(caches, network);
      page(caches, worker);
      const releasePhoto = caches.holdPut("/images/cd34.jpg");
      const releaseMe = caches.holdPut("/api/me");
      const photo = worker.fetch("/images/cd34.jpg");
      const me = worker.fetch("/api/me");
      await settle();
      network.answer("/images/cd34.jpg");
      await settle();

      let signedOut = false;
      const signingOut = forgetUser().then(() => { signedOut = true; });
      await settle();
      assert.equal(signedOut, false, "sign-out waits while the write is under way");
      network.answer("/api/me");  // meanwhile, and written after the worker's delete if at all
      await me;
      await settle();
      releasePhoto();
      await signingOut;
      assert.equal((await photo).status, 200);
      releaseMe();
      await settle();

      assert.equal(caches.paths(USER_CACHE), null, "the write did not outlive sign-out");
    });
}

test("after sign-out the next reader's feed and photos are kept, photos read from the cache",
  async () => {
    const caches = new FakeCaches();
    const network = fakeNetwork();
    const worker = startWorker(caches, network);
    page(caches, worker);
    await forgetUser();

    const feed = worker.fetch("/api/feed");
    const photo = worker.fetch("/images/ef56.jpg");
    await settle();
    network.answer("/api/feed");
    network.answer("/images/ef56.jpg");
    await Promise.all([feed, photo]);
    await settle();
    assert.deepEqual(caches.paths(USER_CACHE)?.sort(), ["/api/feed", "/images/ef56.jpg"]);

    const again = await worker.fetch("/images/ef56.jpg");
    assert.equal(await again.text(), "the body of /images/ef56.jpg");
    assert.deepEqual(network.asked, ["/api/feed", "/images/ef56.jpg"], "not fetched again");
  });

test("without a service worker, sign-out deletes the cache itself", async () => {
  const caches = new FakeCaches();
  await (await caches.open(USER_CACHE)).put("/api/me", new Response("me"));
  globalThis.caches = caches;
  Object.defineProperty(globalThis, "navigator", { configurable: true, writable: true,
    value: {} });

  await forgetUser();

  assert.equal(caches.paths(USER_CACHE), null);
});
