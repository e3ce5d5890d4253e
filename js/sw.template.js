// Service worker: precaches the whole game on the first visit so later visits
// work offline. tools/vendor.py writes ./sw.js from this template, filling in
// the file list and a version derived from the files' contents, so every
// build that changes a file is a new worker with a new cache name.
"use strict";

// `self` as what it is here: the lib's types cannot tell which kind of worker a script is in.
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const CACHE = "pyminesweeper-" + VERSION;
const FILES = __FILES__;
// The files kept once fetched, not at install: each language's words (tools/vendor.py's
// ON_DEMAND); a visit fetches its own language's alone.
const ON_DEMAND = /\/vendor\/(locale|words)\/[^/]+$/;

// The runtime's WebAssembly, compiled once here when it is kept: Chromium keeps the
// compiled code for later visits when a page or this worker compiles it, not when the
// game's own worker does (which then compiles all of it again at every visit, though it
// uses the code kept). Compiled here, on the service worker's thread, it costs the page
// nothing and shortens the next visit's start (docs/decisions/memory-snapshot.md).
const RUNTIME = FILES.find((url) => url.endsWith(".wasm"));

// The page as this visit fetched it: its address may carry a game's parameters
// (?preset=expert), under which the browser keeps it apart from "./", the same file.
async function visited() {
  const page = new URL("./", worker.location.href).href;
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.map((client) => client.url).find((url) => url.split(/[?#]/)[0] === page);
}

/**
 * Keep the page under "./" from *url*, the address this visit fetched it from.
 * @param {Cache} cache
 * @param {string} url
 */
async function keepPage(cache, url) {
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await cache.put("./", response);
}

worker.addEventListener("install", (event) => {
  // Every file as the server has it now, never a stale copy: "no-cache" asks the
  // server whether the copy the page just downloaded is current (a 304 sends no
  // body), so a first visit downloads the runtime once, not twice; the page too,
  // asked for at the address it was visited from.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      visited()
        .then((url) => Promise.all([
          keepPage(cache, url || "./"),
          cache.addAll(FILES.filter((file) => file !== "./")
            .map((file) => new Request(file, { cache: "no-cache" }))),
        ]))
        .then(() => (RUNTIME ? cache.match(RUNTIME) : Promise.resolve(undefined))
          .then((response) => response && WebAssembly.compileStreaming(response))
          // Without a compiled copy the game still starts: it compiles the runtime itself.
          .catch(() => {}))
    )
  );
});

worker.addEventListener("activate", (event) => {
  // Old versions' caches go once this one is in charge.
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("pyminesweeper-") && key !== CACHE)
          .map((key) => caches.delete(key))
      ))
      .then(() => worker.clients.claim())
  );
});

worker.addEventListener("message", (event) => {
  // The page asks a waiting update to take over, between games.
  if (event.data === "skip-waiting") worker.skipWaiting();
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  const navigation = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      // The page's URL parameters choose a game; every one is the same index.html.
      cache.match(navigation ? "./" : request, { ignoreSearch: navigation })
        .then((cached) => cached || fetch(request).then((response) => {
          // A language's words, fetched for the first time: kept for the visits offline.
          if (response.ok && ON_DEMAND.test(new URL(request.url).pathname)) {
            cache.put(request, response.clone());
          }
          return response;
        }))
    )
  );
});
